import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { profileInput, storedPlayer, teamByCode } from '../../../tests/factories';
import {
  apiRoutes,
  databaseFingerprint,
  expectJsonError,
  routeName,
  type ApiRoute,
} from '../../../tests/hostile-inputs';
import { signInOrganiser } from '../../../tests/organise-helpers';
import {
  createPlayApp,
  expectStatus,
  registeredPlayer,
  updateProfile,
} from '../../../tests/play-helpers';
import { signIn, TEST_ORIGIN } from '../../../tests/test-app';
import { CSRF_HEADER } from '../http/security';

/**
 * Authentication and authorisation under attack (docs/hostile-input.md), on every route the app
 * registers: forged, tampered, expired and signed-out session cookies; CSRF without the header or
 * from a foreign Origin; open redirects through returnTo; one player reaching another's data.
 *
 * Covered elsewhere and not repeated here: another player's attempt (read, answer, finish,
 * challenger: features/play/attempt.api.test.ts, "someone else's attempt (IDOR)"), organiser
 * endpoints as a player or signed out (features/organise/access.api.test.ts, every route), a
 * tampered sign-in callback (auth/sign-in.api.test.ts).
 */

const t = await createPlayApp(undefined, { RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_PLAY: '0' });
afterAll(() => t.close());
const db = t.database.db;
const ana = await registeredPlayer(t, 'demo-ana');
const luis = await registeredPlayer(t, 'demo-luis');
const organiser = await signInOrganiser(t.app);
const attempt = expectStatus(await ana.start(), 200);

const routes = apiRoutes(t.routes ?? []);
// The OpenAPI document describes the routes and holds no data: public, like the site settings.
const isPublic = (route: ApiRoute) =>
  /^\/(health|login)\b|^\/api\/(site|launch|season|openapi\.json)$|^\/logout$/.test(route.url);
const sessionRoutes = routes.filter((route) => !isPublic(route));
const unsafeRoutes = routes.filter((route) => route.method !== 'GET');

/** The route's path with plausible values in its parameters. */
function pathOf(route: ApiRoute): string {
  return route.url
    .replace(':id', route.url.startsWith('/api/attempts') ? attempt.id : '1')
    .replace(':playerId', ana.playerId)
    .replace(':setNum', '1')
    .replace(':slot', '1');
}

function call(route: ApiRoute, headers: Record<string, string>) {
  return t.app.inject({
    method: route.method,
    url: pathOf(route),
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
}

describe('session cookies', () => {
  it('finds the routes to attack from the app itself', () => {
    expect(sessionRoutes.length).toBeGreaterThan(35);
    expect(unsafeRoutes.length).toBeGreaterThan(15);
  });

  const storedHash = async () => (await db.select().from(sessions))[0]!.idHash;
  const forgeries: [string, () => Promise<string>][] = [
    ['a random value', async () => 'podium_session=Zm9yZ2VkLXNlc3Npb24tdmFsdWUtMTIzNDU2Nzg5'],
    ['an empty value', async () => 'podium_session='],
    ['an 8 KB value', async () => `podium_session=${'A'.repeat(8192)}`],
    ['the stored hash instead of the secret', async () => `podium_session=${await storedHash()}`],
    ['a valid session with one character changed', async () => tamper(ana.cookie)],
    [
      'the valid session under the HTTPS-only name',
      async () => ana.cookie.replace('podium_session', '__Host-podium_session'),
    ],
    ['percent-encoded garbage', async () => 'podium_session=%00%ff%ED%A0%80'],
  ];

  it.each(forgeries)(
    'answers 401 UNAUTHENTICATED to %s on every route that needs a session, writing nothing',
    async (_what, forge) => {
      const cookie = await forge();
      const before = await databaseFingerprint(db);
      const problems: string[] = [];
      for (const route of sessionRoutes) {
        const response = await call(route, {
          cookie,
          [CSRF_HEADER]: '1',
          origin: TEST_ORIGIN,
        });
        if (response.statusCode !== 401)
          problems.push(`${routeName(route)}: ${response.statusCode}`);
        else expectJsonError(response, routeName(route));
      }
      expect(problems).toEqual([]);
      expect(await databaseFingerprint(db)).toEqual(before);
    },
  );

  it('reads only the session cookie: two cookies with the name do not mix sessions', async () => {
    const response = await t.app.inject({
      url: '/api/me',
      headers: { cookie: `${ana.cookie}; ${luis.cookie}` },
    });
    // Whichever one the parser keeps, the answer is one whole player, never a blend.
    const me = expectStatus<{ email: string }>(response, 200);
    expect(['ana.garcia@example.com', (await storedPlayer(db, 'demo-luis')).email]).toContain(
      me.email,
    );
  });

  it('answers 401 everywhere once the player has signed out, and for a session past its lifetime', async () => {
    const gone = (await signIn(t.app, 'demo-ana')).cookie;
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: gone, [CSRF_HEADER]: '1', origin: TEST_ORIGIN },
    });
    expect(signOut.statusCode).toBe(200);
    for (const route of sessionRoutes) {
      const response = await call(route, { cookie: gone, [CSRF_HEADER]: '1', origin: TEST_ORIGIN });
      expect(response.statusCode, routeName(route)).toBe(401);
    }

    // createPlayApp's sessions last 90 days at most: 91 days later every one has expired.
    const old = (await signIn(t.app, 'demo-ana')).cookie;
    t.clock.advance(91 * 24 * 3_600_000);
    for (const route of sessionRoutes) {
      const response = await call(route, {
        cookie: old,
        [CSRF_HEADER]: '1',
        origin: TEST_ORIGIN,
      });
      expect(response.statusCode, routeName(route)).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    t.clock.advance(-91 * 24 * 3_600_000);
  });
});

