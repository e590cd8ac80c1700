import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  answerKey,
  createPlayApp,
  errorCode,
  expectStatus,
  playMainSet,
  registeredPlayer,
  SECOND,
  storedAttempt,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { CurrentWeek } from '#shared/contracts/play';
import { sweepExpiredAttempts } from './closing';

/** The 300 s deadline (+ 2 s grace) with a fixed clock: refusals, lazy close and the sweep. */

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(moments2025.week1Open));

const at = (seconds: number) => new Date(moments2025.week1Open.getTime() + seconds * SECOND);

/** Starts at week1Open and answers questions 1..count right, 12 s apart. */
async function startAndAnswer(player: Player, count: number) {
  const started = expectStatus(await player.start(), 200);
  const key = await answerKey(t.database.db, started.id);
  for (let position = 1; position <= count; position++) {
    t.clock.advance(12 * SECOND);
    expectStatus(await player.answer(started.id, position, key.right(position)), 200);
  }
  return { id: started.id, key };
}

describe('answers near the deadline', () => {
  it('accepts the last answer at 301 s, within the grace, and scores it without speed bonus', async () => {
    const player = await registeredPlayer(t, 'demo-ana');
    const { id, key } = await startAndAnswer(player, 4);
    t.clock.set(at(301));
    const done = expectStatus(await player.answer(id, 5, key.right(5)), 200);
    expect(done).toMatchObject({
      status: 'done',
      result: {
        correctCount: 5,
        answeredCount: 5,
        timedOut: false,
        elapsedSeconds: 301,
        mainScore: 500,
      },
      weekScore: 500,
    });
  });

  it('still accepts an answer at exactly 302 s, the end of the grace', async () => {
    const player = await registeredPlayer(t, 'demo-luis');
    const { id, key } = await startAndAnswer(player, 2);
    t.clock.set(at(302));
    const view = expectStatus(await player.answer(id, 3, key.right(3)), 200);
    expect(view.answers).toHaveLength(3);
    const finished = expectStatus(await player.finish(id), 200);
    expect(finished.result).toMatchObject({ answeredCount: 3, correctCount: 3 });
  });

  it('refuses an answer 1 ms after the grace with 409 ANSWER_TOO_LATE', async () => {
    const player = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
    const { id, key } = await startAndAnswer(player, 2);
    t.clock.set(new Date(at(302).getTime() + 1));
    expect(errorCode(await player.answer(id, 3, key.right(3)), 409)).toBe('ANSWER_TOO_LATE');
    expect((await storedAttempt(t.database.db, id)).answers).toHaveLength(2);
  });

  it('refuses an answer at 303 s and closes the attempt as timed out with what was answered and no bonus', async () => {
    const player = await registeredPlayer(t, 'demo-kasia', { team: 'pl' });
    const { id, key } = await startAndAnswer(player, 2);
    t.clock.set(at(303));
    const refused = await player.answer(id, 3, key.right(3));
    expect(errorCode(refused, 409)).toBe('ANSWER_TOO_LATE');
    expect(refused.json().error.message).toMatch(/5 minutes/);

    const view = expectStatus(await player.attempt(id), 200);
    // 2 correct in 24 s would earn a bonus of 0.36 on time; after a time-out there is none.
    expect(view).toMatchObject({
      status: 'done',
      nextPosition: null,
      answers: [
        { position: 1, option: key.right(1) },
        { position: 2, option: key.right(2) },
      ],
      result: {
        correctCount: 2,
        answeredCount: 2,
        timedOut: true,
        // The time it used: the whole 5 minutes, not the 24 s of its last answer (timeUsedMs).
        elapsedSeconds: 300,
        mainScore: 200,
      },
      weekScore: 200,
    });
    const { attempt, answers } = await storedAttempt(t.database.db, id);
    expect(answers).toHaveLength(2);
    expect(attempt.finishedAt).toEqual(attempt.deadlineAt);

    // Retrying changes nothing: still too late, and an answered question still returns its state.
    expect(errorCode(await player.answer(id, 3, key.right(3)), 409)).toBe('ANSWER_TOO_LATE');
    expect(expectStatus(await player.answer(id, 2, key.right(2)), 200).weekScore).toBe(200);
    expect(await storedAttempt(t.database.db, id)).toEqual({ attempt, answers });
  });
});

