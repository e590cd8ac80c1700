import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  answerKey,
  createPlayApp,
  errorCode,
  expectStatus,
  registeredPlayer,
  SECOND,
  storedAttempt,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { CurrentWeek, PlayerStats } from '#shared/contracts/play';
import { sweepExpiredAttempts } from './closing';

/**
 * The week's close cuts the five minutes short (ADR 0014): a set or a challenger ends at the
 * earlier of its start + 300 s and the week's close in the team's time zone; nothing starts
 * after the close; finishing early is not a time-out.
 */

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(moments2025.week1Open));

/** Week 1 (Tue 4 – Fri 7 Feb 2025) closes at 23:59:59.999 in Paris, Madrid and Warsaw. */
const closesAt = new Date('2025-02-07T22:59:59.999Z');
const beforeClose = (seconds: number) => new Date(closesAt.getTime() + 1 - seconds * SECOND);

async function registered(account: string, team: string): Promise<Player> {
  t.clock.set(moments2025.week1Open);
  return registeredPlayer(t, account, { team });
}

describe('the deadline of a set started near the close', () => {
  it('gives the full five minutes 10 minutes before the close', async () => {
    const player = await registered('demo-ana', 'es');
    t.clock.set(beforeClose(600));
    const started = expectStatus(await player.start(), 200);
    expect(started.deadlineAt).toBe(new Date(beforeClose(300).getTime()).toISOString());
  });

  it('ends at the close for a player in France who starts 58 s before it, and counts what was answered', async () => {
    const camille = await registered('demo-camille', 'fr');
    t.clock.set(beforeClose(58));
    const week = expectStatus<CurrentWeek>(await camille.current(), 200);
    expect(week).toMatchObject({ state: 'ready', serverNow: beforeClose(58).toISOString() });
    expect(week.week!.closesAt).toBe(closesAt.toISOString());

    const started = expectStatus(await camille.start(), 200);
    expect(started.deadlineAt).toBe(closesAt.toISOString());
    const key = await answerKey(t.database.db, started.id);
    t.clock.advance(10 * SECOND);
    expectStatus(await camille.answer(started.id, 1, key.right(1)), 200);
    t.clock.advance(10 * SECOND);
    expectStatus(await camille.answer(started.id, 2, key.wrong(2)), 200);

    // After the close, within the 2 s grace, an answer still counts; after it, it is refused.
    t.clock.set(new Date(closesAt.getTime() + 1 * SECOND));
    expectStatus(await camille.answer(started.id, 3, key.right(3)), 200);
    t.clock.set(new Date(closesAt.getTime() + 3 * SECOND));
    expect(errorCode(await camille.answer(started.id, 4, key.right(4)), 409)).toBe(
      'ANSWER_TOO_LATE',
    );

    // The attempt of the closed week is still the player's to read, timed out at the close.
    const view = expectStatus(await camille.attempt(started.id), 200);
    expect(view).toMatchObject({
      setNum: 1,
      status: 'done',
      result: {
        timedOut: true,
        answeredCount: 3,
        correctCount: 2,
        mainScore: 200,
        // The time it used: to the close, not to its last answer in the grace.
        elapsedSeconds: 58,
      },
      weekScore: 200,
      challenger: { status: 'pending', available: false },
    });
    const { attempt } = await storedAttempt(t.database.db, started.id);
    expect(attempt.finishedAt).toEqual(closesAt);

    // The week has moved on: week 2 is the next to open; the challenger cannot start any more.
    const after = expectStatus<CurrentWeek>(await camille.current(), 200);
    expect(after).toMatchObject({ state: 'not-open', attemptId: null, bestWeekScore: 200 });
    expect(after.week!.setNum).toBe(2);
    expect(errorCode(await camille.startChallenger(started.id), 409)).toBe(
      'CHALLENGER_NOT_AVAILABLE',
    );
  });

  it('ends at the close 1 s after the start, and the sweep closes it as timed out', async () => {
    const kasia = await registered('demo-kasia', 'pl');
    t.clock.set(beforeClose(1));
    const started = expectStatus(await kasia.start(), 200);
    expect(started.deadlineAt).toBe(closesAt.toISOString());
    t.clock.set(new Date(closesAt.getTime() + 2 * SECOND + 1));
    expect(await sweepExpiredAttempts({ db: t.database.db, clock: t.clock })).toBeGreaterThan(0);
    expect((await storedAttempt(t.database.db, started.id)).attempt).toMatchObject({
      finishedAt: closesAt,
      timedOut: true,
      answeredCount: 0,
      weekScore: 0,
    });
  });

  it('keeps the full five minutes at the same instant for a team whose week closes later', async () => {
    const emily = await registered('demo-emily', 'us');
    t.clock.set(beforeClose(58));
    const started = expectStatus(await emily.start(), 200);
    expect(started.deadlineAt).toBe(
      new Date(beforeClose(58).getTime() + 300 * SECOND).toISOString(),
    );
  });

  it('scores five answers given before a shortened deadline with the usual speed bonus', async () => {
    const luis = await registered('demo-luis', 'es');
    t.clock.set(beforeClose(120));
    const started = expectStatus(await luis.start(), 200);
    expect(started.deadlineAt).toBe(closesAt.toISOString());
    const key = await answerKey(t.database.db, started.id);
    let done;
    for (let position = 1; position <= 5; position++) {
      t.clock.advance(12 * SECOND);
      done = expectStatus(await luis.answer(started.id, position, key.right(position)), 200);
    }
    // 5 correct in 60 s: (5 / 5) × (1 − 60 / 300) = 0.80, as on any other day.
    expect(done!.result).toMatchObject({ timedOut: false, elapsedSeconds: 60 });
    expect(done!.weekScore).toBe(580);
  });
});

