// npx tsx scripts/bench-standings.ts — the standings' latency with 1,000 and with 100,000
// players (DESIGN.md §3: the leaderboard at 100,000 players answers about as fast as at 1,000).
// Against a real PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
// postgres), in a database of its own that it creates and drops. Not a test: it prints a table.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import type { Clock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { notifyStandingsChanged } from '../src/server/features/standings/repository';
import { loadSeason2025 } from '../tests/factories';
import { registeredPlayer, seedPlayers } from '../tests/play-helpers';
import { TEST_ORIGIN } from '../tests/test-app';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = [1_000, 100_000];
const COLD_RUNS = 15;
const WARM_REQUESTS = 2_000;
/** Wednesday of week 2 (10–14 Feb 2025), open in every team's time zone. */
const clock: Clock = { now: () => new Date('2025-02-12T10:00:00Z') };

interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function timed(app: FastifyInstance, url: string, cookie: string): Promise<number> {
  const start = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  const elapsed = performance.now() - start;
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return elapsed;
}

const ENDPOINTS = {
  standings: '/api/standings',
  'my-team': '/api/standings/my-team',
  winners: '/api/standings/winners',
  track: '/api/standings/track?eventId=1&eventWeek=2',
};
type Endpoint = keyof typeof ENDPOINTS;

async function measure(database: DatabaseHandle, players: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podium-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    SEASON_FILE: '',
  });
  const app = await buildApp(config, { database, clock });
  await app.ready();
  try {
    const reader = await registeredPlayer(
      { app, database, config, close: async () => {} },
      players === SIZES[0] ? 'demo-ana' : 'demo-camille',
      { team: 'es' },
    );
    const cold: number[] = [];
    // The first rebuilds also compile the code paths: warm up before measuring.
    for (let run = 0; run < 5; run++) {
      await notifyStandingsChanged(database.db, '2025');
      await timed(app, ENDPOINTS.standings, reader.cookie);
    }
    for (let run = 0; run < COLD_RUNS; run++) {
      // Delivered to this instance's cache before the statement returns (its own NOTIFY).
      await notifyStandingsChanged(database.db, '2025');
      cold.push(await timed(app, ENDPOINTS.standings, reader.cookie));
    }
    const warm = {} as Record<Endpoint, Latency>;
    for (const [name, url] of Object.entries(ENDPOINTS) as [Endpoint, string][]) {
      for (let i = 0; i < 50; i++) await timed(app, url, reader.cookie); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < WARM_REQUESTS; i++) samples.push(await timed(app, url, reader.cookie));
      warm[name] = percentiles(samples);
    }
    // A minimal route measured in the same run: what any request costs through inject.
    const baseline: number[] = [];
    for (let i = 0; i < WARM_REQUESTS; i++) {
      const start = performance.now();
      await app.inject({ method: 'GET', url: '/health/live' });
      baseline.push(performance.now() - start);
    }
    return { players, cold: percentiles(cold).p50, warm, baseline: percentiles(baseline) };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function countPlayers(database: DatabaseHandle): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from players where oidc_issuer = 'seed'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

const name = `podium_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const started = performance.now();
let database: DatabaseHandle | null = null;
try {
  database = await openDatabase({ databaseUrl: url.href, dataDir: null });
  await migrateDatabase(database);
  await loadSeason2025(database.db, clock);
  const results = [];
  for (const size of SIZES) {
    const seedStart = performance.now();
    await seedPlayers(database.db, {
      count: size - (await countPlayers(database)),
      weeksPlayed: 2,
      registeredAt: new Date('2025-02-03T09:00:00Z'),
    });
    await database.db.execute(sql`analyze`);
    const seeded = await countPlayers(database);
    console.log(
      `seeded ${seeded.toLocaleString('en')} players in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    results.push(await measure(database, seeded));
  }

  const ms = (value: number) => value.toFixed(2).padStart(7);
  console.log(
    `\nStandings latency through app.inject on PostgreSQL (ms; cold = median of ${COLD_RUNS} ` +
      `snapshot rebuilds, warm = ${WARM_REQUESTS.toLocaleString('en')} cached reads)\n`,
  );
  console.log('players   endpoint            cold     p50     p95     p99');
  for (const result of results) {
    const players = result.players.toLocaleString('en').padStart(7);
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      const { p50, p95, p99 } = result.warm[endpoint];
      const cold = endpoint === 'standings' ? ms(result.cold) : '      —';
      console.log(`${players}   ${endpoint.padEnd(16)} ${cold} ${ms(p50)} ${ms(p95)} ${ms(p99)}`);
    }
    const { p50, p95, p99 } = result.baseline;
    console.log(
      `${players}   ${'/health/live'.padEnd(16)}       — ${ms(p50)} ${ms(p95)} ${ms(p99)}`,
    );
  }
  const [small, large] = results as [(typeof results)[0], (typeof results)[0]];
  const ratio = (a: number, b: number) => `${(b / a).toFixed(2)}×`.padStart(7);
  console.log(
    `\nratio ${large.players.toLocaleString('en')} / ${small.players.toLocaleString('en')}:`,
  );
  console.log(`  cold snapshot build        ${ratio(small.cold, large.cold)}`);
  for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
    const [a, b] = [small.warm[endpoint], large.warm[endpoint]];
    console.log(
      `  warm ${endpoint.padEnd(16)} p50 ${ratio(a.p50, b.p50)}  p95 ${ratio(a.p95, b.p95)}  p99 ${ratio(a.p99, b.p99)}`,
    );
  }
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
