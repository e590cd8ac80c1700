import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  createBrowser,
  createTestApp,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/test-app';

/**
 * The embedded provider's own cookies (`_session`, `_interaction`, `_interaction_resume`) as a
 * browser receives them during a whole sign-in. A cookie with SameSite=None but without Secure
 * is refused by Firefox and WebKit: over plain http the provider then forgets its session.
 */
async function providerCookies(t: TestApp, origin: string) {
  const browser = createBrowser(t.app, origin);
  const seen: LightMyRequestResponse['cookies'] = [];
  const send = browser.send.bind(browser);
  browser.send = async (...args) => {
    const response = await send(...args);
    if (new URL(args[1], origin).pathname.startsWith('/idp/')) seen.push(...response.cookies);
    return response;
  };
  await authorize(browser, 'demo-ana');
  return seen.filter((cookie) => cookie.value !== '');
}

describe.each([
  { scheme: 'http', origin: TEST_ORIGIN, secure: false },
  { scheme: 'https', origin: 'https://podium.test', secure: true },
])("the embedded provider's cookies over $scheme", ({ origin, secure }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: origin } });
  });
  afterAll(() => t.close());

  it(`are SameSite=Lax and HttpOnly, ${secure ? 'Secure' : 'not Secure'}, with no SameSite=None copy`, async () => {
    const cookies = await providerCookies(t, origin);
    const names = new Set(cookies.map((cookie) => cookie.name));
    expect(names).toContain('_session');
    expect(names).toContain('_interaction');
    expect(names).toContain('_interaction_resume');
    expect([...names].filter((name) => name.endsWith('.legacy'))).toEqual([]);
    for (const cookie of cookies) {
      expect(cookie.sameSite, cookie.name).toMatch(/^lax$/i);
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(cookie.secure ?? false, cookie.name).toBe(secure);
    }
  });
});
