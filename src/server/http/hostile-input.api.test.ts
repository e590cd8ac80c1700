import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { profileInput, teamsByCode } from '../../../tests/factories';
import {
  apiRoutes,
  databaseFingerprint,
  expectJsonError,
  hasBody,
  hostileCases,
  routeName,
  type ApiRoute,
  type HostileCase,
  type RouteBase,
} from '../../../tests/hostile-inputs';
import { ok, seasonInputOf, signInOrganiser } from '../../../tests/organise-helpers';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  playMainSet,
  registeredPlayer,
  SECOND,
  signedInPlayer,
} from '../../../tests/play-helpers';
import { signIn, TEST_ORIGIN } from '../../../tests/test-app';
import type { OrganiserSeason } from '#shared/contracts/organise';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import { CSRF_HEADER } from './security';

/**
 * Hostile input (docs/hostile-input.md): every route the app registers (found from the app itself,
 * so a new route is covered without touching this file) gets generated bad inputs in its path,
 * query and body. Whatever the schemas refuse must be a 4xx in our JSON shape and write nothing (a
 * fingerprint of every table before and after); whatever they accept must still never be a 5xx. One
 * app for the whole file: week 1 of 2025 open, a player in the middle of an attempt, the demo
 * organiser.
 */

// Thousands of requests from one player and one address: the rate limits (tested in
// rate-limits.api.test.ts) would answer most of them with 429 before they reach anything.
const t = await createPlayApp(undefined, { RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_PLAY: '0' });
afterAll(() => t.close());
const db = t.database.db;

const ana = await registeredPlayer(t, 'demo-ana');
const attempt = expectStatus(await ana.start(), 200);
t.clock.advance(10 * SECOND);
expectStatus(await ana.answer(attempt.id, 1, (await answerKey(db, attempt.id)).right(1)), 200);
// Routes that only go deep for a player in another state: registration for one not yet
// registered, the challenger's answer for one whose challenger is running.
const newcomer = await signedInPlayer(t, 'demo-kasia');
const camille = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
const camilleAttempt = await playMainSet(t, camille, 'rrrrr', 5);
expectStatus(await camille.startChallenger(camilleAttempt.id), 200);
const organiser = await signInOrganiser(t.app);
const { es, th } = await teamsByCode(db, ['es', 'th']);

const season = ok<OrganiserSeason>(await organiser.get('/api/organise/season'));
const week2 = ok<WeekQuestions>(await organiser.get('/api/organise/weeks/2/questions'));
const question = week2.slots[0]!.question!;
const exported = await organiser.get('/api/organise/weeks/2/questions/export?format=json');
const xliff = await organiser.get('/api/organise/weeks/2/translations/th/xliff');

