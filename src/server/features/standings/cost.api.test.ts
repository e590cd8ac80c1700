import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeason2025, moments2025 } from '../../../../tests/factories';
import {
  expectStatus,
  registeredPlayer,
  seedPlayers,
  standingsClient,
  type PlayApp,
} from '../../../../tests/play-helpers';
import { createTestApp, fixedClock } from '../../../../tests/test-app';
import { createTestDatabase } from '../../../../tests/test-database';
import type { DatabaseHandle } from '../../db/client';
import { notifyContentChanged } from '../season/content-cache';
import { findTopPlayers } from './repository';
import type { Standings } from '#shared/contracts/standings';

/**
 * A standings request's cost does not grow with the number of players: the same SQL
 * statements answer it with 10 players and with 200 (timings are the benchmark's job:
 * scripts/bench-standings.ts). Statements are counted at the driver.
 */

const clock = fixedClock(moments2025.week1Open);
let database: DatabaseHandle;
const apps: PlayApp[] = [];
let statements = 0;
/** The text of every statement sent, for the query-plan check. */
const sent: string[] = [];

/** Counts the statements sent outside transactions (where the standings reads run). */
function countStatements(handle: DatabaseHandle) {
  const client = (handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    statements += 1;
    const [text] = args as [string | { text: string }];
    sent.push(typeof text === 'string' ? text : text.text);
    return query(...args);
  };
}

/** A fresh instance (cold cache) on the shared database, with a registered reader. */
async function reader(account: string) {
  const app = { ...(await createTestApp({ database, clock })), clock };
  apps.push(app);
  const player = await registeredPlayer(app, account, { team: 'es' });
  // The apps of this file share one content memo (per database handle): empty it, as a new
  // process would start.
  await notifyContentChanged(database.db);
  return standingsClient(app.app, player.cookie);
}

/** The statements one request sends. */
async function cost(request: () => Promise<{ statusCode: number; body: string }>) {
  statements = 0;
  const response = await request();
  expect(response.statusCode, response.body).toBe(200);
  return statements;
}

async function measure(account: string) {
  const client = await reader(account);
  return {
    cold: await cost(client.standings),
    warm: await cost(client.standings),
    myTeam: await cost(client.myTeam),
    winners: await cost(client.winners),
    track: await cost(() => client.track(1, 1)),
    standings: expectStatus<Standings>(await client.standings(), 200),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await loadSeason2025(database.db, clock);
  countStatements(database);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

describe('the cost of a standings request', () => {
  let small: Awaited<ReturnType<typeof measure>>;
  let large: Awaited<ReturnType<typeof measure>>;
  beforeAll(async () => {
    await seedPlayers(database.db, { count: 10 });
    small = await measure('demo-ana');
    await seedPlayers(database.db, { count: 190 });
    large = await measure('demo-camille');
  });

  it('sends the same statements with 200 players as with 10', () => {
    expect(large).toMatchObject({
      cold: small.cold,
      warm: small.warm,
      myTeam: small.myTeam,
      winners: small.winners,
      track: small.track,
    });
  });

  it('answers warm reads without building the snapshot again', () => {
    expect(small.warm).toBeLessThan(small.cold);
    expect(small.myTeam).toBe(small.warm);
    expect(small.winners).toBe(small.warm);
  });

  it('reflects the seeded players (a top participant in every team)', () => {
    expect(large.standings.teams.filter((team) => team.topPlayer !== null)).toHaveLength(16);
  });
});

describe('the top-participant query', () => {
  it('reads one entry of the ranking index per team instead of sorting the team', async () => {
    const text = sent.find((statement) => /cross join lateral/i.test(statement));
    expect(text).toBeDefined();
    // Its one parameter is the season; the planner is told to prefer indexes, as it does
    // with many players. A 'Sort' node means every player of a team is read and sorted.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return (await tx.execute(
        sql.raw(`explain ${text!.replaceAll('$1', `'2025'`)}`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
    });
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    expect(lines.join('\n')).toContain('player_totals_ranking');
    expect(lines.filter((line) => /\bSort\b/.test(line))).toEqual([]);
  });

  it('is planned on every run: no plan made while player_totals was small is kept', async (context) => {
    if (database.kind !== 'postgres') return context.skip();
    // A named statement keeps a generic plan after its fifth run on a connection; one made
    // while the table was nearly empty scans and sorts it for every team (ADR 0026).
    const kept = await database.db.transaction(async (tx) => {
      for (let run = 0; run < 6; run += 1) await findTopPlayers(tx, '2025');
      return (await tx.execute(sql`
        select count(*)::int as kept from pg_prepared_statements
        where statement like '%cross join lateral%'
      `)) as unknown as { rows: { kept: number }[] };
    });
    expect(kept.rows).toEqual([{ kept: 0 }]);
  });
});

describe('the bulk seed the benchmark uses', () => {
  it('keeps the per-team-week figures consistent with the players it creates', async () => {
    const mismatches = await database.db.execute(sql`
      with members as (
        select p.team_id, w as set_num,
          count(*) filter (where (array[a.week_1, a.week_2, a.week_3, a.week_4, a.week_5,
            a.week_6])[w]) as active
        from players p join active_weeks a on a.player_id = p.id, generate_series(1, 6) w
        where a.season_id = '2025'
        group by p.team_id, w
      )
      select m.team_id, m.set_num, m.active, s.active_members
      from members m
      left join team_week_stats s
        on s.season_id = '2025' and s.team_id = m.team_id and s.set_num = m.set_num
      where s.active_members is distinct from m.active::int
    `);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
    const totals = (await database.db.execute(sql`
      select (select sum(total) from player_totals where season_id = '2025')::bigint as players,
        (select sum(score_sum) from team_week_stats where season_id = '2025')::bigint as teams,
        (select sum(played) from team_week_stats where season_id = '2025')::int as played
    `)) as unknown as { rows: { players: string; teams: string; played: number }[] };
    const [row] = totals.rows;
    expect(Number(row!.players)).toBe(Number(row!.teams));
    expect(row!.played).toBeGreaterThan(100);
  });
});
