import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, languages, salesTeams, seasons, teams, weeks } from '../../db/schema';
import { memoised } from './content-cache';
import { sideBySide } from '../../db/side-by-side';

export type SeasonRow = typeof seasons.$inferSelect;
export type WeekRow = typeof weeks.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

export interface CurrentSeason {
  season: SeasonRow;
  events: EventRow[];
  weeks: WeekRow[];
}

/** Memoised per instance until the calendar changes (content-cache.ts). */
export async function findCurrentSeason(db: Database): Promise<CurrentSeason | null> {
  const found = await memoised(db, 'current-season', async () => ({
    current: await loadCurrentSeason(db),
  }));
  return found.current;
}

/**
 * Whether the hall of fame has a season to show: an archived season with its frozen results
 * (ADR 0039). Memoised like the current season: an archive makes another season current, which
 * tells every instance.
 */
export async function hallOfFameExists(db: Database): Promise<boolean> {
  const found = await memoised(db, 'hall-of-fame-exists', async () => {
    const [row] = await db
      .select({ id: seasons.id })
      .from(seasons)
      .where(and(eq(seasons.status, 'archived'), isNotNull(seasons.frozenResults)))
      .limit(1);
    return { exists: row !== undefined };
  });
  return found.exists;
}

async function loadCurrentSeason(db: Database): Promise<CurrentSeason | null> {
  const [season] = await db.select().from(seasons).where(eq(seasons.current, true));
  return season ? seasonCalendar(db, season) : null;
}

/** A season with its events and weeks, whatever its status (never memoised). */
export async function seasonCalendar(
  db: Database,
  season: CurrentSeason['season'],
): Promise<CurrentSeason> {
  const [eventRows, weekRows] = await sideBySide(db, [
    () => db.select().from(events).where(eq(events.seasonId, season.id)).orderBy(asc(events.id)),
    () => db.select().from(weeks).where(eq(weeks.seasonId, season.id)).orderBy(asc(weeks.setNum)),
  ]);
  return { season, events: eventRows, weeks: weekRows };
}

export async function listTeamsWithSalesTeams(db: Database) {
  const [teamRows, salesRows] = await Promise.all([
    db.select().from(teams).orderBy(asc(teams.name)),
    db.select().from(salesTeams).orderBy(asc(salesTeams.name)),
  ]);
  return teamRows.map((team) => ({
    ...team,
    salesTeams: salesRows
      .filter((row) => row.teamId === team.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

export async function findTeam(db: Database, id: number): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id));
  return row;
}

export async function findSalesTeam(db: Database, id: number) {
  const [row] = await db.select().from(salesTeams).where(eq(salesTeams.id, id));
  return row;
}

export async function listLanguages(db: Database) {
  return db.select().from(languages).orderBy(asc(languages.code));
}
