import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Attempt } from '#shared/contracts/play';
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
  SERVER_PORTS,
  startServer,
  waitFor,
  type ServerProcess,
} from './process';
import { report } from './report';

/**
 * Scenario 1: the server is killed (SIGKILL) while 50 players are in the middle of their week,
 * and started again on the same database. Every acknowledged answer is still there, each attempt
 * resumes with the time it had left, and no score is counted twice.
 */

const PLAYERS = 50;
/** Answers acknowledged before the kill: about half of the 250 the players will give. */
const KILL_AFTER_ACKS = 120;
const FINISHED_BEFORE_KILL = 8;

let postgres: PostgresInstance;
let server: ServerProcess | undefined;
let port: number;
let players: SeededPlayer[];

beforeAll(async () => {
  postgres = await startPostgres();
  port = await freePort(SERVER_PORTS);
  server = await startServer({ databaseUrl: postgres.url, port });
  players = await seedPlayers(postgres, PLAYERS, 'kill');
  await registerAll(server, players);
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  await postgres?.destroy();
  removeServerFolders();
});

interface Run {
  player: SeededPlayer;
  /** Quick players finish and take the challenger before the kill; the others are mid-week. */
  quick: boolean;
  /** The attempt as it started: its questions and their shuffled options. */
  view: Attempt;
  attemptId: string;
  deadlineAt: string;
  startedAt: string;
  /** The server's time in the start response, and the real time it arrived. */
  serverNowAtStart: number;
  realAtStart: number;
  acked: Map<number, string>;
  /** Sent, but no answer came back (the process died): either outcome is correct. */
  unsure: Map<number, string>;
  finished: Attempt | null;
  challengerOption: string | null;
  challengerAcked: boolean;
  inFlight: boolean;
}

