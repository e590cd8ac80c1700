import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  answerKey,
  correctOptionLeaks,
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
import type { Attempt } from '#shared/contracts/play';
import { weekScore } from '#shared/domain/scoring';
import { playerTotals, questions } from '../../db/schema';

/** The optional challenger: one question, its own 300 s, +5 points or the week halved. */

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp();
});
afterAll(() => t.close());

describe('a challenger answered right', () => {
  let player: Player;
  let attempt: Attempt;
  let challengerStart: Date;
  beforeAll(async () => {
    t.clock.set(moments2025.week1Open);
    player = await registeredPlayer(t, 'demo-ana');
  });

  it('is not available before the main set is done (409 CHALLENGER_NOT_AVAILABLE)', async () => {
    attempt = await playMainSet(t, player, 'rr');
    expect(attempt.challenger).toBeNull();
    expect(errorCode(await player.startChallenger(attempt.id), 409)).toBe(
      'CHALLENGER_NOT_AVAILABLE',
    );
    expect(errorCode(await player.answerChallenger(attempt.id, 'a'), 409)).toBe(
      'CHALLENGER_NOT_AVAILABLE',
    );
    expect((await storedAttempt(t.database.db, attempt.id)).attempt.challengerStartedAt).toBeNull();
  });

  it('is offered once the main set is done: pending and available, with no question yet', async () => {
    const key = await answerKey(t.database.db, attempt.id);
    for (const position of [3, 4, 5]) {
      t.clock.advance(12 * SECOND);
      attempt = expectStatus(await player.answer(attempt.id, position, key.right(position)), 200);
    }
    expect(attempt.weekScore).toBe(580);
    expect(attempt.challenger).toEqual({
      status: 'pending',
      available: true,
      question: null,
      deadlineAt: null,
      answer: null,
      outcome: null,
    });
  });

  it('starts with its own 300 s from its start and one question without its correct option', async () => {
    t.clock.advance(30 * SECOND);
    challengerStart = t.clock.now();
    const started = expectStatus(await player.startChallenger(attempt.id), 200);
    const [stored] = await t.database.db
      .select()
      .from(questions)
      .where(and(eq(questions.setNum, 1), eq(questions.kind, 'challenger')));
    expect(started.challenger).toMatchObject({
      status: 'in-progress',
      available: false,
      deadlineAt: new Date(challengerStart.getTime() + 300 * SECOND).toISOString(),
      answer: null,
      outcome: null,
      question: { position: 1, text: stored!.translations.en!.text, correctOption: null },
    });
    expect(started.challenger!.question!.options.map((o) => o.key).sort()).toEqual(
      Object.keys(stored!.translations.en!.options).sort(),
    );
    // The main set keeps its own deadline and score.
    expect(started.deadlineAt).toBe(attempt.deadlineAt);
    expect(started.weekScore).toBe(580);
    expect(correctOptionLeaks(started)).toEqual([]);
    attempt = started;
  });

  it('returns the same challenger to a second start, without restarting its clock', async () => {
    t.clock.advance(20 * SECOND);
    const again = expectStatus(await player.startChallenger(attempt.id), 200);
    expect(again.challenger).toEqual(attempt.challenger);
    const { attempt: row } = await storedAttempt(t.database.db, attempt.id);
    expect(row.challengerStartedAt).toEqual(challengerStart);
  });

  it("refuses option 'z' with 400 UNKNOWN_OPTION", async () => {
    expect(errorCode(await player.answerChallenger(attempt.id, 'z'), 400)).toBe('UNKNOWN_OPTION');
    expect((await storedAttempt(t.database.db, attempt.id)).attempt.challengerOption).toBeNull();
  });

  it('adds 5 points for the right answer: 5.80 + 5 = 10.80', async () => {
    const key = await answerKey(t.database.db, attempt.id);
    t.clock.advance(15 * SECOND);
    const answered = expectStatus(
      await player.answerChallenger(attempt.id, key.challengerRight()),
      200,
    );
    expect(answered.challenger).toMatchObject({
      status: 'done',
      available: false,
      answer: key.challengerRight(),
      outcome: 'correct',
    });
    expect(answered.weekScore).toBe(1080);
    expect(answered.weekScore).toBe(weekScore(580, 'correct'));
    expect(answered.result!.mainScore).toBe(580);
    expect(correctOptionLeaks(answered)).toEqual([]);
    expect((await storedAttempt(t.database.db, attempt.id)).attempt).toMatchObject({
      challengerOption: key.challengerRight(),
      challengerCorrect: true,
      weekScore: 1080,
    });
  });

  it('returns the stored outcome to a repeated answer and refuses a different one (409 ANSWER_FINAL)', async () => {
    const key = await answerKey(t.database.db, attempt.id);
    const before = await storedAttempt(t.database.db, attempt.id);
    t.clock.advance(5 * SECOND);
    const repeated = expectStatus(
      await player.answerChallenger(attempt.id, key.challengerRight()),
      200,
    );
    expect(repeated.weekScore).toBe(1080);
    expect(errorCode(await player.answerChallenger(attempt.id, key.challengerWrong()), 409)).toBe(
      'ANSWER_FINAL',
    );
    expect(await storedAttempt(t.database.db, attempt.id)).toEqual(before);
  });
});

