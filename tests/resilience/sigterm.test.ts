import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
  sleep,
  startServer,
  waitFor,
  type Reply,
  type ServerProcess,
} from './process';
import { report } from './report';

/**
 * Scenario 3: SIGTERM under steady load, as in a rolling deploy behind a load balancer
 * (ADR 0016). `/health/ready` answers 503 at once; the server goes on accepting and serving for
 * the drain window (2 s here), then stops listening, finishes what is under way (some request
 * bodies are still arriving after the listener closed) and exits 0. Nothing is reset, and every
 * request sent before the listener closed is answered 200.
 */

const DRAIN_SECONDS = 2;
const LOAD_PLAYERS = 20;
const SLOW_PLAYERS = 6;
const KEEP_ALIVE_READERS = 4;
/** The balancer's health check: every 100 ms, out of service after one failure. */
const CHECK_EVERY_MS = 100;

let postgres: PostgresInstance;
let players: SeededPlayer[];
let server: ServerProcess | undefined;

beforeAll(async () => {
  postgres = await startPostgres();
  server = await startServer({
    databaseUrl: postgres.url,
    port: await freePort(SERVER_PORTS),
    env: { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) },
  });
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

/** Whether something listens on 127.0.0.1:`port` (Linux: /proc/net/tcp, state 0A = LISTEN). */
function isListening(port: number): boolean {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .some((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[1] === local && fields[3] === '0A';
    });
}

/** A GET on a keep-alive connection of `agent`, as a browser or a proxy would send it. */
function keepAliveGet(agent: http.Agent, port: number, url: string, cookie: string) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: url, agent, headers: { cookie } },
      (res) => {
        res.resume();
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end();
  });
}

type Outcome = { sentAt: number; what: string } & (
  | { status: number }
  | { error: string } // the network error's code: ECONNREFUSED, ECONNRESET…
);

