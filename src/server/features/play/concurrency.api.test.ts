import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  registeredPlayer,
  SECOND,
  storedAttempt,
  type PlayApp,
} from '../../../../tests/play-helpers';
import type { Attempt } from '#shared/contracts/play';
import { attempts } from '../../db/schema';

/**
 * Duplicated and concurrent requests (a double click, a retry racing the original): each records
 * one row and one score. On PostgreSQL (TEST_DATABASE_URL) the requests really run in parallel
 * on separate connections; there the row locks and unique keys do the work.
 */

const PARALLEL = 20;

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(moments2025.week1Open));

const times = (make: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)));

const statuses = (responses: LightMyRequestResponse[]) =>
  responses.map((response) => response.statusCode);

describe(`${PARALLEL} parallel requests`, () => {
  it('start one attempt: the same attempt in every response, one row', async () => {
    const player = await registeredPlayer(t, 'demo-ana');
    const responses = await times(() => player.start());
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    const ids = new Set(responses.map((response) => (response.json() as Attempt).id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(attempts)
      .where(eq(attempts.playerId, player.playerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe([...ids][0]);
  });

  it('record one answer row for identical answers to the same question, all answered 200', async () => {
    const player = await registeredPlayer(t, 'demo-luis');
    const { id } = expectStatus(await player.start(), 200);
    const key = await answerKey(t.database.db, id);
    t.clock.advance(10 * SECOND);
    const responses = await times(() => player.answer(id, 1, key.right(1)));
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    for (const response of responses) {
      expect((response.json() as Attempt).answers).toEqual([{ position: 1, option: key.right(1) }]);
    }
    const { answers } = await storedAttempt(t.database.db, id);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ position: 1, option: key.right(1), correct: true });
  });

  it('keep exactly one of two different answers to the same question; the other is ANSWER_FINAL', async () => {
    const player = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
    const { id } = expectStatus(await player.start(), 200);
    const key = await answerKey(t.database.db, id);
    t.clock.advance(10 * SECOND);
    const options = [key.right(1), key.wrong(1)];
    const responses = await times((i) => player.answer(id, 1, options[i % 2]!));
    const { answers } = await storedAttempt(t.database.db, id);
    expect(answers).toHaveLength(1);
    const kept = answers[0]!.option;
    for (const [i, response] of responses.entries()) {
      if (options[i % 2] === kept) {
        expect(response.statusCode).toBe(200);
        expect((response.json() as Attempt).answers).toEqual([{ position: 1, option: kept }]);
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('ANSWER_FINAL');
      }
    }
  });

  it('score the attempt once when the fifth answer arrives many times at once', async () => {
    const player = await registeredPlayer(t, 'demo-kasia', { team: 'pl' });
    const { id } = expectStatus(await player.start(), 200);
    const key = await answerKey(t.database.db, id);
    for (const position of [1, 2, 3, 4]) {
      t.clock.advance(12 * SECOND);
      expectStatus(await player.answer(id, position, key.right(position)), 200);
    }
    t.clock.advance(12 * SECOND);
    const responses = await times(() => player.answer(id, 5, key.right(5)));
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    for (const response of responses) {
      expect(response.json()).toMatchObject({
        status: 'done',
        weekScore: 580,
        result: { correctCount: 5, answeredCount: 5, elapsedSeconds: 60 },
      });
    }
    const { attempt, answers } = await storedAttempt(t.database.db, id);
    expect(answers).toHaveLength(5);
    expect(attempt).toMatchObject({ mainScore: 580, weekScore: 580, answeredCount: 5 });
  });

  it('finish once: the same score in every response, and a later finish changes nothing', async () => {
    const player = await registeredPlayer(t, 'demo-putri', { team: 'id' });
    const { id } = expectStatus(await player.start(), 200);
    const key = await answerKey(t.database.db, id);
    for (const position of [1, 2]) {
      t.clock.advance(12 * SECOND);
      expectStatus(await player.answer(id, position, key.right(position)), 200);
    }
    t.clock.advance(6 * SECOND);
    const responses = await times(() => player.finish(id));
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    const results = new Set(
      responses.map((response) => {
        const body = response.json() as Attempt;
        return JSON.stringify([body.status, body.result, body.weekScore]);
      }),
    );
    expect(results.size).toBe(1);
    const scored = await storedAttempt(t.database.db, id);
    expect(scored.attempt).toMatchObject({
      finishedAt: new Date(moments2025.week1Open.getTime() + 30 * SECOND),
      answeredCount: 2,
      correctCount: 2,
      mainScore: 200,
      weekScore: 200,
    });

    t.clock.advance(10 * SECOND);
    expectStatus(await player.finish(id), 200);
    expect(await storedAttempt(t.database.db, id)).toEqual(scored);
  });

  it('never keep an answer the score did not count: an answer racing the finish is scored or refused', async () => {
    const player = await registeredPlayer(t, 'demo-rafael', { team: 'br' });
    const { id } = expectStatus(await player.start(), 200);
    const key = await answerKey(t.database.db, id);
    for (const position of [1, 2]) {
      t.clock.advance(10 * SECOND);
      expectStatus(await player.answer(id, position, key.right(position)), 200);
    }
    t.clock.advance(10 * SECOND);
    // Half answer question 3, half finish: whichever takes the attempt first decides.
    const responses = await times((i) =>
      i % 2 ? player.finish(id) : player.answer(id, 3, key.right(3)),
    );
    const { attempt, answers } = await storedAttempt(t.database.db, id);
    expect(attempt.answeredCount).toBe(answers.length);
    expect(attempt.correctCount).toBe(answers.length);
    expect(attempt.mainScore).toBe(answers.length * 100);
    const answered = responses.filter((_, i) => i % 2 === 0);
    if (answers.length === 3) {
      // The answer came first: the first answers said 200, any later one too (same option).
      expect(statuses(answered)).toEqual(Array(PARALLEL / 2).fill(200));
    } else {
      expect(answers).toHaveLength(2);
      for (const response of answered) {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('ATTEMPT_FINISHED');
      }
    }
    expect(statuses(responses.filter((_, i) => i % 2 === 1))).toEqual(
      Array(PARALLEL / 2).fill(200),
    );
  });

  it('close an expired attempt once when many reads arrive after the deadline', async () => {
    const player = await registeredPlayer(t, 'demo-somchai', { team: 'th' });
    const { id } = expectStatus(await player.start(), 200);
    const key = await answerKey(t.database.db, id);
    t.clock.advance(20 * SECOND);
    expectStatus(await player.answer(id, 1, key.right(1)), 200);
    t.clock.set(new Date(moments2025.week1Open.getTime() + 310 * SECOND));
    const responses = await times((i) => (i % 2 ? player.attempt(id) : player.current()));
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    expect((await storedAttempt(t.database.db, id)).attempt).toMatchObject({
      finishedAt: new Date(moments2025.week1Open.getTime() + 300 * SECOND),
      timedOut: true,
      answeredCount: 1,
      mainScore: 100,
      weekScore: 100,
    });
  });
});

describe(`${PARALLEL} parallel challenger requests`, () => {
  let player: Awaited<ReturnType<typeof registeredPlayer>>;
  let id: string;
  beforeAll(async () => {
    t.clock.set(moments2025.week1Open);
    player = await registeredPlayer(t, 'demo-linh', { team: 'vn' });
    ({ id } = expectStatus(await player.start(), 200));
    const key = await answerKey(t.database.db, id);
    for (const position of [1, 2, 3, 4, 5]) {
      t.clock.advance(12 * SECOND);
      expectStatus(await player.answer(id, position, key.right(position)), 200);
    }
  });

  it('start one challenger with one deadline', async () => {
    t.clock.set(new Date(moments2025.week1Open.getTime() + 90 * SECOND));
    const responses = await times(() => player.startChallenger(id));
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    const challengers = new Set(
      responses.map((response) => JSON.stringify((response.json() as Attempt).challenger)),
    );
    expect(challengers.size).toBe(1);
    const { attempt } = await storedAttempt(t.database.db, id);
    expect(attempt.challengerStartedAt).toEqual(t.clock.now());
  });

  it('record one outcome for answers racing each other, right and wrong', async () => {
    t.clock.set(new Date(moments2025.week1Open.getTime() + 120 * SECOND));
    const key = await answerKey(t.database.db, id);
    const options = [key.challengerRight(), key.challengerWrong()];
    const responses = await times((i) => player.answerChallenger(id, options[i % 2]!));
    const { attempt } = await storedAttempt(t.database.db, id);
    expect(options).toContain(attempt.challengerOption);
    const correct = attempt.challengerOption === key.challengerRight();
    expect(attempt.challengerCorrect).toBe(correct);
    expect(attempt.weekScore).toBe(correct ? 1080 : 290);
    for (const [i, response] of responses.entries()) {
      if (options[i % 2] === attempt.challengerOption) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          weekScore: attempt.weekScore,
          challenger: { outcome: correct ? 'correct' : 'wrong' },
        });
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('ANSWER_FINAL');
      }
    }
  });
});
