import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ok,
  readCsv,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  signedInPlayer,
  standingsClient,
  week2Open,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import {
  moments2025,
  profileInput,
  SEASON_DEMO,
  teamsByCode,
  type TeamWithSalesTeams,
} from '../../../../tests/factories';
import { activeWeeks, players, seasons } from '../../db/schema';
import type { Me } from '#shared/contracts/me';
import type { HallOfFame, PlayerHistory } from '#shared/contracts/past-seasons';
import type { MyData } from '#shared/contracts/privacy';
import type { RegionalWinners, Standings } from '#shared/contracts/standings';
import { readSeasonBundle, type ContentBundle } from './read-content';
import { loadSeasonBundle } from './service';

/**
 * A season replaced by the content loader (`npm run content:load`) ends as a launch ends it
 * (ADR 0039): its results frozen, in the hall of fame with the standings the players saw before
 * the switch, its registrations kept on their per-season marker with the team and sales team,
 * and everyone asked to register again. A sales team changed in the next season leaves the past
 * season's export alone.
 */

let t: PlayApp;
let organiser: ApiClient;
let ana: Player;
let luis: Player;
let camille: Player;
let es: TeamWithSalesTeams;
let mx: TeamWithSalesTeams;
let fr: TeamWithSalesTeams;
const CSRF = { 'x-podium-csrf': '1' };

const get = (player: Player, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });
const register = (player: Player, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/registration',
    headers: { cookie: player.cookie, ...CSRF },
    payload,
  });

/** Weeks later, the sessions have ended: everyone signs in again. */
async function signInAgain() {
  organiser = await signInOrganiser(t.app);
  ana = await signedInPlayer(t, 'demo-ana');
  luis = await signedInPlayer(t, 'demo-luis');
  camille = await signedInPlayer(t, 'demo-camille');
}

const salesTeamOf = (csv: ReturnType<typeof readCsv>, name: string) =>
  csv.rows.find((record) => record.name === name)?.sales_team;

beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  ({ es, mx, fr } = await teamsByCode(t.database.db, ['es', 'mx', 'fr']));
  await signInAgain();
  ok(await register(ana, profileInput(es)));
  ok(await register(luis, profileInput(mx, { salesTeamId: mx.salesTeams[2]!.id })));
  ok(await register(camille, profileInput(fr, { salesTeamId: null })));
  await playWeek(t, ana, { pattern: 'rrrrw', challenger: 'right' });
  await playWeek(t, luis, { pattern: 'rrrww' });
  t.clock.set(week2Open);
  await playWeek(t, ana, { pattern: 'rrrrr', secondsEach: 20 });
  await playWeek(t, camille, { pattern: 'rrrrr', secondsEach: 8, challenger: 'wrong' });
});
afterAll(() => t.close());

/** The next season's content: the demo season, with a team renamed. */
let demo: ContentBundle;
/** What the players and the organiser saw of 2025 just before the switch. */
let before: { standings: Standings; winners: RegionalWinners; players: string };

