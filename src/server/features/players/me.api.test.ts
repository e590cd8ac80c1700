import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../../tests/test-app';
import { players, sessions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie?: string) => t.app.inject({ url: '/api/me', headers: cookie ? { cookie } : {} });

describe('GET /api/me', () => {
  it('answers 401 UNAUTHENTICATED in JSON without a session cookie', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
    });
  });

  it('refuses a forged session cookie and clears it', async () => {
    const response = await me('podium_session=forged-value-that-names-no-session');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    const cleared = response.cookies.find((cookie) => cookie.name === 'podium_session');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.path).toBe('/');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses an absurdly long cookie without looking it up', async () => {
    const response = await me(`podium_session=${'x'.repeat(4000)}`);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a cookie holding the stored hash instead of the session id', async () => {
    await signIn(t.app, 'demo-luis');
    const [row] = await t.database.db.select({ idHash: sessions.idHash }).from(sessions).limit(1);
    const response = await me(`podium_session=${row!.idHash}`);
    expect(response.statusCode).toBe(401);
  });

  it('returns the signed-in player with the claims and nothing secret', async () => {
    const { cookie } = await signIn(t.app, 'demo-camille');
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      name: 'Camille Martin',
      givenName: 'Camille',
      familyName: 'Martin',
      email: 'camille.martin@example.com',
      locale: 'fr-FR',
      zoneinfo: 'Europe/Paris',
      language: null,
      team: null,
      salesTeam: null,
      registered: false,
      organiser: false,
      remindersEnabled: true,
      hallOfFame: false,
      // No season yet: no launch, and the calendar would run in UTC.
      timeZone: 'UTC',
      eventStartsAt: null,
      serverNow: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      season: null,
    });
    // The server's clock, for countdowns that must not trust the device's.
    expect(Math.abs(Date.parse(response.json().serverNow) - Date.now())).toBeLessThan(60_000);
    expect(response.body).not.toMatch(/token|oidc|subject|issuer|"id"|session/i);
    // The raw tokens exist server-side and must not appear anywhere in the body.
    for (const row of await t.database.db.select().from(sessions)) {
      expect(row.accessToken.length).toBeGreaterThan(10);
      expect(response.body).not.toContain(row.accessToken);
      if (row.idToken) expect(response.body).not.toContain(row.idToken);
    }
  });

  it('shows the language chosen on the profile', async () => {
    const { cookie } = await signIn(t.app, 'demo-kasia');
    await t.database.db
      .update(players)
      .set({ language: 'pl' })
      .where(eq(players.oidcSubject, 'demo-kasia'));
    expect((await me(cookie)).json().language).toBe('pl');
  });
});

describe('saving a profile while no season exists', () => {
  it('answers 404 NO_SEASON to a registration, saving nothing', async () => {
    const { cookie } = await signIn(t.app, 'demo-emily');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/registration',
      headers: { cookie, 'x-podium-csrf': '1' },
      payload: {
        language: 'en',
        teamId: 1,
        salesTeamId: null,
        activeWeeks: [true, true, true, true, true, true],
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NO_SEASON');
    expect((await me(cookie)).json()).toMatchObject({ registered: false, team: null });
  });
});
