import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  createPlayApp,
  errorCode,
  expectStatus,
  playChallenger,
  playWeek,
  registeredPlayer,
  signedInPlayer,
  standingsClient,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { CurrentWeek } from '#shared/contracts/play';
import type {
  MyTeam,
  RegionalWinners,
  Standings,
  TeamStanding,
  TrackStandings,
} from '#shared/contracts/standings';

/**
 * The standings endpoints on a week-1 season played through the real API, checked against
 * figures worked by hand (scores in hundredths of a point).
 *
 * Spain: Ana and Camille (2 active members). Ana: 5 right in 60 s = 5.80, challenger right
 * → 10.80. Camille: 5 right in 120 s = 5.60. France: Kasia alone, 4 right in 60 s = 4.64,
 * challenger wrong → 2.32. Mexico: Luis 5 right in 63 s = 5.79; Brazil: Rafael 5 right in 61 s
 * = 5.79 (bonus rounded down), later. Indonesia: Putri, 5.80 in 60 s; Thailand: Somchai, the
 * same, later. United States: Emily, registered, does not play.
 */

let t: PlayApp;
let ana: Player;
let camille: Player;
const read = () => standingsClient(t.app, ana.cookie);
const teamNamed = (standings: Standings, name: string): TeamStanding =>
  standings.teams.find((team) => team.name === name)!;
