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
import type { Me } from '#shared/contracts/me';

const clock = fixedClock(moments2025.beforeLaunch);
let t: TestApp;
let teams: Record<'es' | 'th' | 'mx' | 'gb', TeamWithSalesTeams>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await loadSeason2025(t.database.db, clock);
  teams = await teamsByCode(t.database.db, ['es', 'th', 'mx', 'gb']);
});
afterAll(() => t.close());

/** A demo account signed in with the clock at `instant` (sessions follow the clock). */
async function playerAt(instant: Date, account: string) {
  clock.set(instant);
  const { cookie } = await signIn(t.app, account);
  return {
    cookie,
    me: () => t.app.inject({ url: '/api/me', headers: { cookie } }),
    register: (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/registration',
        headers: { cookie, 'x-podium-csrf': '1' },
        payload: body as object,
      }),
  };
}

/** The player as stored: still unregistered, with no active-weeks row. */
async function expectNothingSaved(account: string) {
  const player = await storedPlayer(t.database.db, account);
  expect(player).toMatchObject({
    registeredAt: null,
    teamId: null,
    salesTeamId: null,
    language: null,
  });
  expect(player.activeWeeks).toEqual([]);
}

describe('GET /api/me before registration', () => {
  it('shows an unregistered player on the season zone, before launch, every week active and changeable', async () => {
    const ana = await playerAt(moments2025.beforeLaunch, 'demo-ana');
    const response = await ana.me();
    expect(response.statusCode).toBe(200);
    const me: Me = response.json();
    expect(me).toMatchObject({
      registered: false,
      team: null,
      salesTeam: null,
      language: null,
      timeZone: 'Europe/Berlin',
      eventStartsAt: '2025-02-03T23:00:00.000Z',
      serverNow: moments2025.beforeLaunch.toISOString(),
    });
    expect(me.season).toMatchObject({
      id: '2025',
      phase: 'before-launch',
      currentSetNum: 1,
      registrationOpen: true,
      registrationClosesAt: '2025-02-28T22:59:59.000Z',
      teamChangeable: true,
    });
    expect(me.season!.events.map((event) => event.key)).toEqual([
      'canoe',
      'cyclocross',
      'marathon',
    ]);
    expect(me.season!.weeks).toHaveLength(6);
    for (const week of me.season!.weeks) {
      expect(week).toMatchObject({ status: 'upcoming', active: true, changeable: true });
    }
    expect(me.season!.weeks[0]).toMatchObject({
      setNum: 1,
      eventId: 1,
      eventWeek: 1,
      opensAt: '2025-02-03T23:00:00.000Z',
      closesAt: '2025-02-07T22:59:59.999Z',
    });
  });
});

