import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Attempt } from '#shared/contracts/play';
import type { Me } from '#shared/contracts/me';
import type { Standings } from '#shared/contracts/standings';
import {
  aggregateMismatches,
  describeReply,
  pickOption,
  playCalls,
  registerAll,
  seedPlayers,
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
  type ServerProcess,
} from './process';
import { report } from './report';

/**
 * Scenario 4: two server processes on one PostgreSQL, as behind a load balancer. A player whose
 * requests alternate between them sees one attempt that only moves forward, and both show the
 * same standings once a write has reached the other's cache through LISTEN/NOTIFY, also after
 * PostgreSQL restarted under them (each LISTEN connection reconnects by itself). Each instance
 * also memoises the sessions it has seen (ADR 0011): a sign-out or a profile saved on one must
 * reach the other the same way.
 */

const ALTERNATING_PLAYERS = 16;
const SEQUENTIAL_ROUNDS = 4;
const OUTAGE_MS = 3000;

let postgres: PostgresInstance;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  postgres = await startPostgres();
  a = await startServer({ databaseUrl: postgres.url, port: await freePort(SERVER_PORTS) });
  b = await startServer({
    databaseUrl: postgres.url,
    port: await freePort(SERVER_PORTS, [a.port]),
  });
});

afterAll(async () => {
  for (const server of [a, b]) server?.kill('SIGKILL');
  await Promise.all([a?.exited, b?.exited]);
  await postgres?.destroy();
  removeServerFolders();
});

/** Checks that `next` is the same attempt as `first`, moved forward from `previous`. */
function expectSameAttempt(first: Attempt, previous: Attempt, next: Attempt) {
  expect(next.id).toBe(first.id);
  expect(next.startedAt).toBe(first.startedAt);
  expect(next.deadlineAt).toBe(first.deadlineAt);
  expect(next.questions.map((q) => [q.text, q.options.map((o) => o.key)])).toEqual(
    first.questions.map((q) => [q.text, q.options.map((o) => o.key)]),
  );
  expect(next.answers.slice(0, previous.answers.length)).toEqual(previous.answers);
  expect(next.answers.length).toBeGreaterThanOrEqual(previous.answers.length);
  if (previous.status === 'done') expect(next.status).toBe('done');
}

const standingsOf = async (server: ServerProcess, cookie: string) => {
  const reply = await request<Standings>(server, 'GET', '/api/standings', { cookie });
  expect(reply.status, describeReply(reply)).toBe(200);
  return reply.body;
};

/**
 * A week finished on `writer`; how long until `reader` shows the same standings as `writer`
 * (the NOTIFY travels through PostgreSQL to the reader's LISTEN connection).
 */
async function propagation(writer: ServerProcess, reader: ServerProcess, player: SeededPlayer) {
  const calls = playCalls(() => writer, player.cookie);
  let attempt = (await calls.start()).body;
  for (let position = 1; position <= 5; position++)
    attempt = (await calls.answer(attempt.id, position, pickOption(attempt, position))).body;
  expect(attempt.status).toBe('done');
  const doneAt = Date.now();
  const expected = await standingsOf(writer, player.cookie);
  await waitFor(
    'the other instance to show the new standings',
    async () =>
      JSON.stringify(await standingsOf(reader, player.cookie)) === JSON.stringify(expected)
        ? true
        : undefined,
    { timeoutMs: 5000, intervalMs: 10 },
  );
  return Date.now() - doneAt;
}

