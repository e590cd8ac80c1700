import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestAudit,
  ok,
  readCsv,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  signedInPlayer,
  standingsClient,
  updateProfile,
  week2Open,
  type PlayApp,
  type Player,
} from '../../../../../tests/play-helpers';
import { moments2025, profileInput, teamByCode } from '../../../../../tests/factories';
import {
  expectStandingsToMatchRawRows,
  recomputeStandings,
  type Recomputed,
} from '../../../../../tests/standings-recompute';
import { activeWeeks, attempts, players, seasons, teamWeekStats } from '../../../db/schema';
import type { Me } from '#shared/contracts/me';
import type {
  FrozenResults,
  HallOfFame,
  OrganiserSeasons,
  PlayerHistory,
} from '#shared/contracts/past-seasons';
import type { OrganiserSeason } from '#shared/contracts/organise';
import type { Season } from '#shared/contracts/season';
import type { Standings } from '#shared/contracts/standings';
import { comparePlayers } from '#shared/domain/standings';

/**
 * The season life cycle (ADR 0039), played through the API on the 2025 season: a draft beside
 * the running season and invisible to it, refused while it breaks the content rules, launched
 * (once, even when asked twice at once), the old season archived with results that equal a
 * recomputation from the raw rows, then a second season that starts clean.
 */

let t: PlayApp;
let organiser: ApiClient;
let ana: Player;
let luis: Player;
let camille: Player;
const CSRF = { 'x-podium-csrf': '1' };

const SEASON_2 = { id: '2025-autumn', name: 'Podium 2025 — second season', launchOn: '2025-03-25' };
/** Wednesday of the second season's week 1 (Tue 25 – Fri 28 March 2025). */
const season2Week1 = new Date('2025-03-26T10:00:00Z');
const season2Week2 = new Date('2025-04-02T10:00:00Z');

const seasonsView = async () => ok<OrganiserSeasons>(await organiser.get('/api/organise/seasons'));
const post = (player: Player, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: player.cookie, ...CSRF },
    ...(payload ? { payload } : {}),
  });
const get = (player: Player, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });

/** Weeks later, the sessions have ended: everyone signs in again. */
async function signInAgain() {
  organiser = await signInOrganiser(t.app);
  ana = await signedInPlayer(t, 'demo-ana');
  luis = await signedInPlayer(t, 'demo-luis');
  camille = await signedInPlayer(t, 'demo-camille');
}

beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  organiser = await signInOrganiser(t.app);
  ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  luis = await registeredPlayer(t, 'demo-luis', { team: 'mx' });
  camille = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
  await playWeek(t, ana, { pattern: 'rrrrw', challenger: 'right' });
  await playWeek(t, luis, { pattern: 'rrrww' });
  t.clock.set(week2Open);
  await playWeek(t, ana, { pattern: 'rrrrr', secondsEach: 20 });
  await playWeek(t, camille, { pattern: 'rrrrr', secondsEach: 8, challenger: 'wrong' });
});
afterAll(() => t.close());

