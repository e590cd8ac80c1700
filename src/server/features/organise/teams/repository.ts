import { and, asc, count, eq, exists, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { notifyContentChanged } from '../../season/content-cache';
import { activeWeeks, players, salesTeams, teams } from '../../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
export type SalesTeamRow = typeof salesTeams.$inferSelect;

export async function listTeams(db: Database): Promise<TeamRow[]> {
  return db.select().from(teams).orderBy(asc(teams.name));
}

export async function listSalesTeams(db: Database, teamId?: number): Promise<SalesTeamRow[]> {
  return db
    .select()
    .from(salesTeams)
    .where(teamId === undefined ? undefined : eq(salesTeams.teamId, teamId))
    .orderBy(asc(salesTeams.name));
}

/** Registered players per team and sales team. */
export async function countPlayers(db: Database, teamId?: number) {
  return db
    .select({ teamId: players.teamId, salesTeamId: players.salesTeamId, players: count() })
    .from(players)
    .where(
      and(
        isNotNull(players.registeredAt),
        teamId === undefined ? undefined : eq(players.teamId, teamId),
      ),
    )
    .groupBy(players.teamId, players.salesTeamId);
}

/** The team, locked for the rest of the transaction. */
export async function lockTeam(db: Database, id: number): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).for('update');
  return row;
}

/** Another team with this name (any case) or code. */
export async function findTeamClash(
  db: Database,
  clash: { name: string; code?: string; exceptId?: number },
): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(
      and(
        clash.code === undefined
          ? sql`lower(${teams.name}) = lower(${clash.name})`
          : sql`(lower(${teams.name}) = lower(${clash.name}) or ${teams.code} = ${clash.code})`,
        clash.exceptId === undefined ? undefined : ne(teams.id, clash.exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertTeam(
  db: Database,
  values: Omit<typeof teams.$inferInsert, 'id'>,
): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  await notifyContentChanged(db);
  return row!;
}

export async function updateTeam(
  db: Database,
  id: number,
  values: Pick<TeamRow, 'name' | 'flag' | 'region' | 'timeZone'>,
): Promise<void> {
  await db.update(teams).set(values).where(eq(teams.id, id));
  await notifyContentChanged(db);
}

export async function findSalesTeamForUpdate(
  db: Database,
  id: number,
): Promise<SalesTeamRow | undefined> {
  const [row] = await db.select().from(salesTeams).where(eq(salesTeams.id, id)).for('update');
  return row;
}

export async function insertSalesTeam(db: Database, teamId: number, name: string) {
  const [row] = await db.insert(salesTeams).values({ teamId, name }).returning();
  await notifyContentChanged(db);
  return row!;
}

export async function renameSalesTeam(db: Database, id: number, name: string): Promise<void> {
  await db.update(salesTeams).set({ name }).where(eq(salesTeams.id, id));
  await notifyContentChanged(db);
}

export async function deleteSalesTeam(db: Database, id: number): Promise<void> {
  await db.delete(salesTeams).where(eq(salesTeams.id, id));
  await notifyContentChanged(db);
}

/** Players (registered or not) who chose this sales team. */
/**
 * The players who chose the sales team: now, or in any season (its per-season marker, which a
 * past season's export reads, ADR 0039).
 */
export async function countSalesTeamPlayers(db: Database, id: number): Promise<number> {
  const inASeason = db
    .select({ one: sql`1` })
    .from(activeWeeks)
    .where(and(eq(activeWeeks.playerId, players.id), eq(activeWeeks.salesTeamId, id)));
  const [row] = await db
    .select({ n: count() })
    .from(players)
    .where(or(eq(players.salesTeamId, id), exists(inASeason)));
  return row!.n;
}
