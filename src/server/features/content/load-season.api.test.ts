import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025, SEASON_2025, SEASON_DEMO } from '../../../../tests/factories';
import { createTestDatabase } from '../../../../tests/test-database';
import { fixedClock } from '../../../../tests/test-app';
import { weekStatus } from '#shared/domain/calendar';
import type { Database, DatabaseHandle } from '../../db/client';
import { events, languages, questions, salesTeams, seasons, teams, weeks } from '../../db/schema';
import { ContentError, readSeasonBundle, type ContentBundle } from './read-content';
import { loadSeasonBundle, loadSeasonFile } from './service';

const clock = fixedClock(moments2025.beforeLaunch);

/** Row counts of every content table, to show that a refused load changed nothing. */
async function snapshot(db: Database) {
  const tables = { languages, teams, salesTeams, seasons, events, weeks, questions };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row!.n;
  }
  const seasonRows = await db
    .select({ id: seasons.id, current: seasons.current })
    .from(seasons)
    .orderBy(seasons.id);
  const teamRows = await db.select({ code: teams.code, name: teams.name }).from(teams);
  return { counts, seasonRows, teamRows };
}

const currentSeasonIds = async (db: Database) =>
  (await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.current, true))).map(
    (row) => row.id,
  );

/**
 * The 2025 bundle turned into another season whose last write fails in the database: two
 * questions in one slot collide in the upsert, after teams, season, events and weeks were written.
 */
async function bundleFailingInTheDatabase(): Promise<ContentBundle> {
  const bundle = structuredClone(await readSeasonBundle(SEASON_2025));
  bundle.season.id = 'broken';
  bundle.teams[0]!.name = 'Renamed by the broken bundle';
  bundle.teams[0]!.salesTeams.push('Added by the broken bundle');
  const week = bundle.questions[5]!;
  week.questions.push({ ...week.questions[0]! });
  return bundle;
}

describe('content loading', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('loads the 2025 season, its teams, languages and questions, and makes it current', async () => {
    const summary = await loadSeasonFile(database.db, SEASON_2025, clock);
    expect(summary.seasonId).toBe('2025');
    expect(summary.changes).toBeGreaterThan(0);
    const { counts } = await snapshot(database.db);
    expect(counts).toMatchObject({ languages: 7, seasons: 1, events: 3, weeks: 6, questions: 36 });
    expect(counts.teams).toBeGreaterThanOrEqual(12);
    expect(await currentSeasonIds(database.db)).toEqual(['2025']);
  });

  it('is idempotent: loading the same file again changes nothing', async () => {
    const before = await snapshot(database.db);
    const summary = await loadSeasonFile(database.db, SEASON_2025, clock);
    expect(summary).toEqual({ seasonId: '2025', changes: 0 });
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('refuses a file that fails validation before writing anything', async () => {
    const before = await snapshot(database.db);
    const missing = SEASON_2025.replace('2025.json', 'no-such-season.json');
    await expect(loadSeasonFile(database.db, missing, clock)).rejects.toBeInstanceOf(ContentError);
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('rolls back the whole load when a write fails inside the transaction', async () => {
    const before = await snapshot(database.db);
    await expect(
      loadSeasonBundle(database.db, await bundleFailingInTheDatabase(), clock),
    ).rejects.toThrow();
    // No 'broken' season, no renamed team, no new sales team, and 2025 still current.
    expect(await snapshot(database.db)).toEqual(before);
    expect(await currentSeasonIds(database.db)).toEqual(['2025']);
  });

  it('makes a newly loaded season current and the previous one not', async () => {
    const summary = await loadSeasonFile(database.db, SEASON_DEMO, clock);
    expect(summary.seasonId).toBe('demo');
    expect(await currentSeasonIds(database.db)).toEqual(['demo']);
    const { counts } = await snapshot(database.db);
    expect(counts).toMatchObject({ seasons: 2, events: 6, weeks: 12, questions: 72 });
  });

  it("shifts the demo season so that week 1 contains the clock's today", async () => {
    const [week1] = await database.db
      .select()
      .from(weeks)
      .where(eq(weeks.seasonId, 'demo'))
      .orderBy(weeks.setNum)
      .limit(1);
    expect(weekStatus(week1!, 'Europe/Berlin', clock.now())).toBe('open');
  });

  it('switches back to 2025 when it is loaded again, changing only the current flags', async () => {
    const summary = await loadSeasonFile(database.db, SEASON_2025, clock);
    expect(summary).toEqual({ seasonId: '2025', changes: 2 });
    expect(await currentSeasonIds(database.db)).toEqual(['2025']);
  });

  it('writes only what differs when a question is edited', async () => {
    const bundle = structuredClone(await readSeasonBundle(SEASON_2025));
    bundle.questions[0]!.questions[0]!.translations.en!.text = 'An edited question?';
    expect((await loadSeasonBundle(database.db, bundle, clock)).changes).toBe(1);
    expect((await loadSeasonFile(database.db, SEASON_2025, clock)).changes).toBe(1);
  });
});

describe('a failed load into an empty database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('leaves no season, team or language behind', async () => {
    await expect(
      loadSeasonBundle(database.db, await bundleFailingInTheDatabase(), clock),
    ).rejects.toThrow();
    const { counts } = await snapshot(database.db);
    expect(counts).toEqual({
      languages: 0,
      teams: 0,
      salesTeams: 0,
      seasons: 0,
      events: 0,
      weeks: 0,
      questions: 0,
    });
  });
});
