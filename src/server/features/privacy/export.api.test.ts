import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyData } from '#shared/contracts/privacy';
import { ok, signInOrganiser } from '../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  type Player,
  type PlayApp,
} from '../../../../tests/play-helpers';
import { sessions } from '../../db/schema';
import { moments2025 } from '../../../../tests/factories';

let t: PlayApp;
let ana: Player;
let data: MyData;
let raw: string;

beforeAll(async () => {
  t = await createPlayApp();
  ana = await registeredPlayer(t, 'demo-ana', {
    activeWeeks: [true, true, false, true, true, true],
  });
  await playWeek(t, ana, { pattern: 'rrwrr', challenger: 'right' });
  const organiser = await signInOrganiser(t.app);
  ok(
    await organiser.post(`/api/organise/players/${ana.playerId}/weeks/3/inactive`, {
      reason: 'Parental leave',
    }),
    409,
  );
  ok(
    await organiser.post(`/api/organise/players/${ana.playerId}/weeks/2/inactive`, {
      reason: 'Parental leave',
    }),
  );
  const response = await t.app.inject({ url: '/api/me/export', headers: { cookie: ana.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toBe(
    'attachment; filename="podium-my-data-2025-02-05.json"',
  );
  expect(response.headers['cache-control']).toBe('no-store');
  raw = response.body;
  data = response.json();
});
afterAll(() => t.close());

describe('GET /api/me/export', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/me/export' });
    expect(response.statusCode).toBe(401);
  });

  it("holds the player's profile, with the identity provider's subject", () => {
    expect(data.profile).toMatchObject({
      id: ana.playerId,
      providerSubject: 'demo-ana',
      email: 'ana.garcia@example.com',
      name: 'Ana García',
      language: 'en',
      team: { name: 'Spain' },
      remindersEnabled: true,
      deactivatedAt: null,
    });
  });

  it('holds the holiday calendar as saved, with the organiser override, and the season’s registration', () => {
    expect(data.calendar).toEqual([
      {
        seasonId: '2025',
        activeWeeks: [true, false, false, true, true, true],
        registeredAt: moments2025.week1Open.toISOString(),
        team: { id: expect.any(Number), name: 'Spain' },
        salesTeam: null,
        updatedAt: expect.any(String),
      },
    ]);
  });

  it('holds each attempt with every answer, its time and the challenger', () => {
    expect(data.attempts).toHaveLength(1);
    const [attempt] = data.attempts;
    expect(attempt).toMatchObject({ seasonId: '2025', week: 1, team: { name: 'Spain' } });
    expect(attempt!.answers.map((answer) => answer.correct)).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
    for (const answer of attempt!.answers) expect(Date.parse(answer.answeredAt)).not.toBeNaN();
    expect(attempt!.challenger).toMatchObject({ correct: true, option: expect.any(String) });
    expect(attempt!.weekScore).toBeGreaterThan(0);
    expect(data.seasonTotals).toEqual([
      expect.objectContaining({ seasonId: '2025', total: attempt!.weekScore }),
    ]);
  });

  it('holds the audit entries about the player', () => {
    expect(data.audit).toEqual([
      expect.objectContaining({
        role: 'subject',
        action: 'player.week-inactive',
        actorName: 'Morgan Lee',
        reason: 'Parental leave',
      }),
    ]);
  });

  it('lists the sessions without their id hash or tokens, the current one marked', async () => {
    expect(data.sessions).toEqual([
      {
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
        current: true,
      },
    ]);
    for (const row of await t.database.db.select().from(sessions)) {
      expect(raw).not.toContain(row.idHash);
      expect(raw).not.toContain(row.accessToken);
      if (row.idToken) expect(raw).not.toContain(row.idToken);
      if (row.refreshToken) expect(raw).not.toContain(row.refreshToken);
    }
  });

  it("holds nobody else's data", async () => {
    await registeredPlayer(t, 'demo-luis', { team: 'mx' });
    const again = await t.app.inject({ url: '/api/me/export', headers: { cookie: ana.cookie } });
    expect(again.body).not.toMatch(/luis|Hern/i);
    // The organiser is named as the author of an entry about Ana, nothing more.
    expect(again.body).not.toContain('morgan');
  });

  it('is described in the OpenAPI document with its schema', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/me/export'].get;
    const schema = operation.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['profile', 'calendar', 'attempts', 'reminders', 'audit', 'sessions']),
    );
  });
});