describe('CSRF on every state-changing route', () => {
  const attacks: [string, Record<string, string>][] = [
    ['no header', { origin: TEST_ORIGIN }],
    ['no header and no Origin (a form post from an old browser)', {}],
    ['the header with a foreign Origin', { [CSRF_HEADER]: '1', origin: 'https://evil.example' }],
    [
      'the header with a look-alike Origin',
      { [CSRF_HEADER]: '1', origin: `${TEST_ORIGIN}.evil.example` },
    ],
    ['the header with an opaque Origin', { [CSRF_HEADER]: '1', origin: 'null' }],
    ['the header with the wrong value', { [CSRF_HEADER]: 'true', origin: TEST_ORIGIN }],
    ['the header empty', { [CSRF_HEADER]: '', origin: TEST_ORIGIN }],
  ];

  it.each(attacks)(
    'refuses %s with 403 CSRF_REJECTED, even with a valid session, and writes nothing',
    async (_what, headers) => {
      const before = await databaseFingerprint(db);
      const problems: string[] = [];
      for (const route of unsafeRoutes) {
        const cookie = route.url.startsWith('/api/organise') ? organiser.cookie! : ana.cookie;
        const response = await call(route, { cookie, ...headers });
        const code = (response.json() as { error?: { code?: string } }).error?.code;
        if (response.statusCode !== 403 || code !== 'CSRF_REJECTED')
          problems.push(`${routeName(route)}: ${response.statusCode} ${code}`);
      }
      expect(problems).toEqual([]);
      expect(await databaseFingerprint(db)).toEqual(before);
      // The sessions survived the attempts (POST /logout among them).
      expect(
        (await t.app.inject({ url: '/api/me', headers: { cookie: ana.cookie } })).statusCode,
      ).toBe(200);
    },
  );
});

describe('open redirects through returnTo', () => {
  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    ' //evil.example',
    'https:evil.example',
    'https://evil.example',
    'HTTPS://evil.example',
    'https://podium.test@evil.example',
    `${TEST_ORIGIN}.evil.example/`,
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '/./../..//evil.example',
    '/..%2F..%2F%2Fevil.example',
    '/\u3000/evil.example',
  ])('keeps %j on our own origin', async (returnTo) => {
    const { location } = await signIn(t.app, 'demo-ana', returnTo);
    expect(location.startsWith('/')).toBe(true);
    expect(location).not.toMatch(/^\/[/\\]/);
    const target = new URL(location, TEST_ORIGIN);
    expect(target.origin).toBe(TEST_ORIGIN);
    expect(target.pathname.startsWith('//')).toBe(false);
  });
});

it('refuses a returnTo holding a NUL outright, before any sign-in starts', async () => {
  const response = await t.app.inject({ url: '/login?returnTo=%2F%00%2F%2Fevil.example' });
  expect(response.statusCode).toBe(400);
  expectJsonError(response, 'NUL in returnTo');
});

describe("another player's data (IDOR)", () => {
  it('offers a player no route that names a player: their own data comes from the session', () => {
    const playerFacing = routes.filter((route) => !route.url.startsWith('/api/organise'));
    expect(playerFacing.filter((route) => /:playerId|\/players\//.test(route.url))).toEqual([]);
  });

  it("cannot change another player's profile by naming them in the body", async () => {
    const es = await teamByCode(db, 'es');
    const before = await storedPlayer(db, 'demo-luis');
    for (const extra of [
      { playerId: luis.playerId },
      { id: luis.playerId },
      { player: { id: luis.playerId } },
    ]) {
      const response = await updateProfile(t.app, ana, {
        ...profileInput(es, { language: 'th' }),
        ...extra,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    expect(await storedPlayer(db, 'demo-luis')).toEqual(before);
  });

  it("shows a player no one else's email or attempt in any response of theirs", async () => {
    const luisEmail = (await storedPlayer(db, 'demo-luis')).email!;
    const luisAttempt = expectStatus(await luis.start(), 200);
    const problems: string[] = [];
    for (const route of routes.filter(
      (r) => r.method === 'GET' && !r.url.startsWith('/api/organise') && !isPublic(r),
    )) {
      const response = await call(route, { cookie: ana.cookie });
      if (response.body.includes(luisEmail) || response.body.includes(luisAttempt.id))
        problems.push(routeName(route));
    }
    expect(problems).toEqual([]);
  });
});

/** The cookie with the last character of its value changed. */
function tamper(cookie: string): string {
  const last = cookie.at(-1);
  return cookie.slice(0, -1) + (last === 'A' ? 'B' : 'A');
}