/** Valid values for each route's path, query and body; anything not listed gets none. */
const params: Record<string, string> = {
  attemptId: attempt.id,
  teamId: String(es.id),
  salesTeamId: String(es.salesTeams[0]!.id),
  setNum: '2',
  slot: '1',
  playerId: ana.playerId,
  language: 'th',
  // A draft the season routes create (from 'empty': it can never be launched here).
  seasonId: 'hostile',
};
const queries: Record<string, Record<string, string>> = {
  '/login': { returnTo: '/leaderboard' },
  '/login/callback': { state: 'some-state', code: 'some-code' },
  '/api/standings/track': { eventId: '1', eventWeek: '1' },
  '/api/organise/audit': { page: '1', pageSize: '10', entityType: 'team' },
  '/api/organise/warnings': { days: '7' },
  '/api/organise/players': { q: 'ana', teamId: String(es.id) },
  '/api/organise/weeks/:setNum/questions/export': { format: 'csv' },
  '/api/organise/weeks/:setNum/not-played': { page: '1' },
  '/api/organise/exports/standings.csv': { setNum: '1' },
  '/api/organise/exports/regional-winners.csv': { top: '3' },
};
const bodies: Record<string, unknown> = {
  'POST /api/me/registration': profileInput(es),
  'PUT /api/me/profile': profileInput(es),
  'PUT /api/me/reminders': { enabled: false },
  'POST /api/attempts/:id/answers': { position: 2, option: 'a' },
  'POST /api/attempts/:id/challenger/answer': { option: 'a' },
  'PUT /api/organise/season': seasonInputOf(season),
  'POST /api/organise/teams': {
    name: 'Hostile',
    flag: 'zz',
    region: 'EUROPE',
    timeZone: 'Europe/Madrid',
  },
  'PUT /api/organise/teams/:id': {
    name: es.name,
    flag: es.flag,
    region: es.region,
    timeZone: es.timeZone,
  },
  'POST /api/organise/teams/:id/sales-teams': { name: 'Hostile sales' },
  'PUT /api/organise/sales-teams/:id': { name: es.salesTeams[0]!.name },
  'PUT /api/organise/weeks/:setNum/questions/:slot': {
    category: question.category,
    correct: question.correct,
    source: question.source,
    translations: Object.fromEntries(
      Object.entries(question.translations).filter(([language]) => ['en', 'th'].includes(language)),
    ),
  },
  'POST /api/organise/weeks/:setNum/questions/:slot/review': { status: 'approved' },
  'POST /api/organise/weeks/:setNum/questions/import': {
    format: 'json',
    content: exported.body,
    dryRun: true,
  },
  'POST /api/organise/weeks/:setNum/translations/:language/xliff': {
    content: xliff.body,
    dryRun: true,
  },
  'POST /api/organise/weeks/:setNum/translations/:language/review': { slots: [1] },
  'POST /api/organise/players/:playerId/team': {
    teamId: th.id,
    salesTeamId: null,
    reason: 'moved',
  },
  'POST /api/organise/players/:playerId/weeks/:setNum/inactive': { reason: 'on leave' },
  'POST /api/organise/seasons': {
    id: 'hostile',
    name: 'Hostile',
    launchOn: '2025-04-01',
    from: 'empty',
  },
  'PUT /api/organise/seasons/:seasonId/weeks/:setNum/questions': { seasonId: '2025', setNum: 1 },
};

function baseOf(route: ApiRoute): RouteBase {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const value = (name: string) =>
    name !== 'id'
      ? params[name]!
      : route.url === '/api/attempts/:id/challenger/answer'
        ? camilleAttempt.id
        : route.url.startsWith('/api/attempts')
          ? params.attemptId!
          : route.url.includes('/sales-teams/')
            ? params.salesTeamId!
            : params.teamId!;
  return {
    params: Object.fromEntries(names.map((name) => [name, value(name)])),
    query: queries[route.url] ?? {},
    ...(hasBody(route.method) ? { body: bodies[routeName(route)] ?? {} } : {}),
  };
}

// Organiser routes after the player's (a valid organiser case may move the player), and the
// sign-out last of all.
const order = (route: ApiRoute) =>
  route.url === '/logout' ? 2 : route.url.startsWith('/api/organise') ? 1 : 0;
const routes = apiRoutes(t.routes ?? []).sort((a, b) => order(a) - order(b));
const logoutCookie = (await signIn(t.app, 'demo-emily')).cookie;
const cookieFor = (route: ApiRoute) =>
  route.url === '/logout'
    ? logoutCookie
    : route.url === '/api/me/registration'
      ? newcomer.cookie
      : route.url === '/api/attempts/:id/challenger/answer'
        ? camille.cookie
        : route.url.startsWith('/api/organise')
          ? organiser.cookie!
          : ana.cookie;