const standingsNow = async () => expectStatus<Standings>(await read().standings(), 200);
/** As a browser reads them: it accepts gzip, and the leaderboard is large enough to send so. */
const standingsGzipped = async (): Promise<Standings> => {
  const response = await t.app.inject({
    url: '/api/standings',
    headers: { cookie: ana.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('gzip');
  return JSON.parse(gunzipSync(response.rawPayload).toString()) as Standings;
};

beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  camille = await registeredPlayer(t, 'demo-camille', { team: 'es' });
});
afterAll(() => t.close());

describe('before anybody plays', () => {
  it('lists every team at 0 points, in name order, for week 1', async () => {
    const standings = await standingsNow();
    expect(standings.setNum).toBe(1);
    expect(standings.teams).toHaveLength(16);
    expect(standings.teams.every((team) => team.overall === 0 && team.topPlayer === null)).toBe(
      true,
    );
    expect(standings.teams.map((team) => team.name).slice(0, 3)).toEqual([
      'Brazil',
      'Canada',
      'Chile',
    ]);
    expect(teamNamed(standings, 'Spain')).toMatchObject({
      participation: 0,
      change: null,
      flag: 'es',
      region: 'EUROPE',
    });
  });

  it("shows the player's team tiles with its two active members and no time yet", async () => {
    const mine = expectStatus<MyTeam>(await read().myTeam(), 200);
    expect(mine).toMatchObject({
      name: 'Spain',
      flag: 'es',
      overall: 0,
      participants: 0,
      activeMembers: 2,
      averageSeconds: null,
    });
  });
});

describe('after a week is scored', () => {
  it('shows the score at once, shared by the two active members (5.80 / 2 = 2.90)', async () => {
    await standingsNow(); // the cache is warm: only the invalidation can refresh it
    await playWeek(t, ana, { pattern: 'rrrrr', secondsEach: 12 });
    const standings = await standingsNow();
    expect(teamNamed(standings, 'Spain')).toMatchObject({
      position: 1,
      overall: 290,
      participation: 50,
      topPlayer: { name: 'Ana García', total: 580 },
    });
    expect(expectStatus<MyTeam>(await read().myTeam(), 200)).toMatchObject({
      overall: 290,
      position: 1,
      participants: 1,
      activeMembers: 2,
      averageSeconds: 60,
    });
  });

  it('shows a right challenger at once: (5.80 + 5) / 2 = 5.40', async () => {
    const { attemptId } = expectStatus<CurrentWeek>(await ana.current(), 200);
    await playChallenger(t, ana, attemptId!, 'right');
    const spain = teamNamed(await standingsNow(), 'Spain');
    expect(spain).toMatchObject({ overall: 540, topPlayer: { name: 'Ana García', total: 1080 } });
  });

  it('averages both members once the second plays: (10.80 + 5.60) / 2 = 8.20, 100 %', async () => {
    await playWeek(t, camille, { pattern: 'rrrrr', secondsEach: 24 });
    expect(teamNamed(await standingsNow(), 'Spain')).toMatchObject({
      overall: 820,
      participation: 100,
      topPlayer: { name: 'Ana García', total: 1080 },
    });
    expect(expectStatus<MyTeam>(await read().myTeam(), 200)).toMatchObject({
      overall: 820,
      participants: 2,
      activeMembers: 2,
      // Ana's 60 s and Camille's 120 s; the challenger's time does not count.
      averageSeconds: 90,
    });
  });

  it('halves the week at once for a wrong challenger: 4.64 → 2.32', async () => {
    const kasia = await registeredPlayer(t, 'demo-kasia', { team: 'fr' });
    const played = await playWeek(t, kasia, { pattern: 'rrrrw', secondsEach: 12 });
    expect(teamNamed(await standingsNow(), 'France').overall).toBe(464);
    expect(teamNamed(await standingsGzipped(), 'France').overall).toBe(464);
    await playChallenger(t, kasia, played.id, 'wrong');
    expect(teamNamed(await standingsNow(), 'France')).toMatchObject({
      overall: 232,
      participation: 100,
      topPlayer: { name: 'Katarzyna Nowak', total: 232 },
    });
    // A browser's copy is gzipped once per change, never a stale one.
    expect(teamNamed(await standingsGzipped(), 'France').overall).toBe(232);
    expect(await standingsGzipped()).toEqual(await standingsNow());
  });
});

describe('the other regions play', () => {
  beforeAll(async () => {
    const luis = await registeredPlayer(t, 'demo-luis', { team: 'mx' });
    const rafael = await registeredPlayer(t, 'demo-rafael', { team: 'br' });
    const putri = await registeredPlayer(t, 'demo-putri', { team: 'id' });
    const somchai = await registeredPlayer(t, 'demo-somchai', { team: 'th' });
    await registeredPlayer(t, 'demo-emily', { team: 'us' });
    // Luis: 63 s and Rafael 61 s both give 5.79; Rafael plays later but faster.
    await playWeek(t, luis, { secondsEach: 12.6 });
    await playWeek(t, rafael, { secondsEach: 12.2 });
    // Putri and Somchai: the same score in the same time; Putri submits first.
    await playWeek(t, putri, { secondsEach: 12 });
    await playWeek(t, somchai, { secondsEach: 12 });
  });

  it('ranks by overall score, then participation, then name', async () => {
    const standings = await standingsNow();
    expect(
      standings.teams.map((team) => [team.position, team.name, team.overall, team.participation]),
    ).toEqual([
      [1, 'Spain', 820, 100],
      [2, 'Indonesia', 580, 100],
      [3, 'Thailand', 580, 100],
      [4, 'Brazil', 579, 100],
      [5, 'Mexico', 579, 100],
      [6, 'France', 232, 100],
      // No points: alphabetical (the United States' 0 % equals the empty teams' 0 %).
      [7, 'Canada', 0, 0],
      [8, 'Chile', 0, 0],
      [9, 'Colombia', 0, 0],
      [10, 'Germany', 0, 0],
      [11, 'Malaysia', 0, 0],
      [12, 'Philippines', 0, 0],
      [13, 'Poland', 0, 0],
      [14, 'United Kingdom', 0, 0],
      [15, 'United States', 0, 0],
      [16, 'Vietnam', 0, 0],
    ]);
    expect(teamNamed(standings, 'United States').topPlayer).toBeNull();
  });

  it('gives a team whose member did not play 0 points and 0 %, counting that member', async () => {
    const emily = standingsClient(t.app, (await signedInPlayer(t, 'demo-emily')).cookie);
    expect(expectStatus<MyTeam>(await emily.myTeam(), 200)).toMatchObject({
      name: 'United States',
      overall: 0,
      position: 15,
      participants: 0,
      activeMembers: 1,
      averageSeconds: null,
    });
  });

  it('gives the race of canoe week 1 by week points, and an empty week 2 not begun', async () => {
    const track = expectStatus<TrackStandings>(await read().track(1, 1), 200);
    expect(track.setNum).toBe(1);
    expect(track.teams.slice(0, 6).map((team) => [team.position, team.name, team.points])).toEqual([
      [1, 'Spain', 820],
      [2, 'Indonesia', 580],
      [3, 'Thailand', 580],
      [4, 'Brazil', 579],
      [5, 'Mexico', 579],
      [6, 'France', 232],
    ]);
    expect(track.teams[0]).toEqual({
      position: 1,
      teamId: expect.any(Number),
      name: 'Spain',
      flag: 'es',
      points: 820,
      participation: 100,
    });
    const week2 = expectStatus<TrackStandings>(await read().track(1, 2), 200);
    expect(week2.setNum).toBe(2);
    expect(week2.teams.every((team) => team.points === 0)).toBe(true);
    expect(week2.teams.map((team) => team.name)[0]).toBe('Brazil');
    const marathon = expectStatus<TrackStandings>(await read().track(3, 2), 200);
    expect(marathon.setNum).toBe(6);
  });

  it('refuses an event or event week that does not exist with a 400', async () => {
    for (const [eventId, eventWeek] of [
      [4, 1],
      [0, 1],
      [1, 3],
      ['canoe', 1],
    ] as const) {
      const response = await read().track(eventId, eventWeek);
      expect(errorCode(response, 400)).toBe('BAD_REQUEST');
      expect(response.json()).toMatchObject({ error: { message: expect.any(String) } });
    }
    expect(
      errorCode(
        await t.app.inject({ url: '/api/standings/track', headers: { cookie: ana.cookie } }),
        400,
      ),
    ).toBe('BAD_REQUEST');
  });

  it('names the best player of each region, breaking ties by time, then by submission', async () => {
    const { final, winners } = expectStatus<RegionalWinners>(await read().winners(), 200);
    expect(final).toBe(false);
    expect(winners.map((w) => [w.region, w.name, w.team, w.total, w.totalSeconds])).toEqual([
      // Putri and Somchai: 5.80 in 60 s each; Putri's last submission came first.
      ['ASEAN', 'Putri Wijaya', 'Indonesia', 580, 60],
      // Luis and Rafael: 5.79 each; Rafael took 61 s, Luis 63 s.
      ['LATAM', 'Rafael Souza', 'Brazil', 579, 61],
      ['EUROPE', 'Ana García', 'Spain', 1080, 60],
      // Nobody in the United States or Canada has played: no winner there.
    ]);
    expect(winners[0]).toMatchObject({ flag: 'id', lastSubmissionAt: expect.any(String) });
  });
});

describe('after the season', () => {
  it('marks the regional winners final and keeps the week-1 standings', async () => {
    t.clock.set(moments2025.afterSeason);
    // The week-1 session has idled out by now.
    const later = standingsClient(t.app, (await signedInPlayer(t, 'demo-ana')).cookie);
    const { final, winners } = expectStatus<RegionalWinners>(await later.winners(), 200);
    expect(final).toBe(true);
    expect(winners.map((w) => w.name)).toEqual(['Putri Wijaya', 'Rafael Souza', 'Ana García']);
    const standings = expectStatus<Standings>(await later.standings(), 200);
    expect(standings.setNum).toBe(6);
    expect(teamNamed(standings, 'Spain')).toMatchObject({ position: 1, overall: 820, change: 0 });
  });
});

describe('who may read the standings', () => {
  it.each(['/api/standings', '/api/standings/my-team', '/api/standings/winners'])(
    'answers %s with 401 without a session',
    async (url) => {
      expect(errorCode(await t.app.inject({ method: 'GET', url }), 401)).toBe('UNAUTHENTICATED');
    },
  );

  it('answers the track with 401 without a session, before checking the query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/standings/track?eventId=4' });
    expect(errorCode(response, 401)).toBe('UNAUTHENTICATED');
  });

  it('lets a signed-in player without a team read the standings but not team tiles (409)', async () => {
    const olivia = await signedInPlayer(t, 'demo-olivia');
    const client = standingsClient(t.app, olivia.cookie);
    expect(expectStatus<Standings>(await client.standings(), 200).teams).toHaveLength(16);
    expect(errorCode(await client.myTeam(), 409)).toBe('NOT_REGISTERED');
  });
});
