import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPlayApp,
  errorCode,
  expectStatus,
  playMainSet,
  registeredPlayer,
  signedInPlayer,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import { moments2025 } from '../../../../tests/factories';
import { createTestApp, signIn, type TestApp } from '../../../../tests/test-app';
import type { CurrentWeek } from '#shared/contracts/play';
import { attempts, questions } from '../../db/schema';

/** GET /api/weeks/current: which state /questions shows, and the start refusals that go with it. */

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(moments2025.week1Open));

const current = async (player: Player) => expectStatus<CurrentWeek>(await player.current(), 200);

async function attemptCount(playerId: string) {
  return (await t.database.db.select().from(attempts).where(eq(attempts.playerId, playerId)))
    .length;
}

describe('GET /api/weeks/current while week 1 is open', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/weeks/current' });
    expect(response.statusCode).toBe(401);
  });

  it('says not-registered before registration, and starting is refused with NOT_REGISTERED', async () => {
    const player = await signedInPlayer(t, 'demo-emily');
    const view = await current(player);
    expect(view).toMatchObject({ state: 'not-registered', attemptId: null });
    expect(view.week?.setNum).toBe(1);
    expect(errorCode(await player.start(), 409)).toBe('NOT_REGISTERED');
    expect(await attemptCount(player.playerId)).toBe(0);
  });

  it('says ready after registration, with week 1 in the team time zone and its topic', async () => {
    const player = await registeredPlayer(t, 'demo-ana');
    const [first] = await t.database.db
      .select({ category: questions.category })
      .from(questions)
      .where(and(eq(questions.setNum, 1), eq(questions.kind, 'main'), eq(questions.position, 1)));
    const response = await player.current();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(expectStatus<CurrentWeek>(response, 200)).toEqual({
      state: 'ready',
      // Tue 4 – Fri 7 Feb in Madrid (UTC+1).
      week: {
        setNum: 1,
        eventId: 1,
        eventWeek: 1,
        opensAt: '2025-02-03T23:00:00.000Z',
        closesAt: '2025-02-07T22:59:59.999Z',
        topic: first!.category,
      },
      attemptId: null,
      bestWeekScore: null,
      serverNow: moments2025.week1Open.toISOString(),
      // The usual 5 minutes: no time accommodation (ADR 0037).
      timeLimitSeconds: 300,
    });
  });

  it('says in-progress with the attempt id once started', async () => {
    const player = await registeredPlayer(t, 'demo-luis');
    const started = expectStatus(await player.start(), 200);
    expect(await current(player)).toMatchObject({ state: 'in-progress', attemptId: started.id });
  });

  it('says done once the five are answered, with the week score as personal best', async () => {
    const player = await registeredPlayer(t, 'demo-olivia', { team: 'ca' });
    const played = await playMainSet(t, player, 'rrrrr');
    expect(played.status).toBe('done');
    expect(await current(player)).toMatchObject({
      state: 'done',
      attemptId: played.id,
      bestWeekScore: played.weekScore,
    });
  });
});

describe('GET /api/weeks/current when no week is open', () => {
  it('says not-open before launch, pointing at week 1, and starting is refused with WEEK_NOT_OPEN', async () => {
    t.clock.set(moments2025.beforeLaunch);
    const player = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
    const view = await current(player);
    expect(view).toMatchObject({ state: 'not-open', attemptId: null, week: { setNum: 1 } });
    expect(errorCode(await player.start(), 409)).toBe('WEEK_NOT_OPEN');
    expect(await attemptCount(player.playerId)).toBe(0);
  });

  it('says not-open on Saturday 8 Feb between weeks, pointing at week 2, and refuses to start', async () => {
    const player = await registeredPlayer(t, 'demo-kasia');
    t.clock.set(moments2025.betweenWeeks1And2);
    const view = await current(player);
    expect(view).toMatchObject({ state: 'not-open', attemptId: null, week: { setNum: 2 } });
    // Week 1 has closed (ADR 0014): the refusal says so.
    expect(errorCode(await player.start(), 409)).toBe('WEEK_CLOSED');
    expect(await attemptCount(player.playerId)).toBe(0);
  });

  it('points at week 2 between weeks after week 1 was played, keeping the personal best', async () => {
    const player = await registeredPlayer(t, 'demo-rafael');
    const played = await playMainSet(t, player, 'rrwrr');
    t.clock.set(moments2025.betweenWeeks1And2);
    expect(await current(player)).toMatchObject({
      state: 'not-open',
      week: { setNum: 2 },
      attemptId: null,
      bestWeekScore: played.weekScore,
    });
  });
});

describe('inactive weeks (holiday snooze)', () => {
  it('says inactive when week 1 was set inactive before launch, and refuses to start with WEEK_INACTIVE', async () => {
    t.clock.set(moments2025.beforeLaunch);
    const player = await registeredPlayer(t, 'demo-putri', {
      activeWeeks: [false, true, true, true, true, true],
    });
    t.clock.set(moments2025.week1Open);
    expect(await current(player)).toMatchObject({
      state: 'inactive',
      attemptId: null,
      week: { setNum: 1 },
    });
    const refused = await player.start();
    expect(errorCode(refused, 409)).toBe('WEEK_INACTIVE');
    expect(refused.json().error.message).toMatch(/account page/);
    expect(await attemptCount(player.playerId)).toBe(0);
  });

  it('says no-active-weeks when all six weeks are inactive, and refuses to start', async () => {
    t.clock.set(moments2025.beforeLaunch);
    const player = await registeredPlayer(t, 'demo-somchai', {
      team: 'th',
      activeWeeks: [false, false, false, false, false, false],
    });
    t.clock.set(moments2025.week1Open);
    expect(await current(player)).toMatchObject({ state: 'no-active-weeks', attemptId: null });
    expect(errorCode(await player.start(), 409)).toBe('WEEK_INACTIVE');
    expect(await attemptCount(player.playerId)).toBe(0);
  });
});

describe('without a season', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp();
  });
  afterAll(() => empty.close());

  it('says no-season, and starting answers 404 NO_SEASON', async () => {
    const { cookie } = await signIn(empty.app, 'demo-linh');
    const view = await empty.app.inject({ url: '/api/weeks/current', headers: { cookie } });
    expect(expectStatus<CurrentWeek>(view, 200)).toEqual({
      state: 'no-season',
      week: null,
      attemptId: null,
      bestWeekScore: null,
      serverNow: expect.any(String),
      timeLimitSeconds: 300,
    });
    const start = await empty.app.inject({
      method: 'POST',
      url: '/api/weeks/current/attempt',
      headers: { cookie, 'x-podium-csrf': '1' },
    });
    expect(errorCode(start, 404)).toBe('NO_SEASON');
  });
});
