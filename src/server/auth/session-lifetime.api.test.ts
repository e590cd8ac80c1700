import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  createBrowser,
  createTestApp,
  fixedClock,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/test-app';
import { idpArtifacts, sessions } from '../db/schema';
import { hashSecret } from './service';

const MINUTE = 60_000;
// The embedded provider's tokens are checked against the real time, so the clock starts there.
const clock = fixedClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '2' },
  });
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

const sessionRow = async (sessionId: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, hashSecret(sessionId)));
  return row;
};

describe('session lifetime', () => {
  it('refuses a session idle for longer than SESSION_IDLE_MINUTES, and forgets it', async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-ana');
    clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    // Activity counts from the last request, not from sign-in.
    clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    const response = await me(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(response.cookies.find((c) => c.name === 'podium_session')?.value).toBe('');
    expect(await sessionRow(sessionId)).toBeUndefined();
  });

  it('refuses an active session past SESSION_ABSOLUTE_HOURS', async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-luis');
    for (let elapsed = 25; elapsed <= 115; elapsed += 15) {
      clock.advance(elapsed === 25 ? 25 * MINUTE : 15 * MINUTE);
      expect((await me(cookie)).statusCode, `after ${elapsed} minutes`).toBe(200);
    }
    clock.advance(6 * MINUTE); // 121 minutes after sign-in, 6 since the last request
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionRow(sessionId)).toBeUndefined();
  });

  it('refreshes an expired access token on the server and keeps the player signed in', async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-camille');
    const before = (await sessionRow(sessionId))!;
    const oneHourFromNow = () => clock.now().getTime() + 3600_000;
    // expires_in is whole seconds, counted by the provider: allow a few seconds of rounding.
    expect(before.accessTokenExpiresAt!.getTime()).toBeGreaterThan(oneHourFromNow() - 5_000);
    expect(before.accessTokenExpiresAt!.getTime()).toBeLessThanOrEqual(oneHourFromNow());

    clock.advance(20 * MINUTE);
    await me(cookie);
    clock.advance(20 * MINUTE);
    await me(cookie);
    clock.advance(21 * MINUTE); // 61 minutes: the one-hour access token has expired
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().givenName).toBe('Camille');

    const after = (await sessionRow(sessionId))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(oneHourFromNow() - 5_000);
    expect(after.lastSeenAt.getTime()).toBe(clock.now().getTime());
    expect(after.expiresAt).toEqual(before.expiresAt);
    // The browser's cookie is unchanged: tokens never travel to it.
    expect(response.cookies).toHaveLength(0);
  });

  it('keeps the session when two requests find the access token expired at once', async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-putri');
    const before = (await sessionRow(sessionId))!;
    clock.advance(20 * MINUTE);
    await me(cookie);
    clock.advance(20 * MINUTE);
    await me(cookie);
    clock.advance(21 * MINUTE);
    const responses = await Promise.all([me(cookie), me(cookie), me(cookie)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const after = (await sessionRow(sessionId))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('ends the session when the provider no longer accepts its refresh token', async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-kasia');
    // The provider forgets the refresh token (as after an administrator revoked the grant).
    await t.database.db.delete(idpArtifacts).where(eq(idpArtifacts.model, 'RefreshToken'));
    clock.advance(20 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(20 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(21 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionRow(sessionId)).toBeUndefined();
  });

  it('refuses a sign-in completed more than ten minutes after it started as login_expired', async () => {
    const browser = createBrowser(t.app);
    const callbackUrl = await authorize(browser, 'demo-ana');
    clock.advance(11 * MINUTE);
    const response = await browser.send('GET', callbackUrl);
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, TEST_ORIGIN);
    expect(location.pathname).toBe('/login/callback');
    expect(location.searchParams.get('failure')).toBe('login_expired');
    expect(browser.jar.has('podium_session')).toBe(false);
  });
});
