import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  signInOrganiser,
  type ApiClient,
  type Method,
} from '../../../../tests/organise-helpers';
import { createPlayApp, registeredPlayer, type PlayApp } from '../../../../tests/play-helpers';
import { createTestApp, signIn } from '../../../../tests/test-app';
import type { Me } from '#shared/contracts/me';

let t: PlayApp;
let organiser: ApiClient;
let player: ApiClient;
let signedOut: ApiClient;
beforeAll(async () => {
  t = await createPlayApp();
  organiser = await signInOrganiser(t.app);
  player = apiClient(t.app, (await registeredPlayer(t, 'demo-ana')).cookie);
  signedOut = apiClient(t.app);
});
afterAll(() => t.close());

const someone = '00000000-0000-4000-8000-000000000000';
/** Every organiser endpoint: the test below fails when a route is added and not listed here. */
const endpoints: [Method, string][] = [
  ['GET', '/api/organise/audit'],
  ['GET', '/api/organise/warnings'],
  ['GET', '/api/organise/season'],
  ['PUT', '/api/organise/season'],
  ['GET', '/api/organise/seasons'],
  ['POST', '/api/organise/seasons'],
  ['PUT', '/api/organise/seasons/next/weeks/1/questions'],
  ['DELETE', '/api/organise/seasons/next'],
  ['POST', '/api/organise/seasons/next/launch'],
  ['GET', '/api/organise/teams'],
  ['POST', '/api/organise/teams'],
  ['PUT', '/api/organise/teams/1'],
  ['POST', '/api/organise/teams/1/sales-teams'],
  ['PUT', '/api/organise/sales-teams/1'],
  ['DELETE', '/api/organise/sales-teams/1'],
  ['GET', '/api/organise/weeks/1/questions'],
  ['PUT', '/api/organise/weeks/1/questions/1'],
  ['POST', '/api/organise/weeks/1/questions/1/review'],
  ['POST', '/api/organise/weeks/1/questions/1/correction'],
  ['GET', '/api/organise/weeks/1/questions/export'],
  ['POST', '/api/organise/weeks/1/questions/import'],
  ['GET', '/api/organise/weeks/1/translations'],
  ['POST', '/api/organise/weeks/1/translations/fr/review'],
  ['GET', '/api/organise/weeks/1/translations/fr/xliff'],
  ['POST', '/api/organise/weeks/1/translations/fr/xliff'],
  ['GET', '/api/organise/players'],
  ['GET', `/api/organise/players/${someone}`],
  ['POST', `/api/organise/players/${someone}/team`],
  ['POST', `/api/organise/players/${someone}/weeks/1/inactive`],
  ['POST', `/api/organise/players/${someone}/sign-out`],
  ['GET', '/api/organise/players/time-requests'],
  ['PUT', `/api/organise/players/${someone}/time-factor`],
  ['POST', `/api/organise/players/${someone}/time-request/decline`],
  ['GET', `/api/organise/players/${someone}/privacy`],
  ['POST', `/api/organise/players/${someone}/erase`],
  ['POST', `/api/organise/players/${someone}/deactivate`],
  ['POST', `/api/organise/players/${someone}/reactivate`],
  ['GET', '/api/organise/weeks/1/dashboard'],
  ['GET', '/api/organise/weeks/1/not-played'],
  ['GET', '/api/organise/weeks/1/not-played.csv'],
  ['GET', '/api/organise/exports/standings.csv'],
  ['GET', '/api/organise/exports/players.csv'],
  ['GET', '/api/organise/exports/regional-winners.csv'],
  ['GET', '/api/organise/gaps'],
  ['GET', '/api/organise/exports/gaps.csv'],
  ['GET', '/api/organise/outbox'],
];
const body = (method: Method) => (method === 'GET' || method === 'DELETE' ? undefined : {});

it('lists every /api/organise route the app serves', () => {
  // printRoutes draws a tree: each line's segment continues its parent's path.
  const parents: string[] = [];
  const served = t.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
      if (!match) return [];
      const depth = match[1]!.length / 4;
      const path = (parents[depth - 1] ?? '') + match[2]!;
      parents[depth] = path;
      if (!path.startsWith('/api/organise') || !match[3]) return [];
      return match[3]
        .split(', ')
        .filter((method) => method !== 'HEAD')
        .map((method) => `${method} ${path}`);
    });
  const listed = endpoints.map(([method, url]) =>
    `${method} ${url}`
      .replace(/\/seasons\/next/, '/seasons/:seasonId')
      .replace(/\/teams\/1/, '/teams/:id')
      .replace(/\/sales-teams\/1/, '/sales-teams/:id')
      .replace(/\/weeks\/1/, '/weeks/:setNum')
      .replace(/\/questions\/1/, '/questions/:slot')
      .replace(/\/translations\/fr/, '/translations/:language')
      .replace(someone, ':playerId'),
  );
  expect(served.length).toBeGreaterThan(0);
  expect([...listed].sort()).toEqual([...served].sort());
});

describe.each(endpoints)('%s %s', (method, url) => {
  it('answers 401 UNAUTHENTICATED when signed out, whatever the body', async () => {
    const response = await signedOut.send(method, url, body(method));
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 FORBIDDEN to a player, whatever the body', async () => {
    const response = await player.send(method, url, body(method));
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/organisers/),
    });
  });

  it('lets the organiser through, answering bad input with a 4xx, never a 500', async () => {
    const response = await organiser.send(method, url, body(method));
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect([401, 403]).not.toContain(response.statusCode);
  });
});

describe('the organiser role', () => {
  const me = async (client: ApiClient) => (await client.get('/api/me')).json() as Me;

  it('is granted by the groups claim, and /api/me says so', async () => {
    expect((await me(organiser)).organiser).toBe(true);
    expect((await me(player)).organiser).toBe(false);
  });

  it('follows ORGANISER_EMAILS and OIDC_ORGANISER_GROUP, and is recomputed at each sign-in', async () => {
    const byEmail = await createTestApp({
      database: t.database,
      clock: t.clock,
      env: { ORGANISER_EMAILS: ' Someone@Example.com , ANA.GARCIA@example.com' },
    });
    const otherGroup = await createTestApp({
      database: t.database,
      clock: t.clock,
      env: { OIDC_ORGANISER_GROUP: 'quiz-admins' },
    });
    try {
      const ana = apiClient(byEmail.app, (await signIn(byEmail.app, 'demo-ana')).cookie);
      expect((await me(ana)).organiser).toBe(true);
      expect((await ana.get('/api/organise/season')).statusCode).toBe(200);

      // Signing in where the email is not listed takes the role away, for every session.
      await signIn(t.app, 'demo-ana');
      expect((await me(ana)).organiser).toBe(false);
      expect((await ana.get('/api/organise/season')).statusCode).toBe(403);

      const morgan = apiClient(
        otherGroup.app,
        (await signIn(otherGroup.app, 'demo-organiser')).cookie,
      );
      expect((await me(morgan)).organiser).toBe(false);
      expect((await morgan.get('/api/organise/teams')).statusCode).toBe(403);
    } finally {
      await byEmail.close();
      await otherGroup.close();
      // The suite's organiser signs in again to get the role back.
      organiser = await signInOrganiser(t.app);
    }
  });
});
