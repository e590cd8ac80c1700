import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../tests/test-app';
import { CSRF_HEADER } from '../http/security';

const HTTPS_ORIGIN = 'https://podium.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: HTTPS_ORIGIN } });
});
afterAll(() => t.close());

describe('served over HTTPS', () => {
  it('names the session cookie __Host-podium_session: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { callback, location } = await signIn(t.app, 'demo-ana', '/rules', {
      origin: HTTPS_ORIGIN,
    });
    expect(location).toBe('/rules');
    const session = callback.cookies.find((c) => c.name === '__Host-podium_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session!.domain).toBeUndefined();
    expect(callback.cookies.find((c) => c.name === 'podium_session')).toBeUndefined();
  });

  it('gives the login cookie the same __Host- protection', async () => {
    const response = await t.app.inject({ url: '/login' });
    const login = response.cookies.find((c) => c.name === '__Host-podium_login');
    expect(login).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 600,
    });
    expect(login!.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'podium_login')).toBeUndefined();
  });

  it('sends the provider an https redirect_uri', async () => {
    const response = await t.app.inject({ url: '/login' });
    const url = new URL(response.headers.location as string);
    expect(url.origin).toBe(HTTPS_ORIGIN);
    expect(url.searchParams.get('redirect_uri')).toBe(`${HTTPS_ORIGIN}/login/callback`);
  });

  it('recognises the player by the __Host- cookie only', async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-ana', '/', { origin: HTTPS_ORIGIN });
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const unprefixed = await t.app.inject({
      url: '/api/me',
      headers: { cookie: `podium_session=${sessionId}` },
    });
    expect(unprefixed.statusCode).toBe(401);
  });

  it('signs out with the __Host- cookie and accepts the https Origin', async () => {
    const { cookie } = await signIn(t.app, 'demo-ana', '/', { origin: HTTPS_ORIGIN });
    const response = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, [CSRF_HEADER]: '1', origin: HTTPS_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    const redirectTo = new URL(response.json().redirectTo as string);
    expect(redirectTo.origin + redirectTo.pathname).toBe(`${HTTPS_ORIGIN}/idp/session/end`);
    const cleared = response.cookies.find((c) => c.name === '__Host-podium_session');
    expect(cleared).toMatchObject({ value: '', secure: true, path: '/' });
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('rejects the http Origin of the same host', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { [CSRF_HEADER]: '1', origin: 'http://podium.test' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('sends HSTS everywhere, and asks browsers to upgrade insecure requests on pages', async () => {
    for (const url of ['/health/live', '/api/launch', '/leaderboard']) {
      const response = await t.app.inject({ url });
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      expect(response.headers['strict-transport-security'], url).toMatch(/includeSubDomains/);
    }
    const page = await t.app.inject({ url: '/leaderboard' });
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
