import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadSeason2025,
  moments2025,
  profileInput,
  storedPlayer,
  teamsByCode,
  type TeamWithSalesTeams,
  weeksOff,
} from '../../../../tests/factories';
import { createTestApp, fixedClock, signIn, type TestApp } from '../../../../tests/test-app';
import type { Me, ProfileInput } from '#shared/contracts/me';

const clock = fixedClock(moments2025.beforeLaunch);
let t: TestApp;
let teams: Record<'es' | 'fr' | 'th' | 'mx' | 'pl' | 'br' | 'vn', TeamWithSalesTeams>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await loadSeason2025(t.database.db, clock);
  teams = await teamsByCode(t.database.db, ['es', 'fr', 'th', 'mx', 'pl', 'br', 'vn']);
});
afterAll(() => t.close());

/** A demo account signed in with the clock at `instant` (sessions follow the clock). */
async function playerAt(instant: Date, account: string) {
  clock.set(instant);
  const { cookie } = await signIn(t.app, account);
  const send = (method: 'POST' | 'PUT', url: string, body: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'x-podium-csrf': '1', ...headers },
      payload: body as object,
    });
  return {
    cookie,
    me: async (): Promise<Me> =>
      (await t.app.inject({ url: '/api/me', headers: { cookie } })).json(),
    register: (body: ProfileInput) => send('POST', '/api/me/registration', body),
    update: (body: unknown, headers: Record<string, string> = {}) =>
      send('PUT', '/api/me/profile', body, headers),
  };
}

/** Registers a demo account before launch, as the pre-launch screen would. */
async function registerBeforeLaunch(account: string, body: ProfileInput) {
  const player = await playerAt(moments2025.beforeLaunch, account);
  const response = await player.register(body);
  expect(response.statusCode, response.body).toBe(200);
}

const activeFlags = (me: Me) => me.season!.weeks.map((week) => week.active);

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error: { code, message: expect.stringMatching(/\S/) } });
}

