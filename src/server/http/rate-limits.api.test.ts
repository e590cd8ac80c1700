import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTransactions } from '../db/schema';
import {
  createPlayApp,
  registeredPlayer,
  storedAttempt,
  type PlayApp,
} from '../../../tests/play-helpers';
import { createTestApp, signIn, type TestApp } from '../../../tests/test-app';

/**
 * Rate limits (docs/hostile-input.md): sign-in per client IP, play per player (never per IP: a
 * whole office may sign in from one address). A refusal is 429 RATE_LIMITED in our JSON shape with
 * Retry-After, writes nothing, and the client gets in again once the window has passed. The windows
 * here are a few seconds long: @fastify/rate-limit counts on the real clock.
 */

const WINDOW_SECONDS = 5;

function expectRateLimited(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({
    error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Try again in \d+ s/) },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(response.headers['cache-control']).toBe('no-store');
  return retryAfter;
}

const waitSeconds = (seconds: number) =>
  new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 150));

describe('sign-in, per client IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_SECONDS: String(WINDOW_SECONDS),
        RATE_LIMIT_SIGN_IN: '3',
        RATE_LIMIT_PLAY: '0',
      },
    });
  });
  afterAll(() => t.close());

  const login = (ip: string, url = '/login?returnTo=%2F') =>
    t.app.inject({ url, remoteAddress: ip });

  it('answers 429 with Retry-After past the limit, on /login and its callback alike, and lets the IP in again after the window', async () => {
    for (let i = 0; i < 3; i++) expect((await login('203.0.113.7')).statusCode).toBe(303);
    const transactions = (await t.database.db.select().from(loginTransactions)).length;

    const retryAfter = expectRateLimited(await login('203.0.113.7'));
    expectRateLimited(await login('203.0.113.7', '/login/callback?state=x&code=y'));
    // The refused requests started no sign-in.
    expect(await t.database.db.select().from(loginTransactions)).toHaveLength(transactions);

    // Another address is not affected.
    expect((await login('198.51.100.20')).statusCode).toBe(303);

    await waitSeconds(retryAfter);
    expect((await login('203.0.113.7')).statusCode).toBe(303);
  });

  it('sends a browser past the limit to the sign-in failure screen, which itself stays reachable', async () => {
    const ip = '203.0.113.40';
    const page = (url: string) =>
      t.app.inject({ url, remoteAddress: ip, headers: { accept: 'text/html,*/*;q=0.8' } });
    for (let i = 0; i < 3; i++) expect((await page('/login?returnTo=%2F')).statusCode).toBe(303);

    const refused = await page('/login?returnTo=%2F');
    expect(refused.statusCode).toBe(303);
    const location = new URL(refused.headers.location!, 'http://podium.test');
    expect(location.pathname).toBe('/login/callback');
    expect(location.searchParams.get('failure')).toBe('rate_limited');
    // The failure screen is the web app's page (404 in tests run before a build), not counted
    // against the address.
    const screen = await page(`${location.pathname}${location.search}`);
    expect(screen.statusCode).not.toBe(429);
    // Other clients still get the JSON refusal.
    expectRateLimited(await login(ip));
  });

  it('does not limit the API itself by IP', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await t.app.inject({ url: '/api/site', remoteAddress: '192.0.2.1' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('play, per player', () => {
  let t: PlayApp;
  beforeAll(async () => {
    t = await createPlayApp(undefined, {
      RATE_LIMIT_SECONDS: String(WINDOW_SECONDS),
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_PLAY: '4',
    });
  });
  afterAll(() => t.close());

  it('throttles one player across all their sessions, not the colleagues behind the same address, and recovers after the window', async () => {
    const ana = await registeredPlayer(t, 'demo-ana');
    const luis = await registeredPlayer(t, 'demo-luis');
    const anaElsewhere = (await signIn(t.app, 'demo-ana')).cookie;
    const started = await ana.start(); // 1
    expect(started.statusCode, started.body).toBe(200);
    const attemptId = (started.json() as { id: string }).id;
    expect((await ana.current()).statusCode).toBe(200); // 2
    expect((await ana.attempt(attemptId)).statusCode).toBe(200); // 3
    expect((await ana.stats()).statusCode).toBe(200); // 4

    // The fifth play request in the window is refused, and its answer is not recorded.
    const retryAfter = expectRateLimited(await ana.answer(attemptId, 1, 'a'));
    expect((await storedAttempt(t.database.db, attemptId)).answers).toEqual([]);
    // The same player in another browser shares the budget.
    expectRateLimited(
      await t.app.inject({ url: '/api/weeks/current', headers: { cookie: anaElsewhere } }),
    );
    // A colleague from the same address (inject: 127.0.0.1 for everyone) plays on.
    for (let i = 0; i < 4; i++) expect((await luis.current()).statusCode).toBe(200);
    // Reads outside the game are not counted.
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: ana.cookie } })).statusCode,
    ).toBe(200);

    await waitSeconds(retryAfter);
    const answered = await ana.answer(attemptId, 1, 'a');
    expect([200, 400]).toContain(answered.statusCode);
    expect((await ana.current()).statusCode).toBe(200);
  });
});
