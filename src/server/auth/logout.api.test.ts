import { readFileSync } from 'node:fs';
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
import { sessions } from '../db/schema';
import { CSRF_HEADER } from '../http/security';
import { hashSecret } from './service';

let t: TestApp;
let clientSecret: string;
beforeAll(async () => {
  t = await createTestApp();
  // The embedded provider's client secret, to talk to its token endpoint as this server does.
  const secrets = JSON.parse(
    readFileSync(path.join(t.config.dataDir, 'idp', 'secrets.json'), 'utf8'),
  );
  clientSecret = (secrets as { clientSecret: string }).clientSecret;
});
afterAll(() => t.close());

const logout = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/logout',
    headers: { [CSRF_HEADER]: '1', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

const sessionRow = async (sessionId: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, hashSecret(sessionId)));
  return row;
};

/** A refresh_token grant at the embedded provider, authenticated as the Podium client. */
const refreshAtProvider = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: {
      host: new URL(TEST_ORIGIN).host,
      authorization: `Basic ${Buffer.from(`podium:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    }).toString(),
  });

/** Follows an end-session URL at the embedded provider, confirms, and reads where it goes back. */
async function endAtProvider(browser: ReturnType<typeof createBrowser>, url: URL) {
  const confirmPage = await browser.send('GET', url.href);
  expect(confirmPage.statusCode).toBe(200);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmPage.body)?.[1];
  expect(xsrf).toBeTruthy();
  const confirmed = await browser.send(
    'POST',
    '/idp/session/end/confirm',
    new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
  );
  expect(confirmed.statusCode).toBe(303);
  const back = new URL(confirmed.headers.location as string);
  return { home: back.origin + back.pathname, state: back.searchParams.get('state') };
}

describe('POST /logout', () => {
  it("sends the browser to the provider's end-session endpoint with client_id, post_logout_redirect_uri and state, and no token", async () => {
    const browser = createBrowser(t.app);
    await browser.send('GET', await authorize(browser, 'demo-ana'));
    const sessionId = browser.jar.get('podium_session')!;
    const row = (await sessionRow(sessionId))!;
    expect(row.idToken).toBeTruthy();

    const response = await browser.send('POST', '/logout', undefined, {
      [CSRF_HEADER]: '1',
      origin: TEST_ORIGIN,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // Nothing the browser receives carries a token of the session (ADR 0001).
    const received = JSON.stringify(response.headers) + response.body;
    for (const token of [row.idToken, row.accessToken, row.refreshToken])
      if (token) expect(received).not.toContain(token);
    const url = new URL(response.json().redirectTo as string);
    expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/idp/session/end`);
    expect([...url.searchParams.keys()].sort()).toEqual([
      'client_id',
      'post_logout_redirect_uri',
      'state',
    ]);
    expect(url.searchParams.get('client_id')).toBe('podium');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_ORIGIN}/`);
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[\w-]{20,}$/);

    // The provider accepts it, asks for confirmation, and comes back home with the state.
    expect(await endAtProvider(browser, url)).toEqual({ home: `${TEST_ORIGIN}/`, state });
  });

  it('clears the session cookie and ends the session on the server', async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-ana');
    const response = await logout(cookie);
    const cleared = response.cookies.find((c) => c.name === 'podium_session');
    expect(cleared?.value).toBe('');
    expect(await sessionRow(sessionId)).toBeUndefined();
    // Even a browser that kept the cookie is no longer signed in.
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("revokes the session's refresh token at the provider", async () => {
    const { cookie, sessionId } = await signIn(t.app, 'demo-ana');
    const { refreshToken } = (await sessionRow(sessionId))!;
    expect(refreshToken).toBeTruthy();
    // Control: the provider honours the token while the session lives.
    expect((await refreshAtProvider(refreshToken!)).statusCode).toBe(200);

    await logout(cookie);
    const refused = await refreshAtProvider(refreshToken!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
  });

  it('ends only its own session: another signed-in browser stays signed in', async () => {
    const first = await signIn(t.app, 'demo-ana');
    const second = await signIn(t.app, 'demo-ana');
    await logout(first.cookie);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: second.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('sends a second logout with the same cookie straight home', async () => {
    const { cookie } = await signIn(t.app, 'demo-ana');
    await logout(cookie);
    const again = await logout(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ redirectTo: `${TEST_ORIGIN}/` });
  });

  it('sends a browser without a session home', async () => {
    const response = await logout();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirectTo: `${TEST_ORIGIN}/` });
  });

  it('sends a browser with a forged cookie home', async () => {
    const response = await logout('podium_session=forged');
    expect(response.json()).toEqual({ redirectTo: `${TEST_ORIGIN}/` });
  });
});

describe('POST /logout with OIDC_LOGOUT_ID_TOKEN_HINT=1 (providers that need the ID token)', () => {
  let hinted: TestApp;
  beforeAll(async () => {
    hinted = await createTestApp({ env: { OIDC_LOGOUT_ID_TOKEN_HINT: '1' } });
  });
  afterAll(() => hinted.close());

  it('adds id_token_hint, and the provider accepts it', async () => {
    const browser = createBrowser(hinted.app);
    await browser.send('GET', await authorize(browser, 'demo-ana'));
    const [row] = await hinted.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSecret(browser.jar.get('podium_session')!)));
    const response = await browser.send('POST', '/logout', undefined, {
      [CSRF_HEADER]: '1',
      origin: TEST_ORIGIN,
    });
    const url = new URL(response.json().redirectTo as string);
    expect(url.searchParams.get('id_token_hint')).toBe(row!.idToken);
    expect(url.searchParams.get('client_id')).toBe('podium');
    expect(await endAtProvider(browser, url)).toEqual({
      home: `${TEST_ORIGIN}/`,
      state: url.searchParams.get('state'),
    });
  });
});