it('shows a player alternating between two instances one attempt and one standings', async () => {
  printLogsOnFailure(() => ({ a: a.log(), b: b.log(), postgres: postgres.log() }));
  const players = await seedPlayers(postgres, ALTERNATING_PLAYERS + SEQUENTIAL_ROUNDS * 2, 'two');
  await registerAll(a, players);
  const alternating = players.slice(0, ALTERNATING_PLAYERS);
  const sequential = players.slice(ALTERNATING_PLAYERS);

  // Each request of a player goes to the other instance than the one before.
  let requests = 0;
  await Promise.all(
    alternating.map(async (player, index) => {
      let turn = index;
      const calls = playCalls(() => [a, b][turn++ % 2]!, player.cookie);
      const counted = async (call: () => Promise<{ status: number; body: Attempt }>) => {
        const reply = await call();
        requests += 1;
        expect(reply.status, describeReply(reply as never)).toBe(200);
        return reply.body;
      };
      const first = await counted(calls.start);
      let previous = first;
      const step = async (call: () => Promise<{ status: number; body: Attempt }>) => {
        const next = await counted(call);
        expectSameAttempt(first, previous, next);
        previous = next;
        return next;
      };
      for (let position = 1; position <= 5; position++) {
        await think(20, 200);
        await step(() => calls.attempt(first.id)); // a reload on the other instance
        const next = await step(() =>
          calls.answer(first.id, position, pickOption(first, position)),
        );
        expect(next.answers).toHaveLength(position);
      }
      await step(() => calls.finish(first.id));
      const withChallenger = await step(() => calls.startChallenger(first.id));
      const options = withChallenger.challenger!.question!.options;
      await step(() => calls.answerChallenger(first.id, options[0]!.key));
      await step(() => calls.attempt(first.id));
    }),
  );

  // Both show the same standings.
  const cookie = alternating[0]!.cookie;
  await waitFor('both instances to agree', async () =>
    JSON.stringify(await standingsOf(a, cookie)) === JSON.stringify(await standingsOf(b, cookie))
      ? true
      : undefined,
  );

  // One week at a time, written on one instance, read on the other.
  const lagsBefore: number[] = [];
  for (let round = 0; round < SEQUENTIAL_ROUNDS; round++) {
    const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
    lagsBefore.push(await propagation(writer, reader, sequential[round]!));
  }

  // PostgreSQL restarts under both; their LISTEN connections must come back by themselves.
  const stoppedAt = Date.now();
  await postgres.stop('fast');
  for (const server of [a, b]) {
    const ready = await request(server, 'GET', '/health/ready');
    expect(ready.status).toBe(503);
  }
  // Down for longer than one reconnection attempt of the LISTEN connections.
  await sleep(OUTAGE_MS);
  await postgres.start();
  for (const server of [a, b]) {
    await waitFor('the instance to be ready again', async () =>
      (await request(server, 'GET', '/health/ready')).status === 200 ? true : undefined,
    );
  }
  const backMs = Date.now() - stoppedAt;
  const lagsAfter: number[] = [];
  for (let round = 0; round < SEQUENTIAL_ROUNDS; round++) {
    const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
    lagsAfter.push(await propagation(writer, reader, sequential[SEQUENTIAL_ROUNDS + round]!));
  }

  // And a third process, with a cold cache, agrees with both.
  const fresh = await startServer({
    databaseUrl: postgres.url,
    port: await freePort(SERVER_PORTS, [a.port, b.port]),
  });
  try {
    const [onA, onB, onFresh] = await Promise.all(
      [a, b, fresh].map((server) => standingsOf(server, cookie)),
    );
    expect(onA).toEqual(onFresh);
    expect(onB).toEqual(onFresh);
  } finally {
    fresh.kill('SIGKILL');
    await fresh.exited;
  }
  expect(await aggregateMismatches(postgres)).toEqual([]);

  report('two instances on one PostgreSQL', {
    'players alternating between A and B': ALTERNATING_PLAYERS,
    'requests checked for one consistent attempt': requests,
    'write → other instance shows it, before a PostgreSQL restart (ms)': lagsBefore.join(', '),
    'PostgreSQL stopped for (ms)': OUTAGE_MS,
    'PostgreSQL stop → both instances ready again (ms)': backMs,
    'write → other instance shows it, after the restart (ms)': lagsAfter.join(', '),
    'standings on A, on B, on a fresh process': 'equal',
  });
});

/** How long until `check` holds on the other instance (it polls every millisecond or so). */
async function lagUntil(what: string, check: () => Promise<boolean>): Promise<number> {
  const since = Date.now();
  await waitFor(what, async () => ((await check()) ? true : undefined), {
    timeoutMs: 1000,
    intervalMs: 1,
  });
  return Date.now() - since;
}

it('refuses on one instance a session signed out on the other, and shows a profile saved there', async () => {
  printLogsOnFailure(() => ({ a: a.log(), b: b.log(), postgres: postgres.log() }));
  const players = await seedPlayers(postgres, 8, 'memo');
  const signOutLags: number[] = [];
  const profileLags: number[] = [];
  for (const [index, player] of players.entries()) {
    const [writer, reader] = index % 2 === 0 ? [a, b] : [b, a];
    const me = () => request<Me>(reader, 'GET', '/api/me', { cookie: player.cookie });
    // The reader has both memoised: the player unregistered, the session valid.
    expect((await me()).body.registered).toBe(false);
    await registerAll(writer, [player]);
    profileLags.push(
      await lagUntil('the other instance to show the registration', async () => {
        const reply = await me();
        return (
          reply.status === 200 && reply.body.registered && reply.body.team?.id === player.teamId
        );
      }),
    );
    const out = await request(writer, 'POST', '/logout', { cookie: player.cookie });
    expect(out.status, describeReply(out)).toBe(200);
    signOutLags.push(
      await lagUntil(
        'the other instance to refuse the session',
        async () => (await me()).status === 401,
      ),
    );
    // And it stays refused: nothing brings an ended session back.
    for (const server of [a, b]) {
      const reply = await request(server, 'GET', '/api/me', { cookie: player.cookie });
      expect(reply.status).toBe(401);
    }
  }
  report('sessions memoised by two instances', {
    'players signed out on one instance, then read on the other': players.length,
    'sign-out → the other instance refuses the session (ms)': signOutLags.join(', '),
    'registration → the other instance shows it (ms)': profileLags.join(', '),
  });
});
