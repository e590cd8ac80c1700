import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  createBrowser,
  createTestApp,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/test-app';
import { loginTransactions, players, sessions } from '../db/schema';
import { hashSecret } from './service';

let t: TestApp;
beforeAll(async () => {
  // An empty web build folder: the SPA is "not built", whatever the working copy holds.
  t = await createTestApp({
    env: { WEB_DIST_DIR: mkdtempSync(path.join(tmpdir(), 'podium-no-web-')) },
  });
});
afterAll(() => t.close());

/** Where a failed callback sends the browser, as { failure, message }. */
function failureOf(location: unknown): { failure: string | null; message: string | null } {
  expect(typeof location).toBe('string');
  const url = new URL(location as string, TEST_ORIGIN);
  expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/login/callback`);
  return { failure: url.searchParams.get('failure'), message: url.searchParams.get('message') };
}

describe('sign-in through the embedded provider', () => {
  it('creates the player from the ID token claims and returns to the page first asked for', async () => {
    const { cookie, location } = await signIn(t.app, 'demo-ana', '/leaderboard');
    expect(location).toBe('/leaderboard');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      givenName: 'Ana',
      familyName: 'García',
      email: 'ana.garcia@example.com',
      locale: 'es-ES',
    });
  });

  it('starts with PKCE S256, state and nonce, and redirect_uri on this origin', async () => {
    const response = await t.app.inject({ url: '/login?returnTo=%2Ftrack' });
    expect(response.statusCode).toBe(303);
    expect(response.headers['cache-control']).toBe('no-store');
    const url = new URL(response.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/idp/auth`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('podium');
    expect(params.get('redirect_uri')).toBe(`${TEST_ORIGIN}/login/callback`);
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('state')).not.toBe(params.get('nonce'));
    // The PKCE verifier stays on the server.
    const [transaction] = await t.database.db
      .select()
      .from(loginTransactions)
      .where(eq(loginTransactions.state, params.get('state')!));
    expect(transaction!.returnTo).toBe('/track');
    expect(url.href).not.toContain(transaction!.codeVerifier);
  });

  it('sets an HttpOnly, SameSite=Lax, ten-minute login cookie that is not Secure on http', async () => {
    const response = await t.app.inject({ url: '/login' });
    const login = response.cookies.find((cookie) => cookie.name === 'podium_login');
    expect(login).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
    expect(login!.secure).toBeUndefined();
    expect(login!.domain).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie named podium_session on http', async () => {
    const { callback } = await signIn(t.app, 'demo-emily');
    const session = callback.cookies.find((cookie) => cookie.name === 'podium_session');
    expect(session).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 168 * 3600,
    });
    expect(session!.secure).toBeUndefined();
    expect(session!.domain).toBeUndefined();
    // The login cookie has done its job.
    const login = callback.cookies.find((cookie) => cookie.name === 'podium_login');
    expect(login?.value).toBe('');
    expect(callback.headers['set-cookie']).not.toContain('__Host-');
  });

  it('stores only a hash of a random session id of at least 128 bits', async () => {
    const { sessionId } = await signIn(t.app, 'demo-linh');
    expect(Buffer.from(sessionId, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(stored.map((row) => row.idHash)).toContain(hashSecret(sessionId));
    expect(stored.map((row) => row.idHash)).not.toContain(sessionId);
  });

  it('updates the player from the claims at a later sign-in, without a second row', async () => {
    await signIn(t.app, 'demo-putri');
    await t.database.db
      .update(players)
      .set({ email: 'stale@example.com', givenName: 'Stale' })
      .where(eq(players.oidcSubject, 'demo-putri'));
    await signIn(t.app, 'demo-putri');
    const rows = await t.database.db
      .select()
      .from(players)
      .where(eq(players.oidcSubject, 'demo-putri'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'putri.wijaya@example.com',
      givenName: 'Putri',
      oidcIssuer: `${TEST_ORIGIN}/idp`,
    });
  });
});

