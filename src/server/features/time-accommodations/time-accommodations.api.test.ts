import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  latestAudit,
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../tests/organise-helpers';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  registeredPlayer,
  SECOND,
  storedAttempt,
  type Player,
  type PlayApp,
} from '../../../../tests/play-helpers';
import { attemptsAgainstTheirAnswers } from '../../../../tests/standings-recompute';
import type { OpenTimeRequests, PlayerDetail } from '#shared/contracts/organise-players';
import type { CurrentWeek } from '#shared/contracts/play';
import type { MyTime } from '#shared/contracts/time-accommodations';
import { auditLog, timeRequests } from '../../db/schema';

let t: PlayApp;
let organiser: ApiClient;
let ana: Player;
let luis: Player;
let anaApi: ApiClient;
let luisApi: ApiClient;
beforeAll(async () => {
  t = await createPlayApp();
  organiser = await signInOrganiser(t.app);
  ana = await registeredPlayer(t, 'demo-ana');
  luis = await registeredPlayer(t, 'demo-luis', { team: 'mx' });
  anaApi = apiClient(t.app, ana.cookie);
  luisApi = apiClient(t.app, luis.cookie);
});
afterAll(() => t.close());

const myTime = async (api: ApiClient) => ok<MyTime>(await api.get('/api/me/time'));
const detailOf = async (player: Player) =>
  ok<PlayerDetail>(await organiser.get(`/api/organise/players/${player.playerId}`));
const setFactor = (player: Player, timeFactor: unknown) =>
  organiser.put(`/api/organise/players/${player.playerId}/time-factor`, { timeFactor });
const decline = (player: Player) =>
  organiser.post(`/api/organise/players/${player.playerId}/time-request/decline`);
const auditActions = async () =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'player'))
      .orderBy(asc(auditLog.id))
  ).map((row) => row.action);

