import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { notifyPlayerChanged } from '../../../auth/session-channel';
import type { Database } from '../../../db/client';
import { attempts, players, salesTeams, teams, timeRequests } from '../../../db/schema';

/** A player with their team and sales team, as organiser lists show them. */
const summaryColumns = {
  player: players,
  team: { id: teams.id, name: teams.name, flag: teams.flag, timeZone: teams.timeZone },
  salesTeam: { id: salesTeams.id, name: salesTeams.name },
};
export type PlayerWithTeam = {
  player: typeof players.$inferSelect;
  team: { id: number; name: string; flag: string; timeZone: string } | null;
  salesTeam: { id: number; name: string } | null;
};

const withTeams = (db: Database) =>
  db
    .select(summaryColumns)
    .from(players)
    .leftJoin(teams, eq(teams.id, players.teamId))
    .leftJoin(salesTeams, eq(salesTeams.id, players.salesTeamId));

/** Name for sorting: the full name, else given and family names, else the email. */
export const sortName = sql`lower(coalesce(${players.name}, concat_ws(' ', ${players.givenName}, ${players.familyName}), ${players.email}, ''))`;

/** A LIKE pattern that matches `text` literally anywhere. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function searchPlayers(
  db: Database,
  filter: { q?: string | undefined; teamId?: number | undefined; withoutEmail?: boolean },
  offset: number,
  limit: number,
): Promise<{ total: number; rows: PlayerWithTeam[] }> {
  // An erased player is an anonymous row (ADR 0038), not a person to find.
  const conditions: SQL[] = [isNull(players.erasedAt)];
  if (filter.q) {
    const pattern = containing(filter.q);
    conditions.push(
      or(
        ilike(players.name, pattern),
        ilike(players.givenName, pattern),
        ilike(players.familyName, pattern),
        ilike(players.email, pattern),
      )!,
    );
  }
  if (filter.teamId !== undefined) conditions.push(eq(players.teamId, filter.teamId));
  if (filter.withoutEmail) conditions.push(isNull(players.email));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    withTeams(db).where(where).orderBy(sortName, asc(players.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(players).where(where),
  ]);
  return { total: total!.n, rows };
}

export async function findPlayerWithTeam(
  db: Database,
  id: string,
): Promise<PlayerWithTeam | undefined> {
  const [row] = await withTeams(db).where(eq(players.id, id));
  return row;
}

/** The player, locked for the rest of the transaction. */
export async function lockPlayer(db: Database, id: string) {
  const [row] = await db.select().from(players).where(eq(players.id, id)).for('update');
  return row;
}

export async function setPlayerTeam(
  db: Database,
  id: string,
  values: { teamId: number; salesTeamId: number | null; teamSince?: Date; updatedAt: Date },
): Promise<void> {
  await db.update(players).set(values).where(eq(players.id, id));
  await notifyPlayerChanged(db, id);
}

/** The player's attempts of a season, with the team each counts for. */
export async function findPlayerAttempts(db: Database, playerId: string, seasonId: string) {
  return db
    .select({ attempt: attempts, teamName: teams.name })
    .from(attempts)
    .innerJoin(teams, eq(teams.id, attempts.teamId))
    .where(and(eq(attempts.playerId, playerId), eq(attempts.seasonId, seasonId)))
    .orderBy(asc(attempts.setNum));
}

/** The open requests for more time, oldest first, with their players (ADR 0037). */
export async function findOpenTimeRequests(db: Database) {
  return db
    .select({ ...summaryColumns, request: timeRequests })
    .from(timeRequests)
    .innerJoin(players, eq(players.id, timeRequests.playerId))
    .leftJoin(teams, eq(teams.id, players.teamId))
    .leftJoin(salesTeams, eq(salesTeams.id, players.salesTeamId))
    .where(eq(timeRequests.status, 'open'))
    .orderBy(asc(timeRequests.requestedAt), asc(players.id));
}