describe('loading another season file', () => {
  it('archives the current season with its results frozen, as a launch does', async () => {
    t.clock.set(moments2025.afterSeason);
    await signInAgain();
    before = {
      standings: ok<Standings>(await standingsClient(t.app, ana.cookie).standings()),
      winners: ok<RegionalWinners>(await standingsClient(t.app, ana.cookie).winners()),
      players: readCsv(await organiser.get('/api/organise/exports/players.csv')).text,
    };
    expect(before.standings.setNum).toBe(6);
    expect(ok<HallOfFame>(await get(ana, '/api/seasons/hall-of-fame')).seasons).toEqual([]);
    expect(ok<Me>(await get(ana, '/api/me')).hallOfFame).toBe(false);

    // The next season's file also renames a team: the archive keeps the name it had.
    demo = structuredClone(await readSeasonBundle(SEASON_DEMO));
    demo.teams.find((team) => team.code === 'pl')!.name = 'Polska';
    const summary = await loadSeasonBundle(t.database.db, demo, t.clock);
    expect(summary.seasonId).toBe('demo');
    expect(summary.changes).toBeGreaterThan(0);

    const rows = await t.database.db.select().from(seasons).orderBy(seasons.id);
    expect(rows.map(({ id, status, current }) => [id, status, current])).toEqual([
      ['2025', 'archived', false],
      ['demo', 'current', true],
    ]);
    expect(rows[0]!.archivedAt).toEqual(moments2025.afterSeason);
  });

  it('shows the season in the hall of fame with the standings of before the switch', async () => {
    const fame = ok<HallOfFame>(await get(luis, '/api/seasons/hall-of-fame'));
    expect(fame.seasons).toHaveLength(1);
    const [archived] = fame.seasons;
    expect(archived).toMatchObject({
      id: '2025',
      name: 'Podium 2025',
      archivedAt: moments2025.afterSeason.toISOString(),
    });
    expect(archived!.results.throughWeek).toBe(6);
    expect(archived!.results.standings).toEqual(before.standings.teams);
    expect(archived!.results.standings.map((team) => team.name)).toContain('Poland');
    expect(archived!.results.winners).toEqual(before.winners.winners);
    expect(archived!.results.winners.map((winner) => [winner.region, winner.name])).toEqual([
      ['LATAM', 'Luis Hernández'],
      ['EUROPE', 'Ana García'],
    ]);
    expect(archived!.results.stats).toMatchObject({ registered: 3, players: 3, attempts: 4 });
    // The past season's export is the one the organiser downloaded before the switch.
    expect(readCsv(await organiser.get('/api/organise/exports/players.csv?season=2025')).text).toBe(
      before.players,
    );
  });

  it('keeps the registrations on their marker and asks everyone to register again', async () => {
    const me = ok<Me>(await get(ana, '/api/me'));
    expect(me.season!.id).toBe('demo');
    expect(me.registered).toBe(false);
    expect(me.team?.id).toBe(es.id);
    // Home links to the hall of fame from now on.
    expect(me.hallOfFame).toBe(true);
    const registered = await t.database.db.select().from(players);
    expect(registered.every((player) => player.registeredAt === null)).toBe(true);
    const markers = await t.database.db
      .select()
      .from(activeWeeks)
      .where(eq(activeWeeks.seasonId, '2025'));
    expect(
      markers
        .map((marker) => [marker.playerId, marker.teamId, marker.salesTeamId])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [ana.playerId, es.id, es.salesTeams[0]!.id],
        [luis.playerId, mx.id, mx.salesTeams[2]!.id],
        [camille.playerId, fr.id, null],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(
      markers.every((marker) => marker.registeredAt?.getTime() === moments2025.week1Open.getTime()),
    ).toBe(true);
    const history = ok<PlayerHistory>(await get(camille, '/api/me/history'));
    expect(history.seasons.map((season) => [season.seasonId, season.team?.name])).toEqual([
      ['2025', fr.name],
    ]);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const fame = ok<HallOfFame>(await get(ana, '/api/seasons/hall-of-fame'));
    expect(await loadSeasonBundle(t.database.db, demo, t.clock)).toEqual({
      seasonId: 'demo',
      changes: 0,
    });
    expect(ok<HallOfFame>(await get(ana, '/api/seasons/hall-of-fame'))).toEqual(fame);
  });
});

describe('a sales team changed in the next season', () => {
  it('leaves the past season’s export with the sales team the player had then', async () => {
    // Ana registers for the new season with her team's other sales team …
    ok(await register(ana, profileInput(es, { salesTeamId: es.salesTeams[1]!.id })));
    // … and an organiser moves Luis, registered again, to another sales team of his team.
    ok(await register(luis, profileInput(mx, { salesTeamId: mx.salesTeams[2]!.id })));
    ok(
      await organiser.post(`/api/organise/players/${luis.playerId}/team`, {
        teamId: mx.id,
        salesTeamId: mx.salesTeams[0]!.id,
      }),
    );
    const [marker] = await t.database.db
      .select()
      .from(activeWeeks)
      .where(and(eq(activeWeeks.playerId, luis.playerId), eq(activeWeeks.seasonId, 'demo')));
    expect(marker).toMatchObject({ teamId: mx.id, salesTeamId: mx.salesTeams[0]!.id });

    const past = readCsv(await organiser.get('/api/organise/exports/players.csv?season=2025'));
    expect(past.text).toBe(before.players);
    expect(salesTeamOf(past, 'Ana García')).toBe(es.salesTeams[0]!.name);
    expect(salesTeamOf(past, 'Luis Hernández')).toBe(mx.salesTeams[2]!.name);
    expect(salesTeamOf(past, 'Camille Martin')).toBe('');

    const current = readCsv(await organiser.get('/api/organise/exports/players.csv'));
    expect(salesTeamOf(current, 'Ana García')).toBe(es.salesTeams[1]!.name);
  });

  it('gives the player both seasons’ sales teams in their data export', async () => {
    const data = ok<MyData>(await get(ana, '/api/me/export'));
    expect(
      data.calendar.map((entry) => [entry.seasonId, entry.team?.name, entry.salesTeam?.name]),
    ).toEqual([
      ['2025', es.name, es.salesTeams[0]!.name],
      ['demo', es.name, es.salesTeams[1]!.name],
    ]);
  });

  it('keeps a sales team a past season names: removing it is refused (409 SALES_TEAM_IN_USE)', async () => {
    const oldSalesTeam = es.salesTeams[0]!;
    // Nobody has it now: only the 2025 season's marker of Ana's names it.
    const now = await t.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.salesTeamId, oldSalesTeam.id));
    expect(now).toEqual([]);
    refused(
      await organiser.delete(`/api/organise/sales-teams/${oldSalesTeam.id}`),
      409,
      'SALES_TEAM_IN_USE',
    );
    const past = readCsv(await organiser.get('/api/organise/exports/players.csv?season=2025'));
    expect(salesTeamOf(past, 'Ana García')).toBe(oldSalesTeam.name);
  });
});