describe('a draft of the next season', () => {
  it('refuses malformed input with 400 and the reason', async () => {
    const message = refused(
      await organiser.post('/api/organise/seasons', {
        ...SEASON_2,
        id: 'Not An Id',
        from: 'empty',
      }),
      400,
      'BAD_REQUEST',
    );
    expect(message).toMatch(/id/);
    refused(
      await organiser.post('/api/organise/seasons', {
        ...SEASON_2,
        launchOn: '25/03/2025',
        from: 'empty',
      }),
      400,
      'BAD_REQUEST',
    );
  });

  it('checks an empty draft by the content files’ rules and refuses to launch it', async () => {
    const view = ok<OrganiserSeasons>(
      await organiser.post('/api/organise/seasons', { ...SEASON_2, from: 'empty' }),
      201,
    );
    expect(view.draft).toMatchObject({ id: SEASON_2.id, name: SEASON_2.name });
    expect(view.draft!.weeks.map((week) => [week.opensOn, week.closesOn, week.questions])).toEqual([
      ['2025-03-25', '2025-03-28', 0],
      ['2025-03-31', '2025-04-04', 0],
      ['2025-04-07', '2025-04-11', 0],
      ['2025-04-14', '2025-04-18', 0],
      ['2025-04-21', '2025-04-25', 0],
      ['2025-04-28', '2025-05-02', 0],
    ]);
    // The content loader's own line for a questions file without some weeks.
    expect(view.draft!.problems).toEqual([
      'questions: weeks: no questions for week 1, 2, 3, 4, 5, 6',
    ]);
    const message = refused(
      await organiser.post(`/api/organise/seasons/${SEASON_2.id}/launch`),
      400,
      'DRAFT_INVALID',
    );
    expect(message).toMatch(/no questions for week 1/);

    // One week from the bank: the others are still missing.
    const chosen = ok<OrganiserSeasons>(
      await organiser.put(`/api/organise/seasons/${SEASON_2.id}/weeks/1/questions`, {
        seasonId: '2025',
        setNum: 4,
      }),
    );
    expect(chosen.draft!.weeks[0]!.questions).toBe(6);
    expect(chosen.draft!.problems).toEqual([
      'questions: weeks: no questions for week 2, 3, 4, 5, 6',
    ]);
    refused(
      await organiser.put(`/api/organise/seasons/${SEASON_2.id}/weeks/2/questions`, {
        seasonId: SEASON_2.id,
        setNum: 1,
      }),
      404,
      'SEASON_NOT_FOUND',
    );
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({ action: 'season.draft-week', entityId: SEASON_2.id });

    const discarded = ok<OrganiserSeasons>(
      await organiser.delete(`/api/organise/seasons/${SEASON_2.id}`),
    );
    expect(discarded.draft).toBeNull();
    expect(discarded.seasons.map((season) => season.id)).toEqual(['2025']);
  });

  it('one draft at a time: two at once give one draft and a 409', async () => {
    const input = { ...SEASON_2, from: 'current' };
    const responses = await Promise.all([
      organiser.post('/api/organise/seasons', input),
      organiser.post('/api/organise/seasons', { ...input, id: 'other' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refusal = responses.find((response) => response.statusCode === 409)!;
    expect(['DRAFT_EXISTS', 'SEASON_ID_TAKEN']).toContain(
      (refusal.json() as { error: { code: string } }).error.code,
    );
    const view = await seasonsView();
    expect(view.seasons.filter((season) => season.status === 'draft')).toHaveLength(1);
    // Keep the one named SEASON_2 for what follows.
    if (view.draft!.id !== SEASON_2.id) {
      ok(await organiser.delete(`/api/organise/seasons/${view.draft!.id}`));
      ok(await organiser.post('/api/organise/seasons', input), 201);
    }
    refused(
      await organiser.post('/api/organise/seasons', { ...input, id: 'third' }),
      409,
      'DRAFT_EXISTS',
    );
    refused(
      await organiser.post('/api/organise/seasons', { ...input, id: '2025' }),
      409,
      'DRAFT_EXISTS',
    );
  });

  it('copies the current season’s weeks and questions and passes the content rules', async () => {
    const { draft } = await seasonsView();
    expect(draft!.problems).toEqual([]);
    expect(draft!.weeks.map((week) => week.questions)).toEqual([6, 6, 6, 6, 6, 6]);
    expect(draft!.registrationClosesAt).toBe('2025-04-18T22:59:59.000Z');
  });

  it('is invisible to players, standings and the organiser’s running season', async () => {
    const season = ok<Season>(await t.app.inject({ url: '/api/season' }));
    expect(season.id).toBe('2025');
    const me = ok<Me>(await get(ana, '/api/me'));
    expect(me.season!.id).toBe('2025');
    expect(me.registered).toBe(true);
    const standings = ok<Standings>(await standingsClient(t.app, ana.cookie).standings());
    expect(standings.setNum).toBe(2);
    expect(ok<OrganiserSeason>(await organiser.get('/api/organise/season')).id).toBe('2025');
    expect(ok<HallOfFame>(await get(ana, '/api/seasons/hall-of-fame')).seasons).toEqual([]);
    await expectStandingsToMatchRawRows(t.app, t.database.db, {
      cookie: ana.cookie,
      now: week2Open,
      winners: true,
    });
  });
});

let frozen: FrozenResults;

describe('the launch', () => {
  let before: Recomputed;

  it('two launches at once: one wins, the other is refused with 409', async () => {
    t.clock.set(moments2025.afterSeason);
    await signInAgain();
    before = await recomputeStandings(t.database.db, moments2025.afterSeason);
    const responses = await Promise.all([
      organiser.post(`/api/organise/seasons/${SEASON_2.id}/launch`),
      organiser.post(`/api/organise/seasons/${SEASON_2.id}/launch`),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refusal = responses.find((response) => response.statusCode === 409)!;
    expect((refusal.json() as { error: { code: string } }).error.code).toBe('SEASON_NOT_DRAFT');
    const view = responses
      .find((response) => response.statusCode === 200)!
      .json() as OrganiserSeasons;
    expect(view.draft).toBeNull();
    expect(view.seasons.map(({ id, status }) => [id, status])).toEqual([
      [SEASON_2.id, 'current'],
      ['2025', 'archived'],
    ]);
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({ action: 'season.launch', entityId: SEASON_2.id });
  });

  it('archives the old season with frozen results equal to a recomputation from raw rows', async () => {
    const [row] = await t.database.db.select().from(seasons).where(eq(seasons.id, '2025'));
    expect(row).toMatchObject({ status: 'archived', current: false });
    expect(row!.archivedAt).toEqual(moments2025.afterSeason);
    frozen = row!.frozenResults!;
    expect(frozen.throughWeek).toBe(6);
    expect(frozen.standings).toEqual(before.standings.teams);
    expect(frozen.winners).toEqual(before.winners.winners);
    // Europe: Ana's two weeks beat Camille's one; Latin America: Luis.
    expect(frozen.winners.map((winner) => [winner.region, winner.name])).toEqual([
      ['LATAM', 'Luis Hernández'],
      ['EUROPE', 'Ana García'],
    ]);
    // The statistics, counted again from the attempts and registrations.
    const scored = (await t.database.db.select().from(attempts)).filter(
      (attempt) => attempt.seasonId === '2025' && attempt.weekScore !== null,
    );
    const registered = await t.database.db
      .select()
      .from(activeWeeks)
      .where(and(eq(activeWeeks.seasonId, '2025'), isNotNull(activeWeeks.registeredAt)));
    expect(frozen.stats).toEqual({
      registered: registered.length,
      players: new Set(scored.map((attempt) => attempt.playerId)).size,
      attempts: scored.length,
      averageWeekScore: Math.round(
        scored.reduce((sum, attempt) => sum + attempt.weekScore!, 0) / scored.length,
      ),
    });
    expect(registered.length).toBe(3);
    expect(frozen.stats.attempts).toBe(4);
  });

  it('serves the frozen results in the hall of fame', async () => {
    const fame = ok<HallOfFame>(await get(luis, '/api/seasons/hall-of-fame'));
    const { named, ...results } = frozen;
    expect(fame.seasons).toEqual([
      {
        id: '2025',
        name: 'Podium 2025',
        archivedAt: moments2025.afterSeason.toISOString(),
        results,
      },
    ]);
    // Whose names they are is kept for erasures, never served.
    expect(named.winners).toEqual([luis.playerId, ana.playerId]);
    expect(JSON.stringify(fame)).not.toContain(ana.playerId);
  });

  it('gives each player their history, equal to their raw attempts', async () => {
    const scored = (await t.database.db.select().from(attempts)).filter(
      (attempt) => attempt.seasonId === '2025' && attempt.weekScore !== null,
    );
    const totals = [ana, luis, camille].map((player) => {
      const own = scored.filter((attempt) => attempt.playerId === player.playerId);
      return {
        player,
        total: own.reduce((sum, attempt) => sum + attempt.weekScore!, 0),
        totalTimeMs: own.reduce((sum, attempt) => sum + attempt.elapsedMs!, 0),
        lastSubmissionAt: new Date(
          Math.max(...own.map((attempt) => attempt.finishedAt!.getTime())),
        ),
        weeks: own.length,
      };
    });
    const ranked = [...totals].sort(comparePlayers);
    const teamCodes = new Map([
      [ana, 'es'],
      [luis, 'mx'],
      [camille, 'fr'],
    ]);
    for (const entry of totals) {
      const history = ok<PlayerHistory>(await get(entry.player, '/api/me/history'));
      const team = await teamByCode(t.database.db, teamCodes.get(entry.player)!);
      expect(history.seasons).toEqual([
        {
          seasonId: '2025',
          name: 'Podium 2025',
          archivedAt: moments2025.afterSeason.toISOString(),
          team: { name: team.name, flag: team.flag, region: team.region },
          total: entry.total,
          weeksPlayed: entry.weeks,
          rank: ranked.indexOf(entry) + 1,
          rankedPlayers: 3,
          teamPosition: frozen.standings.find((row) => row.teamId === team.id)!.position,
        },
      ]);
    }
  });

  it('an erasure removes the player’s name from the archive, and nothing else', async () => {
    const other = await signedInPlayer(t, 'demo-kasia');
    ok(await organiser.post(`/api/organise/players/${luis.playerId}/erase`, {}));
    const [row] = await t.database.db.select().from(seasons).where(eq(seasons.id, '2025'));
    const scrubbed = row!.frozenResults!;
    expect(scrubbed.winners.map((winner) => [winner.region, winner.name])).toEqual([
      ['LATAM', '—'],
      ['EUROPE', 'Ana García'],
    ]);
    const mx = await teamByCode(t.database.db, 'mx');
    expect(scrubbed.standings.find((team) => team.teamId === mx.id)!.topPlayer!.name).toBe('—');
    const unnamed = (results: FrozenResults) => ({
      ...results,
      winners: results.winners.map(({ name: _name, ...winner }) => winner),
      standings: results.standings.map(({ topPlayer, ...team }) => ({
        ...team,
        topPlayer: topPlayer && { total: topPlayer.total },
      })),
    });
    expect(unnamed(scrubbed)).toEqual(unnamed(frozen));
    expect(JSON.stringify(scrubbed)).not.toContain('Luis');
    frozen = scrubbed;
    luis = other;
  });

  it('refuses to change the archived season with 409 SEASON_ARCHIVED', async () => {
    for (const response of [
      await organiser.put('/api/organise/seasons/2025/weeks/1/questions', {
        seasonId: '2025',
        setNum: 2,
      }),
      await organiser.delete('/api/organise/seasons/2025'),
      await organiser.post('/api/organise/seasons/2025/launch'),
    ]) {
      const message = refused(response, 409, 'SEASON_ARCHIVED');
      expect(message).toMatch(/archived/);
    }
    refused(
      await organiser.delete(`/api/organise/seasons/${SEASON_2.id}`),
      409,
      'SEASON_NOT_DRAFT',
    );
    refused(await organiser.post('/api/organise/seasons/nothing/launch'), 404, 'SEASON_NOT_FOUND');
  });

  it('exports the archived season as the current one', async () => {
    const standings = readCsv(
      await organiser.get('/api/organise/exports/standings.csv?season=2025&setNum=6'),
    );
    expect(standings.rows.map((record) => record.team)).toEqual(
      frozen.standings.map((row) => row.name),
    );
    const totals = readCsv(await organiser.get('/api/organise/exports/players.csv?season=2025'));
    expect(totals.rows.map((record) => [record.name, record.total_points])).toEqual(
      expect.arrayContaining([['Ana García', expect.any(String)]]),
    );
    // Luis was erased: his total still counts for his team, but names nobody.
    expect(totals.rows).toHaveLength(2);
    const winners = readCsv(
      await organiser.get('/api/organise/exports/regional-winners.csv?season=2025'),
    );
    expect(winners.rows.map((record) => record.name).sort()).toEqual(
      frozen.winners.map((winner) => winner.name).filter((name) => name !== '—'),
    );
    refused(
      await organiser.get('/api/organise/exports/players.csv?season=nothing'),
      404,
      'SEASON_NOT_FOUND',
    );
  });
});

describe('the second season', () => {
  it('asks every player to register again, the form pre-filled from the last registration', async () => {
    const me = ok<Me>(await get(ana, '/api/me'));
    expect(me.season!.id).toBe(SEASON_2.id);
    expect(me.registered).toBe(false);
    expect(me.team?.name).toBe((await teamByCode(t.database.db, 'es')).name);
    expect(me.language).toBe('en');
    const [row] = await t.database.db.select().from(players).where(eq(players.id, ana.playerId));
    expect(row!.registeredAt).toBeNull();
  });

  it('starts with clean standings, then counts only the second season', async () => {
    t.clock.set(season2Week1);
    await signInAgain();
    const empty = await t.database.db
      .select()
      .from(teamWeekStats)
      .where(eq(teamWeekStats.seasonId, SEASON_2.id));
    expect(empty).toEqual([]);
    const es = await teamByCode(t.database.db, 'es');
    const fr = await teamByCode(t.database.db, 'fr');
    ok(await post(ana, '/api/me/registration', profileInput(es)));
    ok(await post(camille, '/api/me/registration', profileInput(fr)));
    refused(await post(ana, '/api/me/registration', profileInput(es)), 409, 'ALREADY_REGISTERED');
    const standings = ok<Standings>(await standingsClient(t.app, ana.cookie).standings());
    expect(standings.teams.every((team) => team.overall === 0)).toBe(true);
    await playWeek(t, ana, { pattern: 'rrwww' });
    await expectStandingsToMatchRawRows(t.app, t.database.db, {
      cookie: ana.cookie,
      now: t.clock.now(),
      winners: true,
      members: [{ cookie: ana.cookie, teamId: es.id }],
      players: [{ cookie: ana.cookie, playerId: ana.playerId }],
    });
    const [marker] = await t.database.db
      .select()
      .from(activeWeeks)
      .where(and(eq(activeWeeks.playerId, ana.playerId), eq(activeWeeks.seasonId, SEASON_2.id)));
    expect(marker!.registeredAt).toEqual(season2Week1);
  });

  it('a team change in the new season leaves the archived season’s history alone', async () => {
    const before = ok<PlayerHistory>(await get(camille, '/api/me/history'));
    t.clock.set(new Date('2025-03-30T10:00:00Z')); // Sunday between weeks 1 and 2
    const pl = await teamByCode(t.database.db, 'pl');
    ok(await updateProfile(t.app, camille, profileInput(pl)));
    t.clock.set(season2Week2);
    await playWeek(t, camille, { pattern: 'rrrrr' });
    expect(ok<PlayerHistory>(await get(camille, '/api/me/history'))).toEqual(before);
    const [row] = await t.database.db.select().from(seasons).where(eq(seasons.id, '2025'));
    expect(row!.frozenResults).toEqual(frozen);
  });
});
