import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Standings } from '#shared/contracts/standings';
import { newTally, playWeekThrough, readUntil, type Tally } from './load';
import {
  aggregateMismatches,
  registerAll,
  seedPlayers,
  storedAnswers,
  type SeededPlayer,
} from './players';
import { startPostgres, type PostgresInstance } from './postgres';
import {
  freePort,
  removeServerFolders,
  printLogsOnFailure,
  request,
  SERVER_PORTS,
  sleep,
  startServer,
  waitFor,
  type ServerProcess,
} from './process';
import { report } from './report';

/**
 * Scenario 2: the database goes away under load, first by pg_terminate_backend on every
 * connection of the server, then by a full PostgreSQL stop and start. The process survives,
 * answers 503 with Retry-After while the database is away, recovers without a restart, and the
 * clients' retries record nothing twice.
 */

const PLAYERS_PER_FAULT = 24;
const READERS = 6;
/** How long PostgreSQL stays down. */
const OUTAGE_MS = 3000;

let postgres: PostgresInstance;
let server: ServerProcess;

beforeAll(async () => {
  postgres = await startPostgres();
  server = await startServer({ databaseUrl: postgres.url, port: await freePort(SERVER_PORTS) });
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  await postgres?.destroy();
  removeServerFolders();
});

/** Players play their week (and others read) while `fault` runs once `acks` answers are in. */
async function underLoad(
  prefix: string,
  fault: (tally: Tally, players: SeededPlayer[]) => Promise<void>,
): Promise<{ tally: Tally; players: SeededPlayer[] }> {
  const players = await seedPlayers(postgres, PLAYERS_PER_FAULT, prefix);
  await registerAll(server, players);
  const tally = newTally();
  const target = () => server;
  let done = false;
  const readers = players
    .slice(0, READERS)
    .map((player) => readUntil(tally, target, player, () => done));
  const weeks = Promise.all(
    players.map((player) => playWeekThrough(tally, target, player, { minMs: 200, maxMs: 900 })),
  );
  weeks.catch(() => {}); // awaited below; a failure must not go unhandled meanwhile
  printLogsOnFailure(() => ({ server: server.log(), postgres: postgres.log() }));
  const acked = () => [...tally.acked.values()].reduce((sum, answers) => sum + answers.size, 0);
  await waitFor('a third of the answers', async () =>
    acked() >= (PLAYERS_PER_FAULT * 5) / 3 ? true : undefined,
  );
  try {
    await fault(tally, players);
  } catch (error) {
    tally.aborted = true;
    throw error;
  } finally {
    await weeks.finally(() => (done = true)).catch(() => {});
    await Promise.all(readers).catch(() => {});
  }
  await weeks;
  return { tally, players };
}

/** What every fault must leave behind: all answers once, aggregates right, no 500, no restart. */
async function expectIntact(tally: Tally, players: SeededPlayer[]) {
  expect(tally.unexpected).toEqual([]);
  expect(tally.networkErrors).toBe(0);
  expect(tally.unavailableWithRetryAfter).toBe(tally.unavailable);
  expect(server.child.exitCode).toBeNull();
  const stored = await storedAnswers(
    postgres,
    players.map((player) => player.id),
  );
  expect(stored).toHaveLength(players.length * 5);
  for (const row of stored) expect(tally.acked.get(row.player)!.get(row.position)).toBe(row.option);
  const [counts] = await postgres.query<{ attempts: number; decided: number }>(
    `select count(*)::int as attempts, count(*) filter (where challenger_correct is not null)::int
       as decided
     from attempts where player_id = any($1::uuid[])`,
    [players.map((player) => player.id)],
  );
  expect(counts).toEqual({ attempts: players.length, decided: players.length });
  expect(await aggregateMismatches(postgres)).toEqual([]);
}

/** The long-running server's standings equal those of a fresh process with an empty cache. */
async function expectStandingsAsFresh(cookie: string) {
  const fresh = await startServer({
    databaseUrl: postgres.url,
    port: await freePort(SERVER_PORTS, [server.port]),
  });
  try {
    const [ours, theirs] = await Promise.all(
      [server, fresh].map((target) =>
        request<Standings>(target, 'GET', '/api/standings', { cookie }),
      ),
    );
    expect(ours!.status).toBe(200);
    expect(ours!.body).toEqual(theirs!.body);
  } finally {
    fresh.kill('SIGKILL');
    await fresh.exited;
  }
}

describe('the database going away under load', () => {
  it('survives pg_terminate_backend on all its connections', async () => {
    let terminated = 0;
    let terminatedAt = 0;
    let recoveredMs = 0;
    const { tally, players } = await underLoad('terminate', async (tally) => {
      const okBefore = tally.ok;
      terminated = await postgres.terminateBackends();
      terminatedAt = Date.now();
      // Recovered once requests succeed again (the pool opens new connections by itself).
      await waitFor('requests to succeed again', async () =>
        tally.ok > okBefore + 20 ? true : undefined,
      );
      recoveredMs = Date.now() - terminatedAt;
    });
    expect(terminated).toBeGreaterThan(0);
    await expectIntact(tally, players);
    await expectStandingsAsFresh(players[0]!.cookie);
    report('pg_terminate_backend under load', {
      players: PLAYERS_PER_FAULT,
      'backends terminated': terminated,
      requests: tally.requests,
      '503 answers (all with Retry-After)': tally.unavailable,
      'until requests succeed again (ms)': recoveredMs,
      'answers stored (each once)': players.length * 5,
      '5xx other than 503, network errors': tally.unexpected.length + tally.networkErrors,
    });
  });

  it('answers 503 while PostgreSQL is stopped and recovers when it is back', async () => {
    let downMs = 0;
    let recoveredMs = 0;
    let readyWhileDown: { status: number; retryAfter: unknown } | null = null;
    let apiWhileDown: { status: number; retryAfter: unknown; code: unknown } | null = null;
    const { tally, players } = await underLoad('restart', async (_tally, players) => {
      const stoppedAt = Date.now();
      await postgres.stop('fast');
      const ready = await request(server, 'GET', '/health/ready');
      readyWhileDown = { status: ready.status, retryAfter: ready.headers['retry-after'] };
      const api = await request<{ error: { code: string } }>(server, 'GET', '/api/weeks/current', {
        cookie: players[0]!.cookie,
      });
      apiWhileDown = {
        status: api.status,
        retryAfter: api.headers['retry-after'],
        code: api.body.error?.code,
      };
      // The outage itself: the load keeps coming (and getting 503) meanwhile.
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
      await postgres.start();
      const startedAt = Date.now();
      downMs = startedAt - stoppedAt;
      await waitFor('the server to be ready again', async () =>
        (await request(server, 'GET', '/health/ready')).status === 200 ? true : undefined,
      );
      recoveredMs = Date.now() - startedAt;
    });
    expect(readyWhileDown).toEqual({ status: 503, retryAfter: expect.any(String) });
    expect(apiWhileDown).toEqual({
      status: 503,
      retryAfter: expect.any(String),
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(tally.unavailable).toBeGreaterThan(0);
    await expectIntact(tally, players);
    await expectStandingsAsFresh(players[0]!.cookie);
    report('PostgreSQL stopped and started under load', {
      players: PLAYERS_PER_FAULT,
      'PostgreSQL down (ms)': downMs,
      requests: tally.requests,
      '503 answers (all with Retry-After)': tally.unavailable,
      'PostgreSQL up → /health/ready 200 (ms)': recoveredMs,
      'answers stored (each once)': players.length * 5,
      '5xx other than 503, network errors': tally.unexpected.length + tally.networkErrors,
    });
  });
});
