import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Attempt } from '../../src/shared/contracts/play';
import {
  aggregateMismatches,
  describeReply,
  pickOption,
  playCalls,
  registerAll,
  seedPlayers,
  storedAnswers,
  think,
  type SeededPlayer,
} from './players';
import { startPostgres, type PostgresInstance } from './postgres';
import {
  freePort,
  removeServerFolders,
  printLogsOnFailure,
  request,
  SERVER_PORTS,
  startServer,
  waitFor,
  type ServerProcess,
} from './process';
import { report } from './report';

/**
 * Scenario 3: SIGTERM while players are playing. Requests under way finish (among them some
 * whose body is still arriving when the signal comes), new connections are refused or get 503,
 * and the process exits with code 0 within 10 s.
 */

const LOAD_PLAYERS = 24;
const SLOW_PLAYERS = 6;

let postgres: PostgresInstance;
let server: ServerProcess;
let players: SeededPlayer[];

beforeAll(async () => {
  postgres = await startPostgres();
  server = await startServer({ databaseUrl: postgres.url, port: await freePort(SERVER_PORTS) });
  players = await seedPlayers(postgres, LOAD_PLAYERS + SLOW_PLAYERS, 'term');
  await registerAll(server, players);
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  await postgres?.destroy();
  removeServerFolders();
});

/** An answer whose body is sent in two halves, the second one when `finish` is called. */
function slowAnswer(port: number, cookie: string, attemptId: string, option: string) {
  const body = JSON.stringify({ position: 1, option });
  const half = Math.floor(body.length / 2);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/attempts/${attemptId}/answers`,
    agent: false,
    headers: {
      cookie,
      'x-podium-csrf': '1',
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('aborted', () => reject(new Error('response cut short')));
    });
    req.on('error', reject);
  });
  response.catch(() => {}); // awaited by the test; not unhandled meanwhile
  req.write(body.slice(0, half));
  return { finish: () => (req.end(body.slice(half)), response) };
}

it('finishes requests under way, refuses new ones and exits with 0 within 10 s', async () => {
  printLogsOnFailure(() => ({ server: server.log(), postgres: postgres.log() }));
  const target = () => server;
  const loadPlayers = players.slice(0, LOAD_PLAYERS);
  const slowPlayers = players.slice(LOAD_PLAYERS);

  // Slow players start their week, then send their first answer's body only half-way.
  const slow = [];
  for (const player of slowPlayers) {
    const started = await playCalls(target, player.cookie).start();
    expect(started.status, describeReply(started)).toBe(200);
    const option = pickOption(started.body, 1);
    slow.push({
      player,
      option,
      attemptId: started.body.id,
      request: slowAnswer(server.port, player.cookie, started.body.id, option),
    });
  }

  // The others play at full pace, without retrying: a refused call ends their run.
  let answered = 0;
  let sigtermAt = 0;
  const outcomes = { ok: 0, unavailable: 0, refused: 0, otherStatus: [] as string[] };
  const acked = new Map<string, Map<number, string>>();
  const play = async (player: SeededPlayer) => {
    const calls = playCalls(target, player.cookie);
    const answers = new Map<number, string>();
    acked.set(player.id, answers);
    const step = async <T>(call: () => Promise<{ status: number; body: T }>) => {
      try {
        const reply = await call();
        if (reply.status === 200) {
          outcomes.ok += 1;
          return reply.body;
        }
        if (reply.status === 503 && sigtermAt) outcomes.unavailable += 1;
        else outcomes.otherStatus.push(describeReply(reply as never));
      } catch (error) {
        if (!sigtermAt) throw error;
        outcomes.refused += 1;
      }
      return null;
    };
    const attempt = await step<Attempt>(calls.start);
    if (!attempt) return;
    for (let position = 1; position <= 5; position++) {
      await think(100, 600);
      const option = pickOption(attempt, position);
      if (!(await step(() => calls.answer(attempt.id, position, option)))) return;
      answers.set(position, option);
      answered += 1;
      if (!(await step(() => calls.current()))) return;
    }
    await step(() => calls.finish(attempt.id));
  };
  const runs = Promise.all(loadPlayers.map(play));
  runs.catch(() => {});

  // Every slow request is in the server's hands: many other requests have been served since.
  const servedBefore = outcomes.ok;
  await waitFor('load around the slow requests', async () =>
    answered >= LOAD_PLAYERS && outcomes.ok >= servedBefore + 40 ? true : undefined,
  );

  sigtermAt = Date.now();
  server.kill('SIGTERM');
  // New connections: refused, or answered 503, from the first refusal on; never served again.
  let firstRefusalMs = -1;
  let servedAfterRefusal = 0;
  let probes = 0;
  const probe = async () => {
    probes += 1;
    try {
      const reply = await request(server, 'GET', '/health/live', { timeoutMs: 5000 });
      if (reply.status === 503) return 'refused';
      return 'served';
    } catch {
      return 'refused';
    }
  };
  let exitCode: number | string | null = null;
  void server.exited.then((code) => (exitCode = code));
  // The slow requests' bodies arrive after the signal: they must still be answered.
  const slowReplies = await Promise.all(
    slow.map(async (entry) => {
      const outcome = await probe();
      if (outcome === 'refused' && firstRefusalMs < 0) firstRefusalMs = Date.now() - sigtermAt;
      if (outcome === 'served' && firstRefusalMs >= 0) servedAfterRefusal += 1;
      return entry.request.finish();
    }),
  );
  while (exitCode === null) {
    const outcome = await probe();
    if (outcome === 'refused' && firstRefusalMs < 0) firstRefusalMs = Date.now() - sigtermAt;
    if (outcome === 'served' && firstRefusalMs >= 0) servedAfterRefusal += 1;
  }
  const exitMs = Date.now() - sigtermAt;
  await runs;

  expect(exitCode).toBe(0);
  expect(exitMs).toBeLessThan(10_000);
  for (const reply of slowReplies) expect(reply.status, reply.body).toBe(200);
  expect(firstRefusalMs).toBeGreaterThanOrEqual(0);
  expect(servedAfterRefusal).toBe(0);
  expect(outcomes.otherStatus).toEqual([]);

  // What was acknowledged is stored, the slow answers too, and the aggregates add up.
  const stored = await storedAnswers(postgres);
  const storedKey = new Set(stored.map((row) => `${row.player}/${row.position}/${row.option}`));
  for (const [player, answers] of acked)
    for (const [position, option] of answers)
      expect(storedKey.has(`${player}/${position}/${option}`)).toBe(true);
  for (const entry of slow)
    expect(storedKey.has(`${entry.player.id}/1/${entry.option}`)).toBe(true);
  expect(await aggregateMismatches(postgres)).toEqual([]);

  report('SIGTERM under load', {
    'players playing / with a request half-sent': `${LOAD_PLAYERS} / ${SLOW_PLAYERS}`,
    'half-sent requests answered 200 after the signal': slowReplies.filter((r) => r.status === 200)
      .length,
    'calls answered 200 (whole run)': outcomes.ok,
    'calls refused or 503 after the signal': outcomes.refused + outcomes.unavailable,
    'SIGTERM → first refusal of a new connection (ms)': firstRefusalMs,
    'new connections tried / served after the first refusal': `${probes} / ${servedAfterRefusal}`,
    'SIGTERM → exit (ms)': exitMs,
    'exit code': String(exitCode),
  });
});