describe('a player asks for more time', () => {
  it('starts with the usual five minutes and no request', async () => {
    expect(await myTime(anaApi)).toEqual({ timeFactor: 1, timeLimitSeconds: 300, request: null });
    expect((await detailOf(ana)).player.timeFactor).toBe(1);
  });

  it('records one request for a double click: the second is a 409, never a 500', async () => {
    const [first, second] = await Promise.all([
      anaApi.post('/api/me/time/request', { note: 'Screen reader: I read slowly.' }),
      anaApi.post('/api/me/time/request', { note: 'Screen reader: I read slowly.' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    refused(
      [first, second].find((r) => r.statusCode === 409)!,
      409,
      'TIME_REQUEST_OPEN',
    );
    const rows = await t.database.db
      .select()
      .from(timeRequests)
      .where(eq(timeRequests.playerId, ana.playerId));
    expect(rows).toHaveLength(1);
    expect((await myTime(anaApi)).request).toMatchObject({
      status: 'open',
      note: 'Screen reader: I read slowly.',
      decidedAt: null,
    });
  });

  it('refuses a note longer than 500 characters and unknown fields', async () => {
    refused(
      await luisApi.post('/api/me/time/request', { note: 'x'.repeat(501) }),
      400,
      'BAD_REQUEST',
    );
    refused(await luisApi.post('/api/me/time/request', { factor: 10 }), 400, 'BAD_REQUEST');
  });

  it('shows the open request to organisers, and only to them', async () => {
    const open = ok<OpenTimeRequests>(await organiser.get('/api/organise/players/time-requests'));
    expect(open.requests.map((r) => [r.player.name, r.note])).toEqual([
      ['Ana García', 'Screen reader: I read slowly.'],
    ]);
    expect((await detailOf(ana)).timeRequest?.status).toBe('open');
    refused(await luisApi.get('/api/organise/players/time-requests'), 403, 'FORBIDDEN');
    refused(await luisApi.get(`/api/organise/players/${ana.playerId}`), 403, 'FORBIDDEN');
  });
});

describe('an organiser grants a factor', () => {
  it('refuses factors outside 1–10 or with more than two decimals', async () => {
    for (const factor of [0.5, 11, 1.234, '2', null]) {
      refused(await setFactor(ana, factor), 400, 'BAD_REQUEST');
    }
  });

  it('grants 2× once for a double click, answers the request and audits it once', async () => {
    const before = (await auditActions()).length;
    const [first, second] = await Promise.all([setFactor(ana, 2), setFactor(ana, 2)]);
    expect(ok<PlayerDetail>(first).player.timeFactor).toBe(2);
    expect(ok<PlayerDetail>(second).timeRequest).toBeNull();
    expect((await auditActions()).slice(before)).toEqual(['player.time-grant']);
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      entityId: ana.playerId,
      before: { timeFactor: 1, request: 'Screen reader: I read slowly.' },
      after: { timeFactor: 2 },
    });
    expect(await myTime(anaApi)).toEqual({ timeFactor: 2, timeLimitSeconds: 600, request: null });
    const open = ok<OpenTimeRequests>(await organiser.get('/api/organise/players/time-requests'));
    expect(open.requests).toEqual([]);
  });

  it('keeps the factor out of every answer other players and the standings get', async () => {
    for (const url of [
      '/api/me',
      '/api/standings',
      '/api/standings/my-team',
      '/api/weeks/current',
    ]) {
      const body = (await luisApi.get(url)).body;
      expect(body, url).not.toMatch(/timeFactor|timePercent|time_percent|Screen reader/);
    }
    expect((await anaApi.get('/api/me')).body).not.toMatch(/timeFactor|timePercent/);
  });
});

describe('the server gives the player their own time', () => {
  let attemptId: string;

  it('announces 10 minutes and sets the deadline 10 minutes after the start', async () => {
    expect(ok<CurrentWeek>(await anaApi.get('/api/weeks/current')).timeLimitSeconds).toBe(600);
    expect(ok<CurrentWeek>(await luisApi.get('/api/weeks/current')).timeLimitSeconds).toBe(300);
    const view = expectStatus(await ana.start(), 200);
    attemptId = view.id;
    expect(Date.parse(view.deadlineAt) - Date.parse(view.startedAt)).toBe(600 * SECOND);
    expect(view.timeLimitSeconds).toBe(600);
    expect((await storedAttempt(t.database.db, attemptId)).attempt.timePercent).toBe(200);
  });

  it('does not change a running attempt when the factor changes, and audits the change', async () => {
    const before = (await auditActions()).length;
    ok(await setFactor(ana, 3));
    expect((await auditActions()).slice(before)).toEqual(['player.time-change']);
    const view = expectStatus(await ana.attempt(attemptId), 200);
    expect(Date.parse(view.deadlineAt) - Date.parse(view.startedAt)).toBe(600 * SECOND);
  });

  it('accepts an answer after 5 minutes, and gives the bonus on the share of 10 minutes', async () => {
    const key = await answerKey(t.database.db, attemptId);
    let view = expectStatus(await ana.attempt(attemptId), 200);
    for (const position of [1, 2, 3, 4, 5]) {
      t.clock.advance(60 * SECOND); // the last answer after 300 s: half of her 600 s
      view = expectStatus(await ana.answer(attemptId, position, key.right(position)), 200);
    }
    // 5 + (5/5) × (1 − 300/600) = 5.50, as 5 correct in 150 s of the usual 300 s.
    expect(view.result).toMatchObject({ correctCount: 5, timedOut: false, mainScore: 550 });
  });

  it('gives the challenger as long as the main set, from the attempt', async () => {
    const view = expectStatus(await ana.startChallenger(attemptId), 200);
    const stored = (await storedAttempt(t.database.db, attemptId)).attempt;
    expect(stored.challengerDeadlineAt!.getTime() - stored.challengerStartedAt!.getTime()).toBe(
      600 * SECOND,
    );
    expect(view.challenger?.deadlineAt).toBe(stored.challengerDeadlineAt!.toISOString());
  });

  it('scores every attempt as the rule written from scratch does', async () => {
    expect(await attemptsAgainstTheirAnswers(t.database.db, t.clock.now())).toEqual([]);
  });
});

describe('removing and declining', () => {
  it('removes the factor (audited) and changes nothing on a repeat', async () => {
    const before = (await auditActions()).length;
    await Promise.all([setFactor(ana, 1), setFactor(ana, 1)]);
    expect((await auditActions()).slice(before)).toEqual(['player.time-remove']);
    expect((await myTime(anaApi)).timeFactor).toBe(1);
  });

  it('declines an open request once; a second decline is a 409', async () => {
    ok(await luisApi.post('/api/me/time/request', {}), 201);
    const [first, second] = await Promise.all([decline(luis), decline(luis)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    refused(
      [first, second].find((r) => r.statusCode === 409)!,
      409,
      'TIME_REQUEST_NOT_OPEN',
    );
    expect((await myTime(luisApi)).request).toMatchObject({ status: 'declined', note: null });
    expect((await auditActions()).at(-1)).toBe('player.time-decline');
    // Declined, the player may ask again.
    expect(
      (await ok<MyTime>(await luisApi.post('/api/me/time/request', {}), 201)).request?.status,
    ).toBe('open');
  });

  it('answers 404 for a player that does not exist', async () => {
    refused(
      await organiser.put(
        '/api/organise/players/00000000-0000-4000-8000-000000000000/time-factor',
        {
          timeFactor: 2,
        },
      ),
      404,
      'PLAYER_NOT_FOUND',
    );
  });
});