describe('a challenger answered wrong or too late', () => {
  beforeEach(() => t.clock.set(moments2025.week1Open));

  it('halves the week for a wrong answer, rounding down: 3 correct in 65 s = 3.47 → 1.73', async () => {
    const player = await registeredPlayer(t, 'demo-luis');
    const played = await playMainSet(t, player, 'rwrwr', 13);
    expect(played.weekScore).toBe(347);
    expectStatus(await player.startChallenger(played.id), 200);
    const key = await answerKey(t.database.db, played.id);
    t.clock.advance(40 * SECOND);
    const answered = expectStatus(
      await player.answerChallenger(played.id, key.challengerWrong()),
      200,
    );
    expect(answered.challenger).toMatchObject({
      status: 'done',
      answer: key.challengerWrong(),
      outcome: 'wrong',
    });
    expect(answered.weekScore).toBe(173);
    expect(answered.result!.mainScore).toBe(347);
  });

  it('accepts a challenger answer at 301 s, within the grace', async () => {
    const player = await registeredPlayer(t, 'demo-kasia', { team: 'pl' });
    const played = await playMainSet(t, player, 'rrrrr');
    expectStatus(await player.startChallenger(played.id), 200);
    const key = await answerKey(t.database.db, played.id);
    t.clock.advance(301 * SECOND);
    const answered = expectStatus(
      await player.answerChallenger(played.id, key.challengerRight()),
      200,
    );
    expect(answered.challenger!.outcome).toBe('correct');
    expect(answered.weekScore).toBe(1080);
  });

  it('counts a started but unanswered challenger as wrong on the next read after deadline + grace', async () => {
    const player = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
    const played = await playMainSet(t, player, 'rrrrr');
    const started = expectStatus(await player.startChallenger(played.id), 200);
    t.clock.advance(302 * SECOND);
    expect(expectStatus(await player.attempt(played.id), 200).challenger).toMatchObject({
      status: 'in-progress',
      outcome: null,
    });
    t.clock.advance(1 * SECOND);
    const read = expectStatus(await player.attempt(played.id), 200);
    expect(read.challenger).toMatchObject({
      status: 'done',
      available: false,
      answer: null,
      outcome: 'timed-out',
      deadlineAt: started.challenger!.deadlineAt,
    });
    expect(read.weekScore).toBe(290);

    const key = await answerKey(t.database.db, played.id);
    expect(errorCode(await player.answerChallenger(played.id, key.challengerRight()), 409)).toBe(
      'ANSWER_TOO_LATE',
    );
    expect((await storedAttempt(t.database.db, played.id)).attempt).toMatchObject({
      challengerCorrect: false,
      challengerOption: null,
      weekScore: 290,
    });
    // Decided at its deadline, not when the read came by: the ranking's 'last submission'.
    const [total] = await t.database.db
      .select()
      .from(playerTotals)
      .where(eq(playerTotals.playerId, player.playerId));
    expect(total!.lastSubmissionAt).toEqual(new Date(started.challenger!.deadlineAt!));
  });

  it('refuses a late challenger answer with 409 ANSWER_TOO_LATE and halves the week', async () => {
    const player = await registeredPlayer(t, 'demo-putri', { team: 'id' });
    const played = await playMainSet(t, player, 'rrrrr');
    expectStatus(await player.startChallenger(played.id), 200);
    const key = await answerKey(t.database.db, played.id);
    t.clock.advance(303 * SECOND);
    expect(errorCode(await player.answerChallenger(played.id, key.challengerRight()), 409)).toBe(
      'ANSWER_TOO_LATE',
    );
    const read = expectStatus(await player.attempt(played.id), 200);
    expect(read.challenger!.outcome).toBe('timed-out');
    expect(read.weekScore).toBe(290);
  });
});

describe('a challenger not taken', () => {
  it('leaves the week unchanged and is no longer available once the week has closed', async () => {
    t.clock.set(moments2025.week1Open);
    const player = await registeredPlayer(t, 'demo-somchai', { team: 'es' });
    const played = await playMainSet(t, player, 'rrrrr');
    expect(played.challenger).toMatchObject({ status: 'pending', available: true });

    t.clock.set(moments2025.betweenWeeks1And2);
    const later = expectStatus(await player.attempt(played.id), 200);
    expect(later.challenger).toMatchObject({ status: 'pending', available: false, outcome: null });
    expect(later.weekScore).toBe(580);
    expect(errorCode(await player.startChallenger(played.id), 409)).toBe(
      'CHALLENGER_NOT_AVAILABLE',
    );
    expect((await storedAttempt(t.database.db, played.id)).attempt).toMatchObject({
      challengerStartedAt: null,
      weekScore: 580,
    });
  });

  it("does not start on last week's attempt with this week's challenger once the next week is open", async () => {
    t.clock.set(moments2025.week1Open);
    const player = await registeredPlayer(t, 'demo-linh', { team: 'es' });
    const played = await playMainSet(t, player, 'rrrrr');

    t.clock.set(new Date('2025-02-11T10:00:00Z')); // Tuesday of week 2, open in Madrid
    expect(expectStatus(await player.current(), 200)).toMatchObject({ week: { setNum: 2 } });
    expect(errorCode(await player.startChallenger(played.id), 409)).toBe(
      'CHALLENGER_NOT_AVAILABLE',
    );
    expect((await storedAttempt(t.database.db, played.id)).attempt).toMatchObject({
      challengerStartedAt: null,
      challengerQuestionId: null,
      weekScore: 580,
    });
  });
});