it('drains: ready answers 503, serving goes on, then nothing under way is dropped and it exits 0', async () => {
  const target = server!;
  printLogsOnFailure(() => ({ server: target.log(), postgres: postgres.log() }));
  const loadPlayers = players.slice(0, LOAD_PLAYERS);
  const slowPlayers = players.slice(LOAD_PLAYERS);
  const outcomes: Outcome[] = [];
  const send = async <T>(what: string, call: () => Promise<Reply<T>>) => {
    const sentAt = Date.now();
    try {
      const reply = await call();
      outcomes.push({ sentAt, what, status: reply.status });
      return reply;
    } catch (error) {
      outcomes.push({
        sentAt,
        what,
        error: (error as NodeJS.ErrnoException).code ?? String(error),
      });
      return null;
    }
  };

  // Slow players start their week, then send their first answer's body only half-way.
  const slow = [];
  for (const player of slowPlayers) {
    const started = await playCalls(() => target, player.cookie).start();
    expect(started.status, describeReply(started)).toBe(200);
    const option = pickOption(started.body, 1);
    slow.push({
      player,
      option,
      request: slowAnswer(target.port, player.cookie, started.body.id, option),
    });
  }

  // The balancer: checks readiness and takes the instance out of service at the first failure.
  let inService = true;
  let sigtermAt = 0;
  let stopChecks = false;
  const readyAnswers: { sentAt: number; status: number | string }[] = [];
  const checks = (async () => {
    while (!stopChecks) {
      const sentAt = Date.now();
      const reply = await request(target, 'GET', '/health/ready', { timeoutMs: 5000 }).catch(
        (error: NodeJS.ErrnoException) => ({ status: error.code ?? 'error' }),
      );
      readyAnswers.push({ sentAt, status: reply.status });
      if (reply.status !== 200) inService = false;
      await sleep(CHECK_EVERY_MS);
    }
  })();

  // Players play at full pace through the balancer: new requests only while it is in service.
  let answered = 0;
  const acked = new Map<string, Map<number, string>>();
  const play = async (player: SeededPlayer) => {
    const calls = playCalls(() => target, player.cookie);
    const answers = new Map<number, string>();
    acked.set(player.id, answers);
    const started = await send('start', calls.start);
    if (started?.status !== 200) return;
    const attempt = started.body;
    for (let position = 1; position <= 5; position++) {
      await think(50, 250);
      if (!inService) return;
      const option = pickOption(attempt, position);
      const reply = await send('answer', () => calls.answer(attempt.id, position, option));
      if (reply?.status !== 200) return;
      answers.set(position, option);
      answered += 1;
      await think(20, 80);
      if (!inService) return;
      if ((await send('current week', calls.current))?.status !== 200) return;
    }
    if (inService) await send('finish', () => calls.finish(attempt.id));
  };
  const runs = Promise.all(loadPlayers.map(play));

  // Clients the balancer does not steer: keep-alive readers that go on reading straight from the
  // instance for most of the drain (until half a second before its end), as a client does that
  // a slow balancer still sends there.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const connectionClose = { duringDrain: 0, readsDuringDrain: 0 };
  const reader = async (player: SeededPlayer, n: number) => {
    const url = n % 2 ? '/api/standings' : '/api/weeks/current';
    while (!sigtermAt || Date.now() < sigtermAt + DRAIN_SECONDS * 1000 - 500) {
      await send('keep-alive read', async () => {
        const answer = await keepAliveGet(agent, target.port, url, player.cookie);
        if (sigtermAt && Date.now() - sigtermAt > 50) {
          connectionClose.readsDuringDrain += 1;
          if (answer.connection === 'close') connectionClose.duringDrain += 1;
        }
        return { status: answer.status, headers: {}, body: null, at: Date.now() };
      });
      await think(10, 40);
    }
  };
  const readers = Promise.all(
    loadPlayers.slice(0, KEEP_ALIVE_READERS).map((player, n) => reader(player, n)),
  );

  await waitFor('steady load', async () => (answered >= 40 ? true : undefined));
  sigtermAt = Date.now();
  target.kill('SIGTERM');
  let exitCode: number | string | null = null;
  void target.exited.then((code) => (exitCode = code));
  const unreadyMs = await waitFor(
    'readiness to fail',
    async () =>
      (await request(target, 'GET', '/health/ready')).status === 503
        ? Date.now() - sigtermAt
        : undefined,
    { intervalMs: 5 },
  );

  // When the listening socket closes, seen in the kernel's table rather than by connecting
  // (a connection made at that very moment would itself be the reset this test looks for).
  const listenerClosedAt = await waitFor(
    'the listener to close',
    async () => (isListening(target.port) ? undefined : Date.now()),
    { timeoutMs: DRAIN_SECONDS * 1000 + 10_000, intervalMs: 5 },
  );
  // From then on a new connection is refused; the half-sent bodies complete, and are answered.
  const afterClose = await send('new connection after the close', () =>
    request(target, 'GET', '/health/live'),
  );
  const slowReplies = await Promise.all(slow.map((entry) => entry.request.finish()));
  await Promise.all([runs, readers]);
  stopChecks = true;
  await checks;
  agent.destroy();
  await waitFor('the process to exit', async () => exitCode ?? undefined, { timeoutMs: 15_000 });
  const exitMs = Date.now() - sigtermAt;

  const sentBeforeClose = outcomes.filter((o) => o.sentAt < listenerClosedAt);
  const failedBeforeClose = sentBeforeClose.filter((o) => !('status' in o) || o.status !== 200);
  const resets = outcomes.filter((o) => 'error' in o && o.error !== 'ECONNREFUSED');
  const duringDrain = sentBeforeClose.filter((o) => o.sentAt > sigtermAt);
  const readyAfterSignal = readyAnswers.filter((r) => r.sentAt > sigtermAt + 20);

  expect(exitCode).toBe(0);
  expect(listenerClosedAt - sigtermAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 20);
  expect(exitMs).toBeLessThan(DRAIN_SECONDS * 1000 + 10_000);
  expect(resets).toEqual([]);
  expect(failedBeforeClose).toEqual([]);
  expect(afterClose).toBeNull();
  expect(outcomes.at(-1)).toMatchObject({ error: 'ECONNREFUSED' });
  // Readiness failed at once, and never recovered; the balancer stopped sending requests.
  expect(readyAfterSignal.every((r) => r.status !== 200)).toBe(true);
  expect(readyAfterSignal.filter((r) => r.status === 503).length).toBeGreaterThan(0);
  // Serving went on during the drain, each response closing its keep-alive connection.
  expect(duringDrain.length).toBeGreaterThan(10);
  expect(connectionClose.readsDuringDrain).toBeGreaterThan(0);
  expect(connectionClose.duringDrain).toBe(connectionClose.readsDuringDrain);
  for (const reply of slowReplies) expect(reply.status, reply.body).toBe(200);

  // What was acknowledged is stored, the slow answers too, and the aggregates add up.
  const stored = await storedAnswers(postgres);
  const storedKey = new Set(stored.map((row) => `${row.player}/${row.position}/${row.option}`));
  for (const [player, answers] of acked)
    for (const [position, option] of answers)
      expect(storedKey.has(`${player}/${position}/${option}`)).toBe(true);
  for (const entry of slow)
    expect(storedKey.has(`${entry.player.id}/1/${entry.option}`)).toBe(true);
  expect(await aggregateMismatches(postgres)).toEqual([]);

  report('SIGTERM under steady load (2 s drain)', {
    'players through the balancer / keep-alive readers / half-sent': `${LOAD_PLAYERS} / ${KEEP_ALIVE_READERS} / ${SLOW_PLAYERS}`,
    'requests sent before the listener closed': sentBeforeClose.length,
    '… of them failed / reset': `${failedBeforeClose.length} / ${resets.length}`,
    'requests served during the drain': duringDrain.length,
    'SIGTERM → /health/ready answers 503 (ms)': unreadyMs,
    'SIGTERM → listener closed (ms)': listenerClosedAt - sigtermAt,
    'half-sent requests answered 200 after the listener closed': `${slowReplies.filter((r) => r.status === 200).length} of ${SLOW_PLAYERS}`,
    'balancer health checks: 200 before the signal / 503 after / refused or reset at the close': `${readyAnswers.filter((r) => r.sentAt < sigtermAt && r.status === 200).length} / ${readyAnswers.filter((r) => r.status === 503).length} / ${readyAnswers.filter((r) => typeof r.status === 'string').length}`,
    'SIGTERM → exit (ms)': exitMs,
    'exit code': String(exitCode),
  });
});

