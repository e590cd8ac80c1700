import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moments2025,
  profileInput,
  teamsByCode,
  type TeamWithSalesTeams,
  weeksOff,
} from '../../../../tests/factories';
import {
  createPlayApp,
  errorCode,
  expectStatus,
  playWeek,
  registeredPlayer,
  standingsClient,
  updateProfile,
  week2Open,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { MyTeam, Standings, TrackStandings } from '#shared/contracts/standings';

/**
 * Holidays and team changes move the active-member counts of the weeks not begun, and only
 * those. Spain starts with Ana, Camille and Kasia. Week 1: Ana 5.80, Camille 3.48 (3 right in
 * 60 s), Kasia does not play → (580 + 348) / 3 = 3.09. Kasia takes week 2 off; between the
 * weeks Camille moves to France. Week 2: Ana alone active for Spain, 5.80 → 5.80 / 1.
 */

const week3Open = new Date('2025-02-18T10:00:00Z');

let t: PlayApp;
let teams: Record<'es' | 'fr', TeamWithSalesTeams>;
let ana: Player;
let camille: Player;
let kasia: Player;

const tiles = async (player: Player) =>
  expectStatus<MyTeam>(await standingsClient(t.app, player.cookie).myTeam(), 200);
const week = async (player: Player, eventId: number, eventWeek: number, team: string) =>
  expectStatus<TrackStandings>(
    await standingsClient(t.app, player.cookie).track(eventId, eventWeek),
    200,
  ).teams.find((row) => row.name === team)!;
const overall = async (player: Player, team: string) =>
  expectStatus<Standings>(await standingsClient(t.app, player.cookie).standings(), 200).teams.find(
    (row) => row.name === team,
  )!;

beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  teams = await teamsByCode(t.database.db, ['es', 'fr']);
  ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  camille = await registeredPlayer(t, 'demo-camille', { team: 'es' });
  kasia = await registeredPlayer(t, 'demo-kasia', { team: 'es' });
});
afterAll(() => t.close());

describe('week 1', () => {
  it('counts the three registered members as active', async () => {
    expect(await tiles(ana)).toMatchObject({ name: 'Spain', activeMembers: 3, participants: 0 });
  });

  it('keeps week 1 at three active members when Kasia takes week 2 off', async () => {
    const response = await updateProfile(
      t.app,
      kasia,
      profileInput(teams.es, { salesTeamId: null, activeWeeks: weeksOff(2) }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await tiles(ana)).toMatchObject({ activeMembers: 3 });
  });

  it('shares the week among all three, the one who did not play counting 0', async () => {
    await playWeek(t, ana, { pattern: 'rrrrr', secondsEach: 12 });
    await playWeek(t, camille, { pattern: 'rrrww', secondsEach: 12 });
    expect(await week(ana, 1, 1, 'Spain')).toMatchObject({ points: 309, participation: 67 });
    expect(await tiles(ana)).toMatchObject({ overall: 309, participants: 2, activeMembers: 3 });
  });
});

describe('between weeks 1 and 2: Camille moves to France', () => {
  beforeAll(async () => {
    t.clock.set(moments2025.betweenWeeks1And2);
    const response = await updateProfile(t.app, camille, profileInput(teams.fr));
    expect(response.statusCode, response.body).toBe(200);
  });

  it("keeps Camille's week-1 score with Spain, the team it was played for", async () => {
    expect(await week(camille, 1, 1, 'Spain')).toMatchObject({ points: 309, participation: 67 });
    expect(await week(camille, 1, 1, 'France')).toMatchObject({ points: 0, participation: 0 });
    expect(await overall(camille, 'Spain')).toMatchObject({ overall: 309 });
  });

  it("moves Camille's season total to France's top participant", async () => {
    expect(await overall(camille, 'France')).toMatchObject({
      overall: 0,
      topPlayer: { name: 'Camille Martin', total: 348 },
    });
    expect((await overall(camille, 'Spain')).topPlayer).toEqual({
      name: 'Ana García',
      total: 580,
    });
  });

  it("shows Camille France's tiles", async () => {
    expect(await tiles(camille)).toMatchObject({ name: 'France', flag: 'fr' });
  });
});

describe('week 2', () => {
  beforeAll(() => t.clock.set(week2Open));

  it('leaves out Kasia (on holiday) and Camille (moved): Spain has one active member', async () => {
    expect(await tiles(ana)).toMatchObject({ name: 'Spain', activeMembers: 1, participants: 0 });
    expect(await tiles(camille)).toMatchObject({ name: 'France', activeMembers: 1 });
  });

  it('divides the week by the active members only: Spain 5.80 / 1, France 5.60 / 1', async () => {
    await playWeek(t, ana, { pattern: 'rrrrr', secondsEach: 12 });
    await playWeek(t, camille, { pattern: 'rrrrr', secondsEach: 24 });
    expect(await week(ana, 1, 2, 'Spain')).toMatchObject({ points: 580, participation: 100 });
    expect(await week(ana, 1, 2, 'France')).toMatchObject({ points: 560, participation: 100 });
    expect(await overall(ana, 'Spain')).toMatchObject({ overall: 309 + 580, participation: 100 });
    expect(await overall(ana, 'France')).toMatchObject({ overall: 560 });
    // Week 1 has not moved.
    expect(await week(ana, 1, 1, 'Spain')).toMatchObject({ points: 309, participation: 67 });
  });

  it('refuses to bring Kasia back into the open week, and the counts stay', async () => {
    const response = await updateProfile(
      t.app,
      kasia,
      profileInput(teams.es, { salesTeamId: null }),
    );
    expect(errorCode(response, 409)).toBe('WEEK_LOCKED');
    expect(await tiles(ana)).toMatchObject({ activeMembers: 1 });
  });

  it('refuses a team change while the week is open, and the counts stay', async () => {
    const response = await updateProfile(
      t.app,
      kasia,
      profileInput(teams.fr, { activeWeeks: weeksOff(2) }),
    );
    expect(errorCode(response, 409)).toBe('TEAM_CHANGE_LOCKED');
    expect(await tiles(ana)).toMatchObject({ activeMembers: 1 });
    expect(await tiles(camille)).toMatchObject({ activeMembers: 1 });
  });

  it('undoes a later holiday taken and given back: week 3 counts Kasia again', async () => {
    const off = await updateProfile(
      t.app,
      kasia,
      profileInput(teams.es, { salesTeamId: null, activeWeeks: weeksOff(2, 3) }),
    );
    expect(off.statusCode, off.body).toBe(200);
    const on = await updateProfile(
      t.app,
      kasia,
      profileInput(teams.es, { salesTeamId: null, activeWeeks: weeksOff(2) }),
    );
    expect(on.statusCode, on.body).toBe(200);
    t.clock.set(week3Open);
    expect(await tiles(ana)).toMatchObject({ activeMembers: 2 });
  });
});
