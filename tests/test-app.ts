import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/server/app';
import type { Clock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import type { DatabaseHandle } from '../src/server/db/client';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://podium.test';

/** A settable clock for tests. */
export function fixedClock(
  start = new Date('2025-02-05T10:00:00Z'),
): Clock & { set(date: Date): void; advance(ms: number): void } {
  let current = start;
  return {
    now: () => new Date(current),
    set: (date) => void (current = date),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a fresh database, with the embedded identity provider, for `inject`. */
export async function createTestApp(
  options: { env?: Record<string, string>; clock?: Clock; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'podium-test-')),
    ...options.env,
  });
  const app = await buildApp(config, {
    database,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** Cookies set by a response, as name → value (an expired cookie maps to ''). */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

/**
 * Signs a demo account in through the real redirect flow of the embedded provider:
 * /login → /idp/auth → interaction page → account chosen → /login/callback.
 * Returns the session cookie header and where the callback redirected to.
 */
export async function signIn(
  app: FastifyInstance,
  account = 'demo-ana',
  returnTo = '/',
): Promise<{ cookie: string; location: string; sessionId: string }> {
  const jar = new Map<string, string>();
  const send = async (method: 'GET' | 'POST', url: string, payload?: string) => {
    const target = new URL(url, TEST_ORIGIN);
    const response = await app.inject({
      method,
      url: target.pathname + target.search,
      headers: {
        host: new URL(TEST_ORIGIN).host,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
        jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  };
  let response = await send('GET', `/login?returnTo=${encodeURIComponent(returnTo)}`);
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.location;
    if (typeof location !== 'string')
      throw new Error(`sign-in stopped with ${response.statusCode}: ${response.body}`);
    const url = new URL(location, TEST_ORIGIN);
    if (url.pathname.startsWith('/idp/interaction/')) {
      await send('GET', location);
      response = await send(
        'POST',
        `${url.pathname}/login`,
        `account=${encodeURIComponent(account)}`,
      );
    } else if (url.pathname.startsWith('/idp/') || url.pathname === '/login/callback') {
      response = await send('GET', location);
    } else {
      const sessionId = jar.get('podium_session');
      if (!sessionId) throw new Error(`sign-in ended at ${location} without a session`);
      return { cookie: `podium_session=${sessionId}`, location, sessionId };
    }
  }
  throw new Error('sign-in did not finish within 10 redirects');
}