describe('returnTo after sign-in', () => {
  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil',
    '/.//evil.example',
    '/login',
    'javascript:alert(1)',
  ])('lands on / when asked to return to %j', async (returnTo) => {
    const { location } = await signIn(t.app, 'demo-ana', returnTo);
    expect(location).toBe('/');
  });

  it('keeps a same-origin path with its query', async () => {
    const { location } = await signIn(t.app, 'demo-ana', '/leaderboard?x=1');
    expect(location).toBe('/leaderboard?x=1');
  });
});

describe('sign-in failures', () => {
  it('refuses a callback whose state does not match and opens no session', async () => {
    const browser = createBrowser(t.app);
    const callbackUrl = new URL(await authorize(browser, 'demo-ana'), TEST_ORIGIN);
    callbackUrl.searchParams.set('state', 'tampered-state');
    const before = await t.database.db.select().from(sessions);
    const response = await browser.send('GET', callbackUrl.pathname + callbackUrl.search);
    expect(response.statusCode).toBe(303);
    const { failure, message } = failureOf(response.headers.location);
    // openid-client names it (OAUTH_INVALID_RESPONSE); the transaction itself was fine.
    expect(failure).toBeTruthy();
    expect(failure).not.toBe('login_expired');
    expect(message).toBeTruthy();
    expect(browser.jar.has('podium_session')).toBe(false);
    expect(await t.database.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('refuses a callback without the login cookie as login_expired', async () => {
    const browser = createBrowser(t.app);
    const callbackUrl = await authorize(browser, 'demo-ana');
    browser.jar.delete('podium_login');
    const response = await browser.send('GET', callbackUrl);
    expect(response.statusCode).toBe(303);
    expect(failureOf(response.headers.location)).toEqual({
      failure: 'login_expired',
      message: expect.any(String),
    });
    expect(browser.jar.has('podium_session')).toBe(false);
  });

  it('completes a sign-in at most once: replaying the callback fails', async () => {
    const browser = createBrowser(t.app);
    const callbackUrl = await authorize(browser, 'demo-ana');
    const loginCookie = browser.jar.get('podium_login')!;
    const first = await browser.send('GET', callbackUrl);
    expect(first.headers.location).toBe('/');
    browser.jar.set('podium_login', loginCookie);
    const replay = await browser.send('GET', callbackUrl);
    expect(failureOf(replay.headers.location).failure).toBe('login_expired');
  });

  it('reports access_denied when the person picks no known account at the provider', async () => {
    const browser = createBrowser(t.app);
    const callbackUrl = await authorize(browser, 'nobody-at-all');
    expect(new URL(callbackUrl, TEST_ORIGIN).searchParams.get('error')).toBe('access_denied');
    const response = await browser.send('GET', callbackUrl);
    expect(response.statusCode).toBe(303);
    expect(failureOf(response.headers.location).failure).toBe('access_denied');
    expect(browser.jar.has('podium_session')).toBe(false);
  });

  it('serves the web app, not an error, for /login/callback without state', async () => {
    // This app has no web build, so the fallback is the JSON 404 of registerSpa.
    const response = await t.app.inject({ url: '/login/callback?failure=x&message=y' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('reports provider_unavailable when the provider cannot be reached', async () => {
    const unreachable = await createTestApp({
      env: {
        OIDC_ISSUER: 'https://127.0.0.1:9/unreachable',
        OIDC_CLIENT_ID: 'podium',
        OIDC_CLIENT_SECRET: 'secret',
      },
    });
    try {
      const response = await unreachable.app.inject({ url: '/login?returnTo=%2Ftrack' });
      expect(response.statusCode).toBe(303);
      expect(failureOf(response.headers.location).failure).toBe('provider_unavailable');
      expect(response.cookies.find((cookie) => cookie.name === 'podium_login')).toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });
});