describe('PUT /api/me/profile: active weeks', () => {
  beforeAll(() => registerBeforeLaunch('demo-ana', profileInput(teams.es, { language: 'es' })));

  it('answers 409 NOT_REGISTERED before the player has registered, saving nothing', async () => {
    const camille = await playerAt(moments2025.beforeLaunch, 'demo-camille');
    expectError(await camille.update(profileInput(teams.fr)), 409, 'NOT_REGISTERED');
    expect(await storedPlayer(t.database.db, 'demo-camille')).toMatchObject({
      teamId: null,
      registeredAt: null,
      activeWeeks: [],
    });
  });

  it('saves a future week switched off while week 1 is open, and on again', async () => {
    const ana = await playerAt(moments2025.week1Open, 'demo-ana');
    const off = await ana.update(
      profileInput(teams.es, { language: 'es', activeWeeks: weeksOff(3) }),
    );
    expect(off.statusCode).toBe(200);
    expect(activeFlags(off.json())).toEqual(weeksOff(3));
    expect(activeFlags(await ana.me())).toEqual(weeksOff(3));
    const on = await ana.update(profileInput(teams.es, { language: 'es' }));
    expect(activeFlags(on.json())).toEqual(weeksOff());
  });

  it('answers 409 WEEK_LOCKED to a change of the week that is open', async () => {
    const ana = await playerAt(moments2025.week1Open, 'demo-ana');
    const response = await ana.update(
      profileInput(teams.es, { language: 'es', activeWeeks: weeksOff(1) }),
    );
    expectError(response, 409, 'WEEK_LOCKED');
    expect(response.json().error.message).toContain('Week 1');
    expect(activeFlags(await ana.me())).toEqual(weeksOff());
  });

  it('answers 409 WEEK_LOCKED to a change of a closed week, and saves none of the request', async () => {
    const ana = await playerAt(new Date('2025-02-12T10:00:00Z'), 'demo-ana');
    const response = await ana.update(
      profileInput(teams.es, { language: 'fr', activeWeeks: weeksOff(1, 4) }),
    );
    expectError(response, 409, 'WEEK_LOCKED');
    const me = await ana.me();
    expect(activeFlags(me)).toEqual(weeksOff());
    expect(me.language).toBe('es');
  });

  it("allows changes until the last millisecond of the day before the week opens, in the team's zone", async () => {
    await registerBeforeLaunch('demo-kasia', profileInput(teams.pl)); // Europe/Warsaw, UTC+1
    const lastMoment = await playerAt(new Date('2025-02-03T22:59:59.999Z'), 'demo-kasia');
    expect((await lastMoment.me()).season!.weeks[0]!.changeable).toBe(true);
    const saved = await lastMoment.update(profileInput(teams.pl, { activeWeeks: weeksOff(1) }));
    expect(saved.statusCode).toBe(200);
    expect(activeFlags(saved.json())).toEqual(weeksOff(1));

    const tooLate = await playerAt(new Date('2025-02-03T23:00:00.000Z'), 'demo-kasia');
    expect((await tooLate.me()).season!.weeks[0]!.changeable).toBe(false);
    expectError(await tooLate.update(profileInput(teams.pl)), 409, 'WEEK_LOCKED');
    expect(activeFlags(await tooLate.me())).toEqual(weeksOff(1));
  });

  it('on Monday evening in Mexico City, a Mexican player may still switch week 1 off, a Thai player may not', async () => {
    await registerBeforeLaunch('demo-luis', profileInput(teams.mx));
    await registerBeforeLaunch('demo-somchai', profileInput(teams.th));
    // 02:00Z on Tue 4 Feb: Monday 20:00 in Mexico City, Tuesday 09:00 (week 1 open) in Bangkok.
    const instant = new Date('2025-02-04T02:00:00Z');
    const luis = await playerAt(instant, 'demo-luis');
    const somchai = await playerAt(instant, 'demo-somchai');
    expect((await luis.me()).season).toMatchObject({ phase: 'before-launch' });
    expect((await somchai.me()).season).toMatchObject({ phase: 'week-open', currentSetNum: 1 });

    const mexican = await luis.update(profileInput(teams.mx, { activeWeeks: weeksOff(1) }));
    expect(mexican.statusCode).toBe(200);
    expect(activeFlags(mexican.json())).toEqual(weeksOff(1));
    expectError(
      await somchai.update(profileInput(teams.th, { activeWeeks: weeksOff(1) })),
      409,
      'WEEK_LOCKED',
    );
    expect(activeFlags(await somchai.me())).toEqual(weeksOff());
  });
});