describe('POST /api/me/registration', () => {
  it('registers the player with team, sales team, language and active weeks in one go', async () => {
    const ana = await playerAt(moments2025.beforeLaunch, 'demo-ana');
    const body = profileInput(teams.es, {
      language: 'es',
      salesTeamId: teams.es.salesTeams[1]!.id,
      activeWeeks: weeksOff(3),
    });
    const response = await ana.register(body);
    expect(response.statusCode).toBe(200);
    const me: Me = response.json();
    expect(me).toMatchObject({
      registered: true,
      language: 'es',
      team: { id: teams.es.id, name: 'Spain', flag: 'es', region: 'EUROPE' },
      salesTeam: { id: teams.es.salesTeams[1]!.id, name: teams.es.salesTeams[1]!.name },
      timeZone: 'Europe/Madrid',
      eventStartsAt: '2025-02-03T23:00:00.000Z',
    });
    expect(me.season!.weeks.map((week) => week.active)).toEqual(weeksOff(3));
    expect((await ana.me()).json()).toEqual(me);

    const stored = await storedPlayer(t.database.db, 'demo-ana');
    expect(stored.registeredAt).toEqual(moments2025.beforeLaunch);
    expect(stored.activeWeeks).toHaveLength(1);
    expect(stored.activeWeeks[0]).toMatchObject({ seasonId: '2025', week3: false, week4: true });
  });

  it("gives a Bangkok player the launch in Bangkok's time, six hours before Madrid's", async () => {
    const somchai = await playerAt(moments2025.beforeLaunch, 'demo-somchai');
    const response = await somchai.register(profileInput(teams.th, { language: 'th' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      timeZone: 'Asia/Bangkok',
      eventStartsAt: '2025-02-03T17:00:00.000Z',
    });
    expect(response.json().season.weeks[0].opensAt).toBe('2025-02-03T17:00:00.000Z');
    // The week's days themselves are the same in every zone: the web app shows them in the
    // team's zone from these (a team west of Berlin once saw the day before).
    expect(response.json().season.weeks[0]).toMatchObject({
      opensOn: '2025-02-04',
      closesOn: '2025-02-07',
    });
  });

  it('accepts no sales team, for a team that has none and for one that has some', async () => {
    const emily = await playerAt(moments2025.beforeLaunch, 'demo-emily');
    const response = await emily.register(profileInput(teams.gb));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ team: { name: 'United Kingdom' }, salesTeam: null });
    const olivia = await playerAt(moments2025.beforeLaunch, 'demo-olivia');
    const withoutSalesTeam = await olivia.register(profileInput(teams.es, { salesTeamId: null }));
    expect(withoutSalesTeam.statusCode).toBe(200);
    expect(withoutSalesTeam.json().salesTeam).toBeNull();
  });

  it('answers 409 ALREADY_REGISTERED to a second registration and keeps the first', async () => {
    const ana = await playerAt(moments2025.beforeLaunch, 'demo-ana');
    const response = await ana.register(profileInput(teams.mx, { language: 'en' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ALREADY_REGISTERED');
    expect((await ana.me()).json()).toMatchObject({ team: { name: 'Spain' }, language: 'es' });
  });

  it("answers 403 REGISTRATION_CLOSED with the spec's message after registrationClosesAt, saving nothing", async () => {
    const luis = await playerAt(moments2025.afterRegistrationClosed, 'demo-luis');
    expect((await luis.me()).json().season.registrationOpen).toBe(false);
    const response = await luis.register(profileInput(teams.mx));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'REGISTRATION_CLOSED', message: 'The registration process is closed.' },
    });
    await expectNothingSaved('demo-luis');
  });

  it('closes registration at the exact instant of registrationClosesAt', async () => {
    const closesAt = new Date('2025-02-28T22:59:59.000Z');
    const luis = await playerAt(closesAt, 'demo-luis');
    expect((await luis.register(profileInput(teams.mx))).statusCode).toBe(403);
    const linh = await playerAt(new Date(closesAt.getTime() - 1), 'demo-linh');
    expect((await linh.register(profileInput(teams.mx))).statusCode).toBe(200);
  });

  it("answers 400 SALES_TEAM_NOT_IN_TEAM for another team's sales team, saving nothing", async () => {
    const kasia = await playerAt(moments2025.beforeLaunch, 'demo-kasia');
    const response = await kasia.register(
      profileInput(teams.es, { salesTeamId: teams.th.salesTeams[0]!.id, activeWeeks: weeksOff(5) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'SALES_TEAM_NOT_IN_TEAM', message: expect.any(String) },
    });
    await expectNothingSaved('demo-kasia');
    expect((await kasia.me()).json()).toMatchObject({ registered: false, team: null });
  });

  it('answers 400 for an unknown team or sales team', async () => {
    const kasia = await playerAt(moments2025.beforeLaunch, 'demo-kasia');
    const unknownTeam = await kasia.register(profileInput({ id: 99_999, salesTeams: [] }));
    expect(unknownTeam.statusCode).toBe(400);
    expect(unknownTeam.json().error.code).toBe('TEAM_NOT_FOUND');
    const unknownSalesTeam = await kasia.register(profileInput(teams.es, { salesTeamId: 99_999 }));
    expect(unknownSalesTeam.statusCode).toBe(400);
    expect(unknownSalesTeam.json().error.code).toBe('SALES_TEAM_NOT_IN_TEAM');
    await expectNothingSaved('demo-kasia');
  });

  describe('answers 400 BAD_REQUEST with a message to an invalid body, never 500', () => {
    const valid = () => profileInput(teams.es);
    const without = (key: string) => {
      const body: Record<string, unknown> = { ...valid() };
      delete body[key];
      return body;
    };
    let kasia: Awaited<ReturnType<typeof playerAt>>;
    beforeAll(async () => {
      kasia = await playerAt(moments2025.beforeLaunch, 'demo-kasia');
    });

    // [case, body, what the message names]
    it.each([
      ['no language', () => without('language'), '/language'],
      ['no teamId', () => without('teamId'), '/teamId'],
      ['no salesTeamId', () => without('salesTeamId'), '/salesTeamId'],
      ['no activeWeeks', () => without('activeWeeks'), '/activeWeeks'],
      ['an empty object', () => ({}), '/language'],
      ['an extra field (playerId)', () => ({ ...valid(), playerId: 'someone-else' }), 'playerId'],
      ['5 weeks instead of 6', () => ({ ...valid(), activeWeeks: weeksOff().slice(1) }), '6'],
      ['7 weeks instead of 6', () => ({ ...valid(), activeWeeks: weeksOff().concat(true) }), '6'],
      [
        'weeks that are not booleans',
        () => ({ ...valid(), activeWeeks: [1, 1, 1, 1, 1, 1] }),
        '/activeWeeks/0',
      ],
      ['a teamId as a string', () => ({ ...valid(), teamId: String(teams.es.id) }), '/teamId'],
      ['a fractional teamId', () => ({ ...valid(), teamId: 1.5 }), '/teamId'],
      ['a negative teamId', () => ({ ...valid(), teamId: -1 }), '/teamId'],
      [
        'a salesTeamId as a string',
        () => ({ ...valid(), salesTeamId: 'Nutrición Médica' }),
        '/salesTeamId',
      ],
      ['language de', () => ({ ...valid(), language: 'de' }), '/language'],
      ['language es-ES', () => ({ ...valid(), language: 'es-ES' }), '/language'],
      ['an array', () => [valid()], 'expected object'],
    ])('%s', async (_, body, named) => {
      const response = await kasia.register(body());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: expect.stringContaining(named) },
      });
      await expectNothingSaved('demo-kasia');
    });

    it('a body that is not JSON: 400 INVALID_JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/me/registration',
        headers: { cookie: kasia.cookie, 'x-podium-csrf': '1', 'content-type': 'application/json' },
        payload: '{"language": "es",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_JSON');
    });
  });
});