describe('starting after the close', () => {
  it('refuses the start at the close and after it with 409 WEEK_CLOSED, and creates nothing', async () => {
    const putri = await registered('demo-putri', 'fr');
    for (const moment of [
      closesAt,
      new Date(closesAt.getTime() + 1),
      moments2025.betweenWeeks1And2,
    ]) {
      t.clock.set(moment);
      const refused = await putri.start();
      expect(errorCode(refused, 409)).toBe('WEEK_CLOSED');
      expect(refused.json().error.message).toMatch(/closed/);
    }
    expect(expectStatus<PlayerStats>(await putri.stats(), 200).totalScore).toBe(0);
  });
});

describe('the challenger near the close', () => {
  it('ends at the close, and a challenger left unanswered at the close halves the week', async () => {
    const linh = await registered('demo-linh', 'fr');
    t.clock.set(beforeClose(200));
    const started = expectStatus(await linh.start(), 200);
    const key = await answerKey(t.database.db, started.id);
    for (let position = 1; position <= 5; position++) {
      t.clock.advance(10 * SECOND);
      expectStatus(await linh.answer(started.id, position, key.right(position)), 200);
    }
    t.clock.set(beforeClose(100));
    const challenger = expectStatus(await linh.startChallenger(started.id), 200);
    expect(challenger.challenger).toMatchObject({
      status: 'in-progress',
      deadlineAt: closesAt.toISOString(),
    });
    t.clock.set(new Date(closesAt.getTime() + 3 * SECOND));
    const view = expectStatus(await linh.attempt(started.id), 200);
    expect(view.challenger).toMatchObject({ status: 'done', outcome: 'timed-out' });
    expect(view.weekScore).toBe(Math.floor(view.result!.mainScore / 2));
  });
});

describe('finishing early', () => {
  it('is not a time-out: it scores what was answered, without speed bonus, and ends at the finish', async () => {
    const somchai = await registered('demo-somchai', 'th');
    const started = expectStatus(await somchai.start(), 200);
    const key = await answerKey(t.database.db, started.id);
    for (let position = 1; position <= 3; position++) {
      t.clock.advance(10 * SECOND);
      expectStatus(await somchai.answer(started.id, position, key.right(position)), 200);
    }
    t.clock.advance(10 * SECOND);
    const finished = expectStatus(await somchai.finish(started.id), 200);
    expect(finished).toMatchObject({
      status: 'done',
      result: {
        timedOut: false,
        answeredCount: 3,
        correctCount: 3,
        mainScore: 300,
        elapsedSeconds: 40,
      },
    });
    expect((await storedAttempt(t.database.db, started.id)).attempt).toMatchObject({
      timedOut: false,
      finishedAt: new Date(moments2025.week1Open.getTime() + 40 * SECOND),
    });
    // An incomplete set is not a completion time: no 'fastest' from it.
    expect(expectStatus<PlayerStats>(await somchai.stats(), 200).fastestSeconds).toBeNull();
    // Answers after the finish are refused as 'finished', not 'too late'.
    expect(errorCode(await somchai.answer(started.id, 4, key.right(4)), 409)).toBe(
      'ATTEMPT_FINISHED',
    );
  });

  it('is a time-out when the finish arrives after the deadline, within the grace', async () => {
    const rafael = await registered('demo-rafael', 'br');
    const started = expectStatus(await rafael.start(), 200);
    t.clock.advance(301 * SECOND);
    const finished = expectStatus(await rafael.finish(started.id), 200);
    expect(finished.result).toMatchObject({
      timedOut: true,
      answeredCount: 0,
      elapsedSeconds: 300,
    });
  });
});