describe('PUT /api/me/profile: team, sales team and language', () => {
  const spanishProfile = () => profileInput(teams.es, { salesTeamId: teams.es.salesTeams[0]!.id });
  const afterWeek1 = { week: 1, movableFrom: '2025-02-07T23:00:00.000Z' };
  beforeAll(() => registerBeforeLaunch('demo-emily', spanishProfile()));

  it('answers 409 TEAM_CHANGE_LOCKED to a team change while a week is open, saving nothing', async () => {
    const emily = await playerAt(moments2025.week1Open, 'demo-emily');
    expect((await emily.me()).season!.teamChangeable).toBe(false);
    const refused = await emily.update(profileInput(teams.fr, { language: 'fr' }));
    expect(refused.statusCode).toBe(409);
    // Week 1 closes at the end of Friday in Madrid and Paris alike: the change can go through then.
    expect(refused.json().error).toMatchObject({ code: 'TEAM_CHANGE_LOCKED', details: afterWeek1 });
    expect(await emily.me()).toMatchObject({ team: { name: 'Spain' }, language: 'en' });
  });

  it('answers 409 TEAM_CHANGE_LOCKED to a sales team change while a week is open', async () => {
    const emily = await playerAt(moments2025.week1Open, 'demo-emily');
    const otherSalesTeam = { ...spanishProfile(), salesTeamId: teams.es.salesTeams[1]!.id };
    for (const body of [otherSalesTeam, { ...spanishProfile(), salesTeamId: null }]) {
      const refused = await emily.update(body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'TEAM_CHANGE_LOCKED',
        details: afterWeek1,
      });
    }
    expect((await emily.me()).salesTeam?.id).toBe(teams.es.salesTeams[0]!.id);
  });

  it("answers 409 TEAM_CHANGE_LOCKED with the moment it can go through when the week is over in the player's zone but open in the new team's", async () => {
    // Friday 7 Feb, 18:00 UTC: Saturday 01:00 in Bangkok (week 1 over), Friday 12:00 in
    // Mexico City (week 1 open until 06:00 UTC on Saturday).
    const somchai = await playerAt(new Date('2025-02-07T18:00:00Z'), 'demo-somchai');
    expect((await somchai.me()).season).toMatchObject({
      phase: 'between-weeks',
      teamChangeable: true,
    });
    const refused = await somchai.update(profileInput(teams.mx));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'TEAM_CHANGE_LOCKED',
        message: expect.stringContaining('2025-02-08T06:00:00.000Z'),
        details: { week: 1, movableFrom: '2025-02-08T06:00:00.000Z' },
      },
    });
    expect((await somchai.me()).team?.name).toBe('Thailand');

    // The last millisecond of the week in Mexico City is still too early; the next one is not.
    const lastMoment = await playerAt(new Date('2025-02-08T05:59:59.999Z'), 'demo-somchai');
    expect((await lastMoment.update(profileInput(teams.mx))).statusCode).toBe(409);
    const moved = await (
      await playerAt(new Date('2025-02-08T06:00:00.000Z'), 'demo-somchai')
    ).update(profileInput(teams.mx));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      team: { name: 'Mexico' },
      timeZone: 'America/Mexico_City',
    });
  });

  it('answers 409 TEAM_CHANGE_LOCKED without a moment after the season', async () => {
    const emily = await playerAt(moments2025.afterSeason, 'demo-emily');
    expectError(await emily.update(profileInput(teams.pl)), 409, 'TEAM_CHANGE_LOCKED');
  });

  it("answers 400 SALES_TEAM_NOT_IN_TEAM when the old team's sales team is kept with a new team", async () => {
    const emily = await playerAt(moments2025.betweenWeeks1And2, 'demo-emily');
    const stale = profileInput(teams.fr, { salesTeamId: teams.es.salesTeams[0]!.id });
    expectError(await emily.update(stale), 400, 'SALES_TEAM_NOT_IN_TEAM');
    expect((await emily.me()).team?.name).toBe('Spain');
  });

  it('changes team and sales team between weeks (Saturday 8 Feb); the calendar follows the new zone', async () => {
    const emily = await playerAt(moments2025.betweenWeeks1And2, 'demo-emily');
    const before = await emily.me();
    expect(before.season).toMatchObject({
      phase: 'between-weeks',
      currentSetNum: 2,
      teamChangeable: true,
    });
    const response = await emily.update(
      profileInput(teams.fr, { salesTeamId: teams.fr.salesTeams[2]!.id }),
    );
    expect(response.statusCode).toBe(200);
    const me: Me = response.json();
    expect(me).toMatchObject({
      registered: true,
      team: { id: teams.fr.id, name: 'France', flag: 'fr', region: 'EUROPE' },
      salesTeam: { id: teams.fr.salesTeams[2]!.id, name: teams.fr.salesTeams[2]!.name },
      timeZone: 'Europe/Paris',
    });
    expect(await emily.me()).toEqual(me);
  });

  it('changes team before launch', async () => {
    await registerBeforeLaunch('demo-putri', profileInput(teams.es));
    const putri = await playerAt(new Date('2025-02-01T10:00:00Z'), 'demo-putri');
    const response = await putri.update(profileInput(teams.vn, { language: 'vi' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      team: { name: 'Vietnam' },
      language: 'vi',
      timeZone: 'Asia/Ho_Chi_Minh',
      eventStartsAt: '2025-02-03T17:00:00.000Z',
    });
  });

  it('changes the language at any time: during a week and after the season', async () => {
    await registerBeforeLaunch('demo-rafael', profileInput(teams.br, { language: 'en' }));
    for (const [instant, language] of [
      [moments2025.week1Open, 'es'],
      [moments2025.afterSeason, 'pl'],
    ] as const) {
      const rafael = await playerAt(instant, 'demo-rafael');
      const response = await rafael.update(profileInput(teams.br, { language }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ language, team: { name: 'Brazil' } });
    }
  });
});

