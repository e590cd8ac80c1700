import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeason2025, moments2025 } from '../../../../tests/factories';
import { createTestApp, fixedClock, signIn, type TestApp } from '../../../../tests/test-app';
import { LAUNCH_FALLBACK, REGIONS, type TeamsAndLanguages } from '#shared/contracts/season';
import { LANGUAGES } from '#shared/domain/language';

const clock = fixedClock(moments2025.beforeLaunch);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });

// The tests run in order: first on the empty database, then with the 2025 season loaded.
describe('without a season', () => {
  it("GET /api/launch answers the spec's fallback time", async () => {
    const response = await get('/api/launch');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ launchAt: '2024-10-18T09:00:00.000' });
    expect(LAUNCH_FALLBACK).toBe('2024-10-18T09:00:00.000');
  });

  it('GET /api/season answers 404 NO_SEASON', async () => {
    const response = await get('/api/season');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NO_SEASON', message: expect.stringMatching(/season/i) },
    });
  });

  it('GET /api/site names the installation’s product', async () => {
    expect((await get('/api/site')).json()).toEqual({
      productName: 'Podium',
      contactEmail: 'podium-help@example.com',
    });
  });
});

describe('with the 2025 season loaded', () => {
  beforeAll(() => loadSeason2025(t.database.db, clock));

  it("GET /api/launch answers week 1's opening in the season's zone (Tue 4 Feb, Berlin)", async () => {
    const response = await get('/api/launch');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ launchAt: '2025-02-03T23:00:00.000Z' });
  });

  it('GET /api/season answers the calendar: three events and six weeks as local dates', async () => {
    const response = await get('/api/season');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: '2025',
      name: 'Podium 2025',
      productName: 'Podium',
      timeZone: 'Europe/Berlin',
      registrationClosesAt: '2025-02-28T22:59:59.000Z',
      events: [
        { id: 1, key: 'canoe', track: 1 },
        { id: 2, key: 'cyclocross', track: 2 },
        { id: 3, key: 'marathon', track: 3 },
      ],
      weeks: [
        { setNum: 1, eventId: 1, eventWeek: 1, opensOn: '2025-02-04', closesOn: '2025-02-07' },
        { setNum: 2, eventId: 1, eventWeek: 2, opensOn: '2025-02-10', closesOn: '2025-02-14' },
        { setNum: 3, eventId: 2, eventWeek: 1, opensOn: '2025-02-17', closesOn: '2025-02-21' },
        { setNum: 4, eventId: 2, eventWeek: 2, opensOn: '2025-02-24', closesOn: '2025-02-28' },
        { setNum: 5, eventId: 3, eventWeek: 1, opensOn: '2025-03-03', closesOn: '2025-03-07' },
        { setNum: 6, eventId: 3, eventWeek: 2, opensOn: '2025-03-10', closesOn: '2025-03-14' },
      ],
    });
  });

  it('GET /api/season sends no questions or answers', async () => {
    expect((await get('/api/season')).body).not.toMatch(/correct|question|option/i);
  });

  it('GET /api/teams-and-languages answers 401 when signed out', async () => {
    const response = await get('/api/teams-and-languages');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  describe('GET /api/teams-and-languages, signed in', () => {
    let body: TeamsAndLanguages;
    beforeAll(async () => {
      const { cookie } = await signIn(t.app, 'demo-ana');
      const response = await get('/api/teams-and-languages', cookie);
      expect(response.statusCode).toBe(200);
      body = response.json();
    });

    it('lists at least 12 country teams covering the four regions, by name', async () => {
      expect(body.teams.length).toBeGreaterThanOrEqual(12);
      expect(new Set(body.teams.map((team) => team.region))).toEqual(new Set(REGIONS));
      const names = body.teams.map((team) => team.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    });

    it('gives every team a flag code, an IANA time zone and 0–4 sales teams', async () => {
      for (const team of body.teams) {
        expect(team.flag).toMatch(/^[a-z]{2}$/);
        expect(() => new Intl.DateTimeFormat('en', { timeZone: team.timeZone })).not.toThrow();
        expect(team.salesTeams.length).toBeLessThanOrEqual(4);
        for (const salesTeam of team.salesTeams) {
          expect(salesTeam).toEqual({ id: expect.any(Number), name: expect.any(String) });
        }
      }
      const spain = body.teams.find((team) => team.name === 'Spain');
      expect(spain).toMatchObject({ flag: 'es', region: 'EUROPE', timeZone: 'Europe/Madrid' });
      expect(spain!.salesTeams.map((salesTeam) => salesTeam.name).sort()).toEqual([
        'Nutrición Infantil',
        'Nutrición Médica',
      ]);
      expect(body.teams.find((team) => team.name === 'United Kingdom')!.salesTeams).toEqual([]);
    });

    it('lists the seven languages, each named in itself', async () => {
      expect(body.languages.map((language) => language.code).sort()).toEqual([...LANGUAGES].sort());
      expect(body.languages).toContainEqual({ code: 'es', label: 'Español' });
      expect(body.languages).toContainEqual({ code: 'th', label: 'ไทย' });
    });

    it('sends no internal team codes', async () => {
      expect(Object.keys(body.teams[0]!).sort()).toEqual(
        ['flag', 'id', 'name', 'region', 'salesTeams', 'timeZone'].sort(),
      );
    });
  });
});
