import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { CustomFetch } from 'openid-client';
import { buildApp } from '../src/server/app';
import type { Clock } from '../src/server/clock';
import { loadConfig, type Config } from '../src/server/config';
import type { DatabaseHandle } from '../src/server/db/client';
import type { Readiness } from '../src/server/http/health';
import { OPENAPI_PATH } from '../src/server/http/openapi';
import { createResponseCheck } from './response-check';
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
  /** The config the app was built with (origin, data folder, session timeouts…). */
  config: Config;
  /** Every route the app registered, with its options and schemas (set by createTestApp). */
  routes?: RouteOptions[];
  close(): Promise<void>;
}

/** The real app on a fresh database, with the embedded identity provider, for `inject`. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    database?: DatabaseHandle;
    readiness?: Readiness;
    /** The fetch for an external identity provider (third-party-idp.ts trusts its CA with it). */
    oidcFetch?: CustomFetch;
    /** Receives the app's log lines (set LOG_LEVEL in `env`: tests are silent by default). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // The embedded provider's keys; removed with the app.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podium-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    // The reminder rounds' timer is off: its statements at start-up would land inside tests
    // that count statements. reminders.api.test.ts runs rounds itself; the e2e servers run it.
    REMINDERS: '0',
    ...options.env,
  });
  const routes: RouteOptions[] = [];
  const responseCheck = createResponseCheck();
  const app = await buildApp(config, {
    database,
    onRoute: (route) => {
      routes.push(route);
      responseCheck.onRoute(route);
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
    ...(options.oidcFetch ? { oidcFetch: options.oidcFetch } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  // Requests go to PUBLIC_URL's host unless a test names another one, as a browser's would
  // (light-my-request's default, localhost:80, is redirected like any other host).
  const publicHost = new URL(config.publicOrigin).host;
  const inject = app.inject.bind(app);
  // Every answer is checked against the OpenAPI document (tests/response-check.ts, ADR 0034).
  const served = await inject({ url: OPENAPI_PATH, headers: { host: publicHost } });
  responseCheck.arm(served.json());
  app.inject = (async (opts: InjectOptions) => {
    const response = await inject({ ...opts, headers: { host: publicHost, ...opts.headers } });
    const mismatch = responseCheck.mismatchOf(response.raw.req);
    if (mismatch) throw new Error(mismatch);
    return response;
  }) as typeof app.inject;
  return {
    app,
    database,
    config,
    routes,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookies set by a response, as name → value (an expired cookie maps to ''). */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

/** The session cookie's name: served over HTTPS it carries the `__Host-` prefix. */
export function sessionCookieName(origin = TEST_ORIGIN): string {
  return new URL(origin).protocol === 'https:' ? '__Host-podium_session' : 'podium_session';
}

/**
 * A minimal browser for `inject`: keeps a cookie jar and sends the Host (and, for an HTTPS
 * origin, the X-Forwarded-Proto a TLS-terminating proxy would add) of `origin`.
 */
export interface TestBrowser {
  origin: string;
  jar: Map<string, string>;
  send(
    method: 'GET' | 'POST',
    url: string,
    payload?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export function createBrowser(app: FastifyInstance, origin = TEST_ORIGIN): TestBrowser {
  const jar = new Map<string, string>();
  const base = new URL(origin);
  return {
    origin,
    jar,
    async send(method, url, payload, headers = {}) {
      const target = new URL(url, origin);
      const response = await app.inject({
        method,
        url: target.pathname + target.search,
        headers: {
          host: base.host,
          ...(base.protocol === 'https:' ? { 'x-forwarded-proto': 'https' } : {}),
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
        ...(payload ? { payload } : {}),
      });
      for (const cookie of response.cookies) {
        if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
          jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return response;
    },
  };
}

/**
 * Runs the provider's side of a sign-in: /login → /idp/auth → interaction page → account
 * chosen → … until the provider redirects back. Returns that /login/callback URL (path and
 * query) without following it, so that a test can tamper with it or with the cookie jar.
 */
export async function authorize(
  browser: TestBrowser,
  account = 'demo-ana',
  returnTo = '/',
): Promise<string> {
  let response = await browser.send('GET', `/login?returnTo=${encodeURIComponent(returnTo)}`);
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.location;
    if (typeof location !== 'string')
      throw new Error(`sign-in stopped with ${response.statusCode}: ${response.body}`);
    const url = new URL(location, browser.origin);
    if (url.pathname === '/login/callback') return url.pathname + url.search;
    if (url.pathname.startsWith('/idp/interaction/')) {
      await browser.send('GET', location);
      response = await browser.send(
        'POST',
        `${url.pathname}/login`,
        `account=${encodeURIComponent(account)}`,
      );
    } else if (url.pathname.startsWith('/idp/')) {
      response = await browser.send('GET', location);
    } else {
      throw new Error(`sign-in left for ${location} before the callback`);
    }
  }
  throw new Error('sign-in did not reach the callback within 10 redirects');
}

/**
 * Signs a demo account in through the real redirect flow of the embedded provider:
 * /login → /idp/auth → interaction page → account chosen → /login/callback.
 * Returns the session cookie header, where the callback redirected to, and the callback's
 * response (for its Set-Cookie flags).
 */
export async function signIn(
  app: FastifyInstance,
  account = 'demo-ana',
  returnTo = '/',
  options: { origin?: string } = {},
): Promise<{
  cookie: string;
  location: string;
  sessionId: string;
  callback: LightMyRequestResponse;
}> {
  const browser = createBrowser(app, options.origin);
  const callbackUrl = await authorize(browser, account, returnTo);
  const callback = await browser.send('GET', callbackUrl);
  const location = callback.headers.location;
  const name = sessionCookieName(browser.origin);
  const sessionId = browser.jar.get(name);
  if (typeof location !== 'string' || !sessionId) {
    throw new Error(
      `sign-in ended with ${callback.statusCode} at ${String(location)} without a session`,
    );
  }
  return { cookie: `${name}=${sessionId}`, location, sessionId, callback };
}