describe('POST /api/me/registration after launch (week 1 open)', () => {
  it('answers 409 WEEK_LOCKED to a registration switching week 1 off, saving nothing', async () => {
    const rafael = await playerAt(moments2025.week1Open, 'demo-rafael');
    const response = await rafael.register(profileInput(teams.es, { activeWeeks: weeksOff(1) }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'WEEK_LOCKED', message: expect.stringContaining('Week 1') },
    });
    await expectNothingSaved('demo-rafael');
  });

  it('registers the same player when week 1 stays active, with a later week off', async () => {
    const rafael = await playerAt(moments2025.week1Open, 'demo-rafael');
    const response = await rafael.register(profileInput(teams.es, { activeWeeks: weeksOff(2) }));
    expect(response.statusCode).toBe(200);
    const me: Me = response.json();
    expect(me.registered).toBe(true);
    expect(me.season).toMatchObject({ phase: 'week-open', currentSetNum: 1 });
    expect(me.season!.weeks.map((week) => [week.status, week.active, week.changeable])).toEqual([
      ['open', true, false],
      ['upcoming', false, true],
      ['upcoming', true, true],
      ['upcoming', true, true],
      ['upcoming', true, true],
      ['upcoming', true, true],
    ]);
  });
});

describe('concurrent registrations of one player', () => {
  it('record exactly one: one 200, the others 409, and a single active-weeks row', async () => {
    clock.set(moments2025.beforeLaunch);
    const { cookie } = await signIn(t.app, 'demo-putri');
    // Each request asks for something different, so a mix of two would show.
    const bodies = Array.from({ length: 10 }, (_, index) =>
      profileInput(index % 2 === 0 ? teams.es : teams.mx, {
        salesTeamId: null,
        activeWeeks: weeksOff((index % 6) + 1),
      }),
    );
    const responses = await Promise.all(
      bodies.map((payload) =>
        t.app.inject({
          method: 'POST',
          url: '/api/me/registration',
          headers: { cookie, 'x-podium-csrf': '1' },
          payload,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.code).toBe('ALREADY_REGISTERED');
    }

    const winner = bodies[statuses.indexOf(200)]!;
    const stored = await storedPlayer(t.database.db, 'demo-putri');
    expect(stored.teamId).toBe(winner.teamId);
    expect(stored.activeWeeks).toHaveLength(1);
    const row = stored.activeWeeks[0]!;
    expect([row.week1, row.week2, row.week3, row.week4, row.week5, row.week6]).toEqual(
      winner.activeWeeks,
    );
  });
});