it('ends at once on a second SIGTERM, and with 1 when requests outlast the timeout', async () => {
  // A long drain, cut short by a second signal.
  const draining = await startServer({
    databaseUrl: postgres.url,
    port: await freePort(SERVER_PORTS),
    env: { SHUTDOWN_DRAIN_SECONDS: '60' },
  });
  server = draining;
  printLogsOnFailure(() => ({ server: draining.log() }));
  draining.kill('SIGTERM');
  await waitFor('readiness to fail', async () => {
    const reply = await request(draining, 'GET', '/health/ready');
    return reply.status === 503 ? reply : undefined;
  });
  const live = await request(draining, 'GET', '/health/live');
  expect(live.status).toBe(200);
  const secondAt = Date.now();
  draining.kill('SIGTERM');
  expect(await draining.exited).toBe(1);
  const secondMs = Date.now() - secondAt;
  expect(secondMs).toBeLessThan(1000);

  // No drain, one second for what is under way: a request whose body never comes.
  const stuck = await startServer({
    databaseUrl: postgres.url,
    port: await freePort(SERVER_PORTS),
    env: { SHUTDOWN_DRAIN_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '1' },
  });
  server = stuck;
  const player = players.at(-1)!;
  const started = await playCalls(() => stuck, player.cookie).start();
  expect(started.status, describeReply(started)).toBe(200);
  const pending = slowAnswer(
    stuck.port,
    player.cookie,
    started.body.id,
    pickOption(started.body, 2),
  );
  await sleep(100); // the half body has reached the server
  const termAt = Date.now();
  stuck.kill('SIGTERM');
  expect(await stuck.exited).toBe(1);
  const timeoutMs = Date.now() - termAt;
  expect(timeoutMs).toBeGreaterThanOrEqual(900);
  expect(timeoutMs).toBeLessThan(5000);
  void pending.finish().catch(() => {});

  report('SIGTERM cut short', {
    'second SIGTERM → exit (ms)': secondMs,
    'SIGTERM with a request stuck, SHUTDOWN_TIMEOUT_SECONDS=1 → exit (ms)': timeoutMs,
    'exit code (both)': 1,
  });
});
