import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ProfileInput } from '#shared/contracts/me';
import type { Clock } from '../src/server/clock';
import type { Database } from '../src/server/db/client';
import { activeWeeks, players, salesTeams, teams } from '../src/server/db/schema';
import { projectRoot } from '../src/server/project-root';
import { loadSeasonFile } from '../src/server/features/content/service';

/**
 * Data factories shared by tests, the benchmark and the demo seed: the real content files,
 * loaded through the real loader.
 */
export const SEASON_2025 = path.join(projectRoot, 'content/seasons/2025.json');
export const SEASON_DEMO = path.join(projectRoot, 'content/seasons/demo.json');

/** Loads the 2025 championship (weeks 4 Feb–14 Mar 2025) as the current season. */
export async function loadSeason2025(db: Database, clock: Clock): Promise<void> {
  await loadSeasonFile(db, SEASON_2025, clock);
}

/** A team by its content code ('es', 'th'…), with its sales teams. */
export async function teamByCode(db: Database, code: string) {
  const [team] = await db.select().from(teams).where(eq(teams.code, code));
  if (!team) throw new Error(`no team ${code}`);
  const sales = await db.select().from(salesTeams).where(eq(salesTeams.teamId, team.id));
  return { ...team, salesTeams: sales };
}

export type TeamWithSalesTeams = Awaited<ReturnType<typeof teamByCode>>;

/** Several teams by content code: `(await teamsByCode(db, ['es', 'th'])).th`. */
export async function teamsByCode<Code extends string>(
  db: Database,
  codes: readonly Code[],
): Promise<Record<Code, TeamWithSalesTeams>> {
  const found = await Promise.all(codes.map((code) => teamByCode(db, code)));
  return Object.fromEntries(codes.map((code, index) => [code, found[index]])) as Record<
    Code,
    TeamWithSalesTeams
  >;
}

/** Instants of the 2025 season worth standing on (Europe/Madrid is UTC+1 in February). */
export const moments2025 = {
  beforeLaunch: new Date('2025-01-27T09:00:00Z'),
  /** Week 1 (Tue 4 – Fri 7 Feb) open. */
  week1Open: new Date('2025-02-05T10:00:00Z'),
  /** Saturday 8 Feb: between week 1 and week 2. */
  betweenWeeks1And2: new Date('2025-02-08T10:00:00Z'),
  afterRegistrationClosed: new Date('2025-03-01T12:00:00Z'),
  afterSeason: new Date('2025-03-20T12:00:00Z'),
};

/**
 * A registration or profile body for `team`: English, the team's first sales team (or none),
 * every week active; `overrides` changes any of it.
 */
export function profileInput(
  team: { id: number; salesTeams: { id: number }[] },
  overrides: Partial<ProfileInput> = {},
): ProfileInput {
  return {
    language: 'en',
    teamId: team.id,
    salesTeamId: team.salesTeams[0]?.id ?? null,
    activeWeeks: [true, true, true, true, true, true],
    ...overrides,
  };
}

/** The six active-week flags with the weeks numbered in `inactive` (1–6) switched off. */
export function weeksOff(...inactive: number[]): boolean[] {
  return [1, 2, 3, 4, 5, 6].map((setNum) => !inactive.includes(setNum));
}

/** The stored player of a demo account ('demo-ana'…), with its active-weeks rows. */
export async function storedPlayer(db: Database, subject: string) {
  const [player] = await db.select().from(players).where(eq(players.oidcSubject, subject));
  if (!player) throw new Error(`no player ${subject}`);
  const weeks = await db.select().from(activeWeeks).where(eq(activeWeeks.playerId, player.id));
  return { ...player, activeWeeks: weeks };
}
