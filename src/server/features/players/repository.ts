import { and, eq, isNull, sql } from 'drizzle-orm';
import { notifyPlayerChanged } from '../../auth/session-channel';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { activeWeeks, players, salesTeams, teams } from '../../db/schema';
import { memoised } from '../season/content-cache';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  locale: string | null;
  zoneinfo: string | null;
}

export type PlayerRow = typeof players.$inferSelect;

/**
 * Creates the player on first sign-in; later sign-ins refresh the claims and the organiser
 * role (the player's other sessions see them at once). Returns the id.
 */
export async function upsertPlayerFromClaims(
  db: Database,
  claims: IdentityClaims,
  organiser: boolean,
  now: Date,
): Promise<string> {
  const values = {
    oidcIssuer: claims.issuer,
    oidcSubject: claims.subject,
    email: claims.email,
    name: claims.name,
    givenName: claims.givenName,
    familyName: claims.familyName,
    locale: claims.locale,
    zoneinfo: claims.zoneinfo,
    organiser,
    lastSignInAt: now,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(players)
      .values(values)
      .onConflictDoUpdate({
        target: [players.oidcIssuer, players.oidcSubject],
        set: {
          email: sql`excluded.email`,
          name: sql`excluded.name`,
          givenName: sql`excluded.given_name`,
          familyName: sql`excluded.family_name`,
          locale: sql`excluded.locale`,
          zoneinfo: sql`excluded.zoneinfo`,
          organiser,
          lastSignInAt: now,
          updatedAt: now,
        },
      })
      .returning({ id: players.id });
    await notifyPlayerChanged(tx, row!.id);
    return row!.id;
  });
}

export async function findPlayerById(db: Database, id: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  return row;
}

/** The player, locked for the rest of the transaction (ADR 0015). */
export async function lockPlayer(db: Database, id: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.id, id)).for('update');
  return row;
}

/** The player's team and sales team, if any; memoised per instance (content-cache.ts). */
export async function findPlayerTeam(db: Database, player: PlayerRow) {
  const { teamId, salesTeamId } = player;
  if (teamId === null) return { team: null, salesTeam: null };
  return memoised(db, `team:${teamId}:${salesTeamId}`, async () => {
    const [row] = await db
      .select({ team: teams, salesTeam: salesTeams })
      .from(teams)
      .leftJoin(
        salesTeams,
        and(eq(salesTeams.id, sql`${salesTeamId}`), eq(salesTeams.teamId, teams.id)),
      )
      .where(eq(teams.id, teamId));
    return { team: row?.team ?? null, salesTeam: row?.salesTeam ?? null };
  });
}

/**
 * The signed-in player's active weeks of a season, as the session knows them (memoised with
 * it, auth/service.ts); what `findActiveWeeks` reads.
 */
export type ActiveWeeksOf = (seasonId: string) => Promise<boolean[]>;

// Prepared (db/prepared.ts): read once per session and instance, by every player of the week.
const activeWeeksQuery = prepared('players_active_weeks', (db) =>
  db
    .select()
    .from(activeWeeks)
    .where(
      and(
        eq(activeWeeks.playerId, sql.placeholder('playerId')),
        eq(activeWeeks.seasonId, sql.placeholder('seasonId')),
      ),
    ),
);

/** week_1..week_6 for a season; all active when the player never saved them. */
export async function findActiveWeeks(
  db: Database,
  playerId: string,
  seasonId: string,
): Promise<boolean[]> {
  const [row] = await activeWeeksQuery(db, { playerId, seasonId });
  return row
    ? [row.week1, row.week2, row.week3, row.week4, row.week5, row.week6]
    : [true, true, true, true, true, true];
}

export async function saveActiveWeeks(
  db: Database,
  playerId: string,
  seasonId: string,
  flags: boolean[],
  now: Date,
  options: {
    /** At registration: the per-season registration marker (ADR 0039). */
    registering?: boolean;
    /** The team and sales team chosen for this season (kept per season, ADR 0039). */
    choice?: SeasonTeams;
  } = {},
) {
  const { registering = false, choice } = options;
  const [week1, week2, week3, week4, week5, week6] = flags as [
    boolean,
    boolean,
    boolean,
    boolean,
    boolean,
    boolean,
  ];
  const values = {
    week1,
    week2,
    week3,
    week4,
    week5,
    week6,
    updatedAt: now,
    ...(registering ? { registeredAt: now } : {}),
    ...(choice ? { teamId: choice.teamId, salesTeamId: choice.salesTeamId } : {}),
  };
  await db
    .insert(activeWeeks)
    .values({ playerId, seasonId, ...values })
    .onConflictDoUpdate({ target: [activeWeeks.playerId, activeWeeks.seasonId], set: values });
  // The sessions memoise them: every instance forgets the player's.
  await notifyPlayerChanged(db, playerId);
}

export interface SeasonTeams {
  teamId: number;
  salesTeamId: number | null;
}

/**
 * The team and sales team a player has in a season, on its per-season marker (ADR 0039):
 * written at each change, so that a past season keeps the ones it was played with.
 */
export async function keepSeasonTeams(
  db: Database,
  playerId: string,
  seasonId: string,
  choice: SeasonTeams,
  now: Date,
): Promise<void> {
  const values = { teamId: choice.teamId, salesTeamId: choice.salesTeamId, updatedAt: now };
  await db
    .insert(activeWeeks)
    .values({ playerId, seasonId, ...values })
    .onConflictDoUpdate({ target: [activeWeeks.playerId, activeWeeks.seasonId], set: values });
}

/**
 * Saves language, team and sales team. With `firstRegistration`, only a player not registered
 * yet is updated (so that two concurrent registrations record one); returns whether a row changed.
 */
export async function saveProfile(
  db: Database,
  playerId: string,
  profile: { language: string; teamId: number; salesTeamId: number | null; teamSince?: Date },
  now: Date,
  firstRegistration: boolean,
): Promise<boolean> {
  const updated = await db
    .update(players)
    .set({ ...profile, updatedAt: now, ...(firstRegistration ? { registeredAt: now } : {}) })
    .where(
      firstRegistration
        ? and(eq(players.id, playerId), isNull(players.registeredAt))
        : eq(players.id, playerId),
    )
    .returning({ id: players.id });
  if (updated.length === 1) await notifyPlayerChanged(db, playerId);
  return updated.length === 1;
}
