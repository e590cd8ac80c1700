import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moments2025, teamByCode } from '../../../../tests/factories';
import {
  answerKey,
  correctOptionLeaks,
  createPlayApp,
  errorCode,
  expectStatus,
  registeredPlayer,
  SECOND,
  storedAttempt,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { Attempt, CurrentWeek } from '#shared/contracts/play';
import { mainSetScore } from '#shared/domain/scoring';
import { attempts, questions } from '../../db/schema';
import { notifyContentChanged } from '../season/content-cache';

/** Starting, answering and resuming the main set; the refusals; someone else's attempt. */

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(moments2025.week1Open));

const week1Questions = () =>
  t.database.db
    .select()
    .from(questions)
    .where(and(eq(questions.setNum, 1), eq(questions.kind, 'main')))
    .orderBy(questions.position);

describe('a full attempt', () => {
  let player: Player;
  let started: Attempt;
  beforeAll(async () => {
    player = await registeredPlayer(t, 'demo-ana');
  });

  it('starts with five questions in the stored order, options shuffled, and no correct option', async () => {
    const response = await player.start();
    expect(response.headers['cache-control']).toBe('no-store');
    started = expectStatus(response, 200);
    expect(started).toMatchObject({
      setNum: 1,
      status: 'pending',
      startedAt: '2025-02-05T10:00:00.000Z',
      deadlineAt: '2025-02-05T10:05:00.000Z',
      serverNow: '2025-02-05T10:00:00.000Z',
      answers: [],
      nextPosition: 1,
      result: null,
      challenger: null,
      weekScore: null,
    });
    const stored = await week1Questions();
    expect(started.questions.map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    for (const [index, question] of started.questions.entries()) {
      const en = stored[index]!.translations.en!;
      expect(question.text).toBe(en.text);
      expect(question.category).toBe(stored[index]!.category);
      expect(question.correctOption).toBeNull();
      expect(question.options.map((o) => o.key).sort()).toEqual(Object.keys(en.options).sort());
      for (const option of question.options) expect(option.text).toBe(en.options[option.key]);
    }
    expect(correctOptionLeaks(started)).toEqual([]);
  });

  it('records the attempt for the player and their team, with the server time', async () => {
    const { attempt } = await storedAttempt(t.database.db, started.id);
    const team = await teamByCode(t.database.db, 'es');
    expect(attempt).toMatchObject({
      playerId: player.playerId,
      seasonId: '2025',
      setNum: 1,
      teamId: team.id,
      startedAt: moments2025.week1Open,
      finishedAt: null,
      weekScore: null,
    });
  });

  it('saves each answer with the server time and moves to the next question', async () => {
    const key = await answerKey(t.database.db, started.id);
    // Question 2 answered wrong on purpose, the other four right, one every 12 s.
    const chosen = [key.right(1), key.wrong(2), key.right(3), key.right(4)];
    for (const [index, option] of chosen.entries()) {
      t.clock.advance(12 * SECOND);
      const view = expectStatus(await player.answer(started.id, index + 1, option), 200);
      expect(view.status).toBe('pending');
      expect(view.nextPosition).toBe(index + 2);
      expect(view.answers).toEqual(
        chosen.slice(0, index + 1).map((o, i) => ({ position: i + 1, option: o })),
      );
      expect(view.serverNow).toBe(t.clock.now().toISOString());
      expect(view.result).toBeNull();
      expect(correctOptionLeaks(view)).toEqual([]);
    }
    const { answers } = await storedAttempt(t.database.db, started.id);
    expect(answers.map((a) => [a.position, a.option, a.correct, a.answeredAt])).toEqual([
      [1, chosen[0], true, '2025-02-05T10:00:12.000Z'],
      [2, chosen[1], false, '2025-02-05T10:00:24.000Z'],
      [3, chosen[2], true, '2025-02-05T10:00:36.000Z'],
      [4, chosen[3], true, '2025-02-05T10:00:48.000Z'],
    ]);
  });

  it('scores the fifth answer at once: 4 correct in 60 s is 4 + 0.8 × 0.8 = 4.64 points', async () => {
    const key = await answerKey(t.database.db, started.id);
    t.clock.set(new Date('2025-02-05T10:01:00Z'));
    const done = expectStatus(await player.answer(started.id, 5, key.right(5)), 200);
    expect(done).toMatchObject({
      status: 'done',
      nextPosition: null,
      result: {
        mainScore: 464,
        correctCount: 4,
        answeredCount: 5,
        timedOut: false,
        elapsedSeconds: 60,
      },
      challenger: {
        status: 'pending',
        available: true,
        question: null,
        deadlineAt: null,
        answer: null,
        outcome: null,
      },
      weekScore: 464,
    });
    expect(done.weekScore).toBe(mainSetScore({ correct: 4, elapsedSeconds: 60, timedOut: false }));
    expect(correctOptionLeaks(done)).toEqual([]);
    const { attempt } = await storedAttempt(t.database.db, started.id);
    expect(attempt).toMatchObject({
      finishedAt: new Date('2025-02-05T10:01:00Z'),
      timedOut: false,
      correctCount: 4,
      answeredCount: 5,
      elapsedMs: 60_000,
      mainScore: 464,
      weekScore: 464,
    });
  });

  it('returns the same scored attempt to a repeated finish, start or read, a minute later', async () => {
    t.clock.set(new Date('2025-02-05T10:02:00Z'));
    const before = await storedAttempt(t.database.db, started.id);
    for (const response of [
      await player.finish(started.id),
      await player.start(),
      await player.attempt(started.id),
    ]) {
      expect(expectStatus(response, 200)).toMatchObject({
        id: started.id,
        status: 'done',
        weekScore: 464,
        result: { elapsedSeconds: 60 },
      });
    }
    expect(await storedAttempt(t.database.db, started.id)).toEqual(before);
  });
});

describe('resuming after a reload', () => {
  it('continues the same attempt at question 3 with the same clock and option order', async () => {
    const player = await registeredPlayer(t, 'demo-luis');
    const started = expectStatus(await player.start(), 200);
    const key = await answerKey(t.database.db, started.id);
    for (const position of [1, 2]) {
      t.clock.advance(12 * SECOND);
      expectStatus(await player.answer(started.id, position, key.right(position)), 200);
    }
    t.clock.advance(30 * SECOND);

    const current = expectStatus<CurrentWeek>(await player.current(), 200);
    expect(current).toMatchObject({ state: 'in-progress', attemptId: started.id });

    const reloaded = expectStatus(await player.attempt(current.attemptId!), 200);
    expect(reloaded).toMatchObject({
      id: started.id,
      status: 'pending',
      nextPosition: 3,
      startedAt: started.startedAt,
      deadlineAt: started.deadlineAt,
      serverNow: '2025-02-05T10:00:54.000Z',
    });
    expect(reloaded.answers.map((a) => a.position)).toEqual([1, 2]);
    expect(reloaded.questions).toEqual(started.questions);

    const restarted = expectStatus(await player.start(), 200);
    expect(restarted).toMatchObject({
      id: started.id,
      startedAt: started.startedAt,
      deadlineAt: started.deadlineAt,
      nextPosition: 3,
    });
    expect(restarted.questions).toEqual(started.questions);
    const rows = await t.database.db
      .select()
      .from(attempts)
      .where(eq(attempts.playerId, player.playerId));
    expect(rows).toHaveLength(1);
  });

  it('draws a new option order for each attempt (shuffled per attempt, not per question)', async () => {
    const rows = await t.database.db.select().from(attempts);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const orders = new Set(
      rows.map((row) => JSON.stringify(row.questionIds.map((id) => row.optionOrders[String(id)]))),
    );
    // Two attempts share all five orders with probability 1 / (24 × 6 × 24 × 24 × 24): about 5e-7.
    expect(orders.size).toBe(rows.length);
  });
});

describe('question texts in the player language', () => {
  it('sends the questions in the profile language (Spanish)', async () => {
    const player = await registeredPlayer(t, 'demo-camille', { language: 'es', team: 'fr' });
    const started = expectStatus(await player.start(), 200);
    const stored = await week1Questions();
    for (const [index, question] of started.questions.entries()) {
      const es = stored[index]!.translations.es!;
      expect(question.text).toBe(es.text);
      for (const option of question.options) expect(option.text).toBe(es.options[option.key]);
    }
  });

  it('falls back to English for a question not translated into the player language', async () => {
    const [second] = (await week1Questions()).filter((q) => q.position === 2);
    await t.database.db
      .update(questions)
      .set({ translations: sql`${questions.translations} - 'th'` })
      .where(eq(questions.id, second!.id));
    // Written behind the app's back: tell it, as every writer of questions does.
    await notifyContentChanged(t.database.db);
    const player = await registeredPlayer(t, 'demo-somchai', { language: 'th', team: 'th' });
    const started = expectStatus(await player.start(), 200);
    const stored = await week1Questions();
    expect(started.questions[0]!.text).toBe(stored[0]!.translations.th!.text);
    expect(started.questions[1]!.text).toBe(stored[1]!.translations.en!.text);
    for (const option of started.questions[1]!.options)
      expect(option.text).toBe(stored[1]!.translations.en!.options[option.key]);
  });
});

describe('refused answers', () => {
  let player: Player;
  let attempt: Attempt;
  beforeAll(async () => {
    t.clock.set(moments2025.week1Open);
    player = await registeredPlayer(t, 'demo-kasia', { team: 'pl' });
    attempt = expectStatus(await player.start(), 200);
  });
  const storedAnswers = async () => (await storedAttempt(t.database.db, attempt.id)).answers;

  it('refuses question 2 before question 1 with 409 ANSWER_OUT_OF_ORDER', async () => {
    const key = await answerKey(t.database.db, attempt.id);
    expect(errorCode(await player.answer(attempt.id, 2, key.right(2)), 409)).toBe(
      'ANSWER_OUT_OF_ORDER',
    );
    expect(await storedAnswers()).toEqual([]);
  });

  it.each([0, 6, -1, 99])(
    'refuses question %i, which does not exist, with 400 UNKNOWN_QUESTION',
    async (position) => {
      expect(errorCode(await player.answer(attempt.id, position, 'a'), 400)).toBe(
        'UNKNOWN_QUESTION',
      );
      expect(await storedAnswers()).toEqual([]);
    },
  );

  it("refuses option 'z' with 400 UNKNOWN_OPTION", async () => {
    expect(errorCode(await player.answer(attempt.id, 1, 'z'), 400)).toBe('UNKNOWN_OPTION');
    expect(await storedAnswers()).toEqual([]);
  });

  it('refuses an option key that another question has but this one lacks, with 400 UNKNOWN_OPTION', async () => {
    const key = await answerKey(t.database.db, attempt.id);
    expectStatus(await player.answer(attempt.id, 1, key.right(1)), 200);
    const keysOf = (position: number) => attempt.questions[position - 1]!.options.map((o) => o.key);
    const everyKey = new Set(attempt.questions.flatMap((q) => q.options.map((o) => o.key)));
    // Week 1's question 2 has three options (a–c) while others have four (a–d).
    const missing = [...everyKey].find((k) => !keysOf(2).includes(k));
    expect(missing).toBeDefined();
    expect(errorCode(await player.answer(attempt.id, 2, missing!), 400)).toBe('UNKNOWN_OPTION');
    expect((await storedAnswers()).map((a) => a.position)).toEqual([1]);
  });

  it('refuses a different option for an answered question with 409 ANSWER_FINAL', async () => {
    const key = await answerKey(t.database.db, attempt.id);
    expect(errorCode(await player.answer(attempt.id, 1, key.wrong(1)), 409)).toBe('ANSWER_FINAL');
    const [first] = await storedAnswers();
    expect(first).toMatchObject({ position: 1, option: key.right(1), correct: true });
  });

  it('answers a repeated identical answer with 200 and the stored state, recording nothing new', async () => {
    const key = await answerKey(t.database.db, attempt.id);
    const before = await storedAnswers();
    t.clock.advance(20 * SECOND);
    const repeated = expectStatus(await player.answer(attempt.id, 1, key.right(1)), 200);
    expect(repeated).toMatchObject({
      id: attempt.id,
      status: 'pending',
      nextPosition: 2,
      answers: [{ position: 1, option: key.right(1) }],
    });
    expect(await storedAnswers()).toEqual(before);
  });

  it('refuses an answer after the player finished early with 409 ATTEMPT_FINISHED', async () => {
    t.clock.advance(20 * SECOND);
    const finished = expectStatus(await player.finish(attempt.id), 200);
    // What was answered counts; the unanswered questions score 0 and cost the speed bonus.
    expect(finished).toMatchObject({
      status: 'done',
      nextPosition: null,
      result: { correctCount: 1, answeredCount: 1, mainScore: 100 },
      weekScore: 100,
    });
    const key = await answerKey(t.database.db, attempt.id);
    expect(errorCode(await player.answer(attempt.id, 2, key.right(2)), 409)).toBe(
      'ATTEMPT_FINISHED',
    );
    expect((await storedAnswers()).map((a) => a.position)).toEqual([1]);
    expect((await storedAttempt(t.database.db, attempt.id)).attempt.weekScore).toBe(100);
  });
});

describe('malformed requests answer 400, never 500', () => {
  let player: Player;
  let attempt: Attempt;
  beforeAll(async () => {
    t.clock.set(moments2025.week1Open);
    player = await registeredPlayer(t, 'demo-putri', { team: 'id' });
    attempt = expectStatus(await player.start(), 200);
  });

  it.each([
    ['an empty object', {}],
    ['a missing option', { position: 1 }],
    ['a missing position', { option: 'a' }],
    ['an extra field', { position: 1, option: 'a', correct: true }],
    ['a string for the position', { position: '1', option: 'a' }],
    ['a fractional position', { position: 1.5, option: 'a' }],
    ['a position beyond safe integers', { position: 1e300, option: 'a' }],
    ['a number for the option', { position: 1, option: 1 }],
    ['an empty option', { position: 1, option: '' }],
    ['a nine-character option', { position: 1, option: 'abcdefghi' }],
    ['a 20 000-character option', { position: 1, option: 'x'.repeat(20_000) }],
    ['null', null],
    ['an array', [{ position: 1, option: 'a' }]],
    ['a JSON string', 'a'],
  ])('refuses an answer body with %s', async (_, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/attempts/${attempt.id}/answers`,
      headers: { cookie: player.cookie, 'x-podium-csrf': '1', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toMatch(/^(BAD_REQUEST|INVALID_JSON)$/);
    expect((await storedAttempt(t.database.db, attempt.id)).answers).toEqual([]);
  });

  it('refuses a body that is not JSON, or none at all', async () => {
    const headers = { cookie: player.cookie, 'x-podium-csrf': '1' };
    const url = `/api/attempts/${attempt.id}/answers`;
    const broken = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"position": 1, "option": ',
    });
    expect(errorCode(broken, 400)).toBe('INVALID_JSON');
    const none = await t.app.inject({ method: 'POST', url, headers });
    expect(none.statusCode).toBe(400);
  });

  it('refuses a body over the 64 KB limit with 413, not 500', async () => {
    const response = await player.answerRaw(attempt.id, {
      position: 1,
      option: 'x'.repeat(70_000),
    });
    expect(errorCode(response, 413)).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['an empty object', {}],
    ['an extra field', { option: 'a', position: 1 }],
    ['a number', { option: 3 }],
    ['a huge string', { option: 'x'.repeat(20_000) }],
  ])('refuses a challenger answer body with %s', async (_, body) => {
    expect(errorCode(await player.answerChallengerRaw(attempt.id, body), 400)).toBe('BAD_REQUEST');
  });

  it.each([
    'not-a-uuid',
    '1',
    "1'%20or%20'1'%3D'1",
    '%E0%A4%A',
    '6f0e1a9c-8d0b-4b47-9a4e-2f6d1c3b5a7',
    `${'f'.repeat(300)}`,
  ])('refuses the malformed attempt id %j on every attempt route', async (id) => {
    for (const response of [
      await player.attempt(id),
      await player.answer(id, 1, 'a'),
      await player.finish(id),
      await player.startChallenger(id),
      await player.answerChallenger(id, 'a'),
    ]) {
      expect(errorCode(response, 400)).toBe('BAD_REQUEST');
    }
  });

  it('answers 404 ATTEMPT_NOT_FOUND for a well-formed id that names no attempt', async () => {
    const id = '6f0e1a9c-8d0b-4b47-9a4e-2f6d1c3b5a70';
    for (const response of [
      await player.attempt(id),
      await player.answer(id, 1, 'a'),
      await player.finish(id),
      await player.startChallenger(id),
      await player.answerChallenger(id, 'a'),
    ]) {
      expect(errorCode(response, 404)).toBe('ATTEMPT_NOT_FOUND');
    }
  });

  it('refuses every play call without a session (401), and a state change without the CSRF header (403)', async () => {
    const answer = { position: 1, option: 'a' };
    const calls: [string, string, object?][] = [
      ['GET', '/api/weeks/current'],
      ['GET', '/api/me/stats'],
      ['POST', '/api/weeks/current/attempt'],
      ['GET', `/api/attempts/${attempt.id}`],
      ['POST', `/api/attempts/${attempt.id}/answers`, answer],
      ['POST', `/api/attempts/${attempt.id}/finish`],
      ['POST', `/api/attempts/${attempt.id}/challenger`],
      ['POST', `/api/attempts/${attempt.id}/challenger/answer`, { option: 'a' }],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { 'x-podium-csrf': '1' },
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      if (method === 'GET') continue;
      const forged = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: player.cookie },
        ...(payload ? { payload } : {}),
      });
      expect(errorCode(forged, 403), url).toBe('CSRF_REJECTED');
    }
    expect((await storedAttempt(t.database.db, attempt.id)).answers).toEqual([]);
  });
});

describe("someone else's attempt (IDOR)", () => {
  it("keeps player B from reading, answering, finishing or taking the challenger of A's attempt", async () => {
    const a = await registeredPlayer(t, 'demo-linh', { team: 'vn' });
    const b = await registeredPlayer(t, 'demo-emily', { team: 'us' });
    const started = expectStatus(await a.start(), 200);
    const key = await answerKey(t.database.db, started.id);
    t.clock.advance(10 * SECOND);
    expectStatus(await a.answer(started.id, 1, key.right(1)), 200);
    const before = await storedAttempt(t.database.db, started.id);

    const unknown = await b.attempt('6f0e1a9c-8d0b-4b47-9a4e-2f6d1c3b5a70');
    for (const response of [
      await b.attempt(started.id),
      await b.answer(started.id, 2, key.right(2)),
      await b.answer(started.id, 1, key.wrong(1)),
      await b.finish(started.id),
      await b.startChallenger(started.id),
      await b.answerChallenger(started.id, 'a'),
    ]) {
      expect(errorCode(response, 404)).toBe('ATTEMPT_NOT_FOUND');
      // The same answer as for an id that names nothing: the attempt's existence is not revealed.
      expect(response.body).toBe(unknown.body);
      expect(response.body).not.toContain(started.questions[0]!.text);
    }
    expect(await storedAttempt(t.database.db, started.id)).toEqual(before);

    // Once A's main set is done, B still cannot take A's challenger.
    for (const position of [2, 3, 4, 5]) {
      t.clock.advance(10 * SECOND);
      expectStatus(await a.answer(started.id, position, key.right(position)), 200);
    }
    const done = await storedAttempt(t.database.db, started.id);
    expect(errorCode(await b.startChallenger(started.id), 404)).toBe('ATTEMPT_NOT_FOUND');
    expect(errorCode(await b.answerChallenger(started.id, 'a'), 404)).toBe('ATTEMPT_NOT_FOUND');
    expect(await storedAttempt(t.database.db, started.id)).toEqual(done);
    const seenByA = expectStatus(await a.attempt(started.id), 200);
    expect(seenByA.challenger).toMatchObject({ status: 'pending', available: true });

    // B's own start creates B's own attempt, not A's.
    const own = expectStatus(await b.start(), 200);
    expect(own.id).not.toBe(started.id);
    expect(own.answers).toEqual([]);
  });
});