it('keeps acknowledged answers, remaining time and single counting across a SIGKILL', async () => {
  const current = () => server!;
  const runs: Run[] = [];
  let acks = 0;
  const unexpected: string[] = [];

  /** Plays until the week is done or the server stops answering. */
  const drive = async (run: Run) => {
    const calls = playCalls(current, run.player.cookie);
    const send = async (call: () => ReturnType<typeof calls.answer>) => {
      run.inFlight = true;
      try {
        return await call();
      } catch {
        return null; // refused or reset: the process is gone
      } finally {
        run.inFlight = false;
      }
    };
    for (let position = 1; position <= 5; position++) {
      await think(run.quick ? 10 : 300, run.quick ? 60 : 1500);
      const option = pickOption(run.view, position);
      const reply = await send(() => calls.answer(run.attemptId, position, option));
      if (!reply) return void run.unsure.set(position, option);
      if (reply.status !== 200) return void unexpected.push(describeReply(reply));
      run.acked.set(position, option);
      acks += 1;
    }
    if (!run.quick) return;
    const finished = await send(() => calls.finish(run.attemptId));
    if (!finished) return;
    run.finished = finished.body;
    const started = await send(() => calls.startChallenger(run.attemptId));
    if (!started || started.status !== 200) return;
    const options = started.body.challenger!.question!.options;
    run.challengerOption = options[Math.floor(Math.random() * options.length)]!.key;
    const answered = await send(() => calls.answerChallenger(run.attemptId, run.challengerOption!));
    if (answered?.status === 200) {
      run.challengerAcked = true;
      run.finished = answered.body;
    }
  };

  // Everyone starts their week; then they answer at their own pace.
  for (const [index, player] of players.entries()) {
    const reply = await playCalls(current, player.cookie).start();
    expect(reply.status, describeReply(reply)).toBe(200);
    const run: Run = {
      player,
      quick: index % 3 === 0,
      view: reply.body,
      attemptId: reply.body.id,
      deadlineAt: reply.body.deadlineAt,
      startedAt: reply.body.startedAt,
      serverNowAtStart: Date.parse(reply.body.serverNow),
      realAtStart: reply.at,
      acked: new Map(),
      unsure: new Map(),
      finished: null,
      challengerOption: null,
      challengerAcked: false,
      inFlight: false,
    };
    runs.push(run);
  }
  const drivers = runs.map((run) => drive(run));
  await waitFor('answers to be acknowledged and some weeks finished', async () =>
    acks >= KILL_AFTER_ACKS && runs.filter((run) => run.finished).length >= FINISHED_BEFORE_KILL
      ? true
      : undefined,
  );
  const inFlightAtKill = runs.filter((run) => run.inFlight).length;
  const killedAt = Date.now();
  server!.kill('SIGKILL');
  expect(await server!.exited).toBe('SIGKILL');
  await Promise.all(drivers);
  expect(unexpected).toEqual([]);
  const ackedBeforeKill = runs.reduce((sum, run) => sum + run.acked.size, 0);

  server = await startServer({ databaseUrl: postgres.url, port });
  const restartMs = Date.now() - killedAt;

  // Every attempt is the same one, with every acknowledged answer and the clock still running.
  let unsureKept = 0;
  let unsureLost = 0;
  let worstClockDrift = 0;
  const remaining: number[] = [];
  for (const run of runs) {
    const calls = playCalls(current, run.player.cookie);
    const week = await calls.current();
    expect(week.body.attemptId, describeReply(week)).toBe(run.attemptId);
    const reply = await calls.attempt(run.attemptId);
    expect(reply.status, describeReply(reply)).toBe(200);
    const attempt = reply.body;
    expect(attempt.startedAt).toBe(run.startedAt);
    expect(attempt.deadlineAt).toBe(run.deadlineAt);
    const stored = new Map(attempt.answers.map((a) => [a.position, a.option]));
    for (const [position, option] of run.acked) expect(stored.get(position)).toBe(option);
    for (const [position, option] of run.unsure) {
      if (stored.has(position)) {
        expect(stored.get(position)).toBe(option);
        unsureKept += 1;
      } else unsureLost += 1;
    }
    expect([...stored.keys()].sort()).toEqual(Array.from({ length: stored.size }, (_, i) => i + 1));
    if (run.finished) {
      expect(attempt.status).toBe('done');
      expect(attempt.result).toEqual(run.finished.result);
      if (run.challengerAcked) expect(attempt.weekScore).toBe(run.finished.weekScore);
    }
    if (attempt.status === 'pending') {
      // The server's clock moved on by the real time elapsed: the attempt resumes with
      // deadline − now left, not with a fresh five minutes.
      const serverNow = Date.parse(attempt.serverNow);
      const expected = run.serverNowAtStart + (reply.at - run.realAtStart);
      worstClockDrift = Math.max(worstClockDrift, Math.abs(serverNow - expected));
      remaining.push(Date.parse(attempt.deadlineAt) - serverNow);
      expect(attempt.nextPosition).toBe(stored.size + 1);
    }
  }
  // A clock started afresh would be off by the whole time since the start (11–12 s in our runs);
  // what remains is each process's start-up time before its clock is set.
  expect(worstClockDrift).toBeLessThan(3000);

  // The players carry on where they were: a request that got no answer is sent again as is.
  for (const run of runs) {
    const calls = playCalls(current, run.player.cookie);
    let attempt = (await calls.attempt(run.attemptId)).body;
    for (let position = 1; position <= 5; position++) {
      if (attempt.answers.some((a) => a.position === position)) continue;
      const option = run.unsure.get(position) ?? pickOption(attempt, position);
      const reply = await calls.answer(run.attemptId, position, option);
      expect(reply.status, describeReply(reply)).toBe(200);
      attempt = reply.body;
    }
    const finished = await calls.finish(run.attemptId);
    expect(finished.status, describeReply(finished)).toBe(200);
    if (run.challengerOption && !run.challengerAcked) {
      const again = await calls.answerChallenger(run.attemptId, run.challengerOption);
      expect(again.status, describeReply(again)).toBe(200);
    }
    // Retrying acknowledged calls changes nothing.
    const [lastPosition, lastOption] = [...run.acked].at(-1) ?? [];
    if (lastPosition) {
      const retried = await calls.answer(run.attemptId, lastPosition, lastOption!);
      expect(retried.status, describeReply(retried)).toBe(200);
    }
    expect((await calls.finish(run.attemptId)).status).toBe(200);
  }

  const [counts] = await postgres.query<{ attempts: number; answers: number; scored: number }>(
    `select (select count(*)::int from attempts) as attempts,
       (select coalesce(sum(jsonb_array_length(answers)), 0)::int from attempts) as answers,
       (select count(*)::int from attempts where finished_at is not null) as scored`,
  );
  expect(counts).toEqual({ attempts: PLAYERS, answers: PLAYERS * 5, scored: PLAYERS });
  expect(await aggregateMismatches(postgres)).toEqual([]);

  report('SIGKILL mid-week', {
    players: PLAYERS,
    'answers acknowledged before the kill': ackedBeforeKill,
    'requests in flight at the kill': inFlightAtKill,
    'unacknowledged answers found stored / not stored': `${unsureKept} / ${unsureLost}`,
    'weeks finished before the kill': runs.filter((run) => run.finished).length,
    'kill → restarted server ready (ms)': restartMs,
    'attempts resumed mid-week': remaining.length,
    'time left on resume, min–max (s)': remaining.length
      ? `${(Math.min(...remaining) / 1000).toFixed(1)}–${(Math.max(...remaining) / 1000).toFixed(1)}`
      : '-',
    'worst server-clock drift across the restart (ms)': worstClockDrift,
    'aggregate mismatches after recomputation': 0,
  });
});