describe('closing lazily on the next read', () => {
  it('shows an untouched attempt read after the deadline as done and timed out, scoring 0', async () => {
    const player = await registeredPlayer(t, 'demo-putri', { team: 'id' });
    const started = expectStatus(await player.start(), 200);
    t.clock.set(at(600));
    const view = expectStatus(await player.attempt(started.id), 200);
    expect(view).toMatchObject({
      status: 'done',
      nextPosition: null,
      answers: [],
      result: { correctCount: 0, answeredCount: 0, timedOut: true, mainScore: 0 },
      weekScore: 0,
      challenger: { status: 'pending', available: true },
    });
    const { attempt } = await storedAttempt(t.database.db, started.id);
    expect(attempt.finishedAt).toEqual(at(300));
  });

  it('says done on GET /api/weeks/current once the deadline of an unfinished attempt has passed', async () => {
    const player = await registeredPlayer(t, 'demo-somchai', { team: 'th' });
    const { id } = await startAndAnswer(player, 1);
    t.clock.set(at(301));
    expect(expectStatus<CurrentWeek>(await player.current(), 200).state).toBe('in-progress');
    t.clock.set(at(303));
    expect(expectStatus<CurrentWeek>(await player.current(), 200)).toMatchObject({
      state: 'done',
      attemptId: id,
      bestWeekScore: 100,
    });
    expect((await storedAttempt(t.database.db, id)).attempt).toMatchObject({
      timedOut: true,
      answeredCount: 1,
      mainScore: 100,
    });
  });
});

describe('the periodic sweep', () => {
  it('closes expired attempts and challengers nobody reads, and leaves running ones alone', async () => {
    const expired = await registeredPlayer(t, 'demo-linh', { team: 'vn' });
    const running = await registeredPlayer(t, 'demo-emily', { team: 'us' });
    const challenged = await registeredPlayer(t, 'demo-olivia', { team: 'ca' });

    t.clock.set(at(0));
    const { id: expiredId } = await startAndAnswer(expired, 1); // deadline 10:05:00
    t.clock.set(at(10));
    const played = await playMainSet(t, challenged, 'rrrrr'); // done at 10:01:10
    expect(played.weekScore).toBe(580);
    expectStatus(await challenged.startChallenger(played.id), 200); // deadline 10:06:10
    t.clock.set(at(240));
    const { id: runningId } = await startAndAnswer(running, 0); // deadline 10:09:00

    t.clock.set(at(6 * 60 + 30));
    const runningBefore = await storedAttempt(t.database.db, runningId);
    expect(await sweepExpiredAttempts({ db: t.database.db, clock: t.clock })).toBe(2);

    expect((await storedAttempt(t.database.db, expiredId)).attempt).toMatchObject({
      finishedAt: at(300),
      timedOut: true,
      answeredCount: 1,
      correctCount: 1,
      mainScore: 100,
      weekScore: 100,
    });
    // A started but unanswered challenger counts as wrong: the week is halved.
    expect((await storedAttempt(t.database.db, played.id)).attempt).toMatchObject({
      mainScore: 580,
      challengerCorrect: false,
      challengerOption: null,
      weekScore: 290,
    });
    expect(await storedAttempt(t.database.db, runningId)).toEqual(runningBefore);

    // Nothing left to close; a second sweep changes nothing.
    expect(await sweepExpiredAttempts({ db: t.database.db, clock: t.clock })).toBe(0);
    const view = expectStatus(await challenged.attempt(played.id), 200);
    expect(view.challenger).toMatchObject({ status: 'done', outcome: 'timed-out' });
    expect(view.weekScore).toBe(290);
  });

  it('scores an attempt once when two instances sweep at the same time', async () => {
    const player = await registeredPlayer(t, 'demo-rafael', { team: 'br' });
    const { id } = await startAndAnswer(player, 3);
    t.clock.set(at(400));
    const deps = { db: t.database.db, clock: t.clock };
    const counts = await Promise.all([sweepExpiredAttempts(deps), sweepExpiredAttempts(deps)]);
    expect(counts.every((count) => count <= 1)).toBe(true);
    expect((await storedAttempt(t.database.db, id)).attempt).toMatchObject({
      finishedAt: at(300),
      timedOut: true,
      answeredCount: 3,
      mainScore: 300,
      weekScore: 300,
    });
    expect(await sweepExpiredAttempts(deps)).toBe(0);
  });
});