function send(route: ApiRoute, c: HostileCase, cookie: string | undefined) {
  return t.app.inject({
    method: c.method,
    url: c.url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(hasBody(c.method) ? { [CSRF_HEADER]: '1', origin: TEST_ORIGIN } : {}),
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
      // A hostile cookie header comes on top of the session, not instead of it.
      ...(c.headers?.cookie && cookie ? { cookie: `${cookie}; ${c.headers.cookie}` } : {}),
      ...omitCookie(c.headers),
    },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
}

function omitCookie(headers: Record<string, string> | undefined) {
  const { cookie: _cookie, ...rest } = headers ?? {};
  return rest;
}

/** What is wrong with an answer that should refuse in our shape, or null. */
function refusalProblem(response: LightMyRequestResponse): string | null {
  if (response.statusCode < 400 || response.statusCode >= 500)
    return `${response.statusCode} ${response.body.slice(0, 200)}`;
  return errorShapeProblem(response);
}

function errorShapeProblem(response: LightMyRequestResponse): string | null {
  try {
    expectJsonError(response, '');
    return null;
  } catch (error) {
    return `${response.statusCode} ${(error as Error).message.slice(0, 200)}`;
  }
}

const tally = { routes: 0, refused: 0, accepted: 0, signedOut: 0 };

describe('hostile input on every route', () => {
  it('finds every route a client can call from the app itself', () => {
    const names = routes.map(routeName);
    // The generator's PATCH cases rely on no route having that method.
    expect(names.filter((name) => name.startsWith('PATCH '))).toEqual([]);
    for (const name of [
      'GET /login',
      'GET /login/callback',
      'POST /logout',
      'GET /health/ready',
      'GET /api/me',
      'POST /api/attempts/:id/answers',
      'PUT /api/organise/season',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.filter((name) => name.includes('/idp'))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(45);
  });

  describe.each(routes.map((route) => [routeName(route), route] as const))('%s', (name, route) => {
    const cases = hostileCases(route, baseOf(route));
    const refused = cases.filter((c) => !c.contractValid);
    const accepted = cases.filter((c) => c.contractValid);

    it(`refuses ${refused.length} bad inputs with a JSON 4xx and writes nothing; ${accepted.length} odd but valid ones never 5xx`, async () => {
      const cookie = cookieFor(route);
      const problems: string[] = [];
      const before = await databaseFingerprint(db);
      for (const c of refused) {
        const problem = refusalProblem(await send(route, c, cookie));
        if (problem) problems.push(`${c.label}: ${problem}`);
      }
      expect(await databaseFingerprint(db), `${name}: a refused request wrote`).toEqual(before);
      for (const c of accepted) {
        const response = await send(route, c, cookie);
        const problem =
          response.statusCode >= 500
            ? `${response.statusCode} ${response.body.slice(0, 200)}`
            : response.statusCode >= 400
              ? errorShapeProblem(response)
              : null;
        if (problem) problems.push(`(valid) ${c.label}: ${problem}`);
      }
      expect(problems).toEqual([]);
      tally.routes += 1;
      tally.refused += refused.length;
      tally.accepted += accepted.length;
    });
  });

  it('refuses the same inputs signed out (401) on every route that needs a session, writing nothing', async () => {
    const needsSession: ApiRoute[] = [];
    for (const route of routes) {
      const probe = await send(route, hostileCases(route, baseOf(route))[0]!, undefined);
      if (probe.statusCode === 401) needsSession.push(route);
    }
    expect(needsSession.length).toBeGreaterThan(35);
    const before = await databaseFingerprint(db);
    const problems: string[] = [];
    for (const route of needsSession) {
      // Authentication comes before the body is parsed: the path and the query are what
      // matter here, and a sample of the bodies.
      const cases = hostileCases(route, baseOf(route)).filter(
        (c) => !c.label.startsWith('field') || c.label.endsWith('at the top'),
      );
      for (const c of cases) {
        const response = await send(route, c, undefined);
        // 401, or the router's 400 for a path it cannot even decode (404 for a wrong method).
        const problem = refusalProblem(response);
        const expected = c.method === route.method ? [400, 401] : [404];
        if (problem || !expected.includes(response.statusCode))
          problems.push(`${routeName(route)} ${c.label}: ${problem ?? response.statusCode}`);
        tally.signedOut += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it('tried thousands of cases in all', () => {
    const total = tally.refused + tally.accepted + tally.signedOut;
    console.log(
      `hostile input: ${total} cases on ${tally.routes} routes (${t.database.kind}): ` +
        `${tally.refused} refused as invalid, ${tally.accepted} valid but odd, ` +
        `${tally.signedOut} signed out`,
    );
    expect(tally.routes).toBe(routes.length);
    expect(total).toBeGreaterThan(5000);
  });
});