describe('a player reads and changes only their own profile', () => {
  beforeAll(async () => {
    await registerBeforeLaunch('demo-linh', profileInput(teams.vn, { language: 'vi' }));
    await registerBeforeLaunch('demo-olivia', profileInput(teams.fr, { language: 'fr' }));
  });

  it("leaves player A's profile untouched when player B saves theirs", async () => {
    const linh = await playerAt(moments2025.betweenWeeks1And2, 'demo-linh');
    const olivia = await playerAt(moments2025.betweenWeeks1And2, 'demo-olivia');
    const linhBefore = await linh.me();
    const response = await olivia.update(
      profileInput(teams.vn, { language: 'en', activeWeeks: weeksOff(4, 5) }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Olivia Tremblay', team: { name: 'Vietnam' } });
    expect(await linh.me()).toEqual(linhBefore);
    expect(linhBefore).toMatchObject({ name: 'Linh Nguyễn', language: 'vi' });
    expect(activeFlags(linhBefore)).toEqual(weeksOff());
  });

  it('offers no route that takes a player id', async () => {
    const olivia = await playerAt(moments2025.betweenWeeks1And2, 'demo-olivia');
    const { id } = await storedPlayer(t.database.db, 'demo-linh');
    for (const url of [
      `/api/players/${id}/profile`,
      `/api/me/profile/${id}`,
      `/api/players/${id}`,
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: olivia.cookie, 'x-podium-csrf': '1' },
        payload: profileInput(teams.fr),
      });
      expect(response.statusCode, url).toBe(404);
    }
    const withId = await olivia.update({ ...profileInput(teams.fr), playerId: id });
    expectError(withId, 400, 'BAD_REQUEST');
    expect((await storedPlayer(t.database.db, 'demo-linh')).teamId).toBe(teams.vn.id);
  });

  it('answers 401 to a profile change or registration without a session', async () => {
    clock.set(moments2025.betweenWeeks1And2);
    for (const [method, url] of [
      ['PUT', '/api/me/profile'],
      ['POST', '/api/me/registration'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { 'x-podium-csrf': '1' },
        payload: profileInput(teams.fr),
      });
      expectError(response, 401, 'UNAUTHENTICATED');
    }
  });

  it('answers 403 to a profile change without the CSRF header or from another origin, saving nothing', async () => {
    const linh = await playerAt(moments2025.betweenWeeks1And2, 'demo-linh');
    const change = profileInput(teams.fr, { language: 'en' });
    const noHeader = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: linh.cookie },
      payload: change,
    });
    expectError(noHeader, 403, 'CSRF_REJECTED');
    expectError(
      await linh.update(change, { origin: 'https://evil.example' }),
      403,
      'CSRF_REJECTED',
    );
    expect(await linh.me()).toMatchObject({ team: { name: 'Vietnam' }, language: 'vi' });
  });

  it('answers 403 to a registration without the CSRF header, saving nothing', async () => {
    const camille = await playerAt(moments2025.beforeLaunch, 'demo-camille');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/registration',
      headers: { cookie: camille.cookie },
      payload: profileInput(teams.fr),
    });
    expectError(response, 403, 'CSRF_REJECTED');
    expect((await camille.me()).registered).toBe(false);
  });
});
