import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025, teamsByCode, type TeamWithSalesTeams } from '../../../../../tests/factories';
import {
  latestAudit,
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  signedInPlayer,
  type Player,
  type PlayApp,
} from '../../../../../tests/play-helpers';
import type { PlayerDetail, PlayerSummary } from '#shared/contracts/organise-players';
import { attempts, playerTotals, teamWeekStats } from '../../../db/schema';

type Code = 'es' | 'fr' | 'mx' | 'co' | 'pl' | 'de';
let t: PlayApp;
let organiser: ApiClient;
let teams: Record<Code, TeamWithSalesTeams>;
const players: Record<string, Player> = {};
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
  teams = await teamsByCode(t.database.db, ['es', 'fr', 'mx', 'co', 'pl', 'de']);
  for (const [account, team] of [
    ['demo-ana', 'es'],
    ['demo-luis', 'mx'],
    ['demo-camille', 'fr'],
    ['demo-kasia', 'pl'],
    ['demo-emily', 'mx'],
  ] as const) {
    players[account] = await registeredPlayer(t, account, { team });
  }
});
afterAll(() => t.close());

type Page = { total: number; page: number; pageSize: number; players: PlayerSummary[] };
const search = async (query: string) =>
  ok<Page>(await organiser.get(`/api/organise/players?${query}`));
const detail = async (account: string) =>
  ok<PlayerDetail>(await organiser.get(`/api/organise/players/${players[account]!.playerId}`));
const move = (account: string, body: unknown) =>
  organiser.post(`/api/organise/players/${players[account]!.playerId}/team`, body);
const inactive = (account: string, setNum: number, body: unknown) =>
  organiser.post(
    `/api/organise/players/${players[account]!.playerId}/weeks/${setNum}/inactive`,
    body,
  );

/** Active members of a team in each of the six weeks, from the standings aggregates. */
async function activeMembers(code: Code): Promise<number[]> {
  const rows = await t.database.db
    .select()
    .from(teamWeekStats)
    .where(and(eq(teamWeekStats.seasonId, '2025'), eq(teamWeekStats.teamId, teams[code].id)));
  return [1, 2, 3, 4, 5, 6].map(
    (setNum) => rows.find((row) => row.setNum === setNum)?.activeMembers ?? 0,
  );
}

describe('GET /api/organise/players', () => {
  it('finds players by part of the name or email, in any case', async () => {
    expect((await search('q=GARC')).players.map((player) => player.name)).toEqual(['Ana García']);
    expect((await search('q=luis.hernandez@')).players.map((player) => player.name)).toEqual([
      'Luis Hernández',
    ]);
    expect((await search('q=example.com')).total).toBe(6); // five players and the organiser
    expect((await search(`q=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('filters by team and pages through the results by name', async () => {
    const mexico = await search(`teamId=${teams.mx.id}`);
    expect(mexico.players.map((player) => player.name)).toEqual(['Emily Clark', 'Luis Hernández']);
    expect(mexico.players[0]).toMatchObject({
      team: { name: 'Mexico', flag: 'mx' },
      registered: true,
      organiser: false,
      email: 'emily.clark@example.com',
    });
    const second = await search('pageSize=2&page=2');
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(second.players.map((player) => player.name)).toEqual(['Emily Clark', 'Katarzyna Nowak']);
  });

  it.each(['pageSize=0', 'pageSize=500', 'page=0', 'teamId=abc', `q=${'x'.repeat(101)}`])(
    'refuses %s with 400',
    async (query) => {
      refused(await organiser.get(`/api/organise/players?${query}`), 400, 'BAD_REQUEST');
    },
  );
});

describe('GET /api/organise/players/:playerId', () => {
  it("shows the player's six weeks in their team's zone, active flags and attempts", async () => {
    const ana = await detail('demo-ana');
    expect(ana.player).toMatchObject({ name: 'Ana García', team: { name: 'Spain' } });
    expect(ana.totalScore).toBe(0);
    expect(ana.weeks).toHaveLength(6);
    expect(ana.weeks[0]).toEqual({
      setNum: 1,
      eventId: 1,
      eventWeek: 1,
      opensAt: '2025-02-03T23:00:00.000Z',
      closesAt: '2025-02-07T22:59:59.999Z',
      status: 'upcoming',
      active: true,
      attempt: null,
    });
  });

  it('answers 404 PLAYER_NOT_FOUND for an unknown player and 400 for a malformed id', async () => {
    refused(
      await organiser.get('/api/organise/players/00000000-0000-4000-8000-000000000000'),
      404,
      'PLAYER_NOT_FOUND',
    );
    refused(await organiser.get('/api/organise/players/not-a-uuid'), 400, 'BAD_REQUEST');
  });
});

describe('moving a player to another team', () => {
  it('moves the weeks not played; the week played stays with the old team', async () => {
    t.clock.set(moments2025.week1Open);
    await playWeek(t, players['demo-ana']!, { pattern: 'rrrrr' });
    const before = { es: await activeMembers('es'), fr: await activeMembers('fr') };
    const moved = ok<PlayerDetail>(
      await move('demo-ana', {
        teamId: teams.fr.id,
        salesTeamId: teams.fr.salesTeams[0]!.id,
        reason: 'Transferred to Paris',
      }),
    );
    expect(moved.player).toMatchObject({
      team: { name: 'France' },
      salesTeam: { id: teams.fr.salesTeams[0]!.id },
    });
    expect(moved.weeks[0]!.attempt).toMatchObject({
      status: 'done',
      team: { name: 'Spain' },
      correctCount: 5,
      challenger: 'not-taken',
    });
    expect(moved.totalScore).toBeGreaterThan(500);
    expect(await activeMembers('es')).toEqual(
      before.es.map((count, index) => (index === 0 ? count : count - 1)),
    );
    expect(await activeMembers('fr')).toEqual(
      before.fr.map((count, index) => (index === 0 ? count : count + 1)),
    );
    const [total] = await t.database.db
      .select()
      .from(playerTotals)
      .where(eq(playerTotals.playerId, players['demo-ana']!.playerId));
    expect(total!.teamId).toBe(teams.fr.id);
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'player.move-team',
      entityType: 'player',
      entityId: players['demo-ana']!.playerId,
      before: { team: 'Spain' },
      after: { team: 'France', weeksMoved: [2, 3, 4, 5, 6] },
      reason: 'Transferred to Paris',
    });
  });

  it('moves the open week too when it is open in both zones and not played: it then counts for the new team', async () => {
    const before = await activeMembers('co');
    const moved = ok<PlayerDetail>(
      await move('demo-luis', { teamId: teams.co.id, salesTeamId: null }),
    );
    expect(moved.player.team!.name).toBe('Colombia');
    expect(await activeMembers('co')).toEqual(before.map((count) => count + 1));
    const view = await playWeek(t, players['demo-luis']!);
    const [attempt] = await t.database.db.select().from(attempts).where(eq(attempts.id, view.id));
    expect(attempt!.teamId).toBe(teams.co.id);
    expect((await latestAudit(t.database.db))[0]).toMatchObject({
      after: { weeksMoved: [1, 2, 3, 4, 5, 6] },
      reason: null,
    });
  });

  it('refuses a move while the week is over in one zone and running in the other, not played (409)', async () => {
    t.clock.set(new Date('2025-02-08T03:00:00Z')); // Saturday in Madrid, Friday evening in Mexico City
    const response = await move('demo-emily', { teamId: teams.es.id, salesTeamId: null });
    expect(refused(response, 409, 'TEAM_CHANGE_LOCKED')).toContain('Week 1');
    // What the organiser's screen words its message with: the move goes through once week 1
    // has closed in Mexico City too, at midnight there (06:00 UTC).
    expect(response.json().error.details).toEqual({
      week: 1,
      movableFrom: '2025-02-08T06:00:00.000Z',
    });
    expect((await detail('demo-emily')).player.team!.name).toBe('Mexico');

    t.clock.set(new Date('2025-02-08T06:00:00Z'));
    const moved = ok<PlayerDetail>(
      await move('demo-emily', { teamId: teams.es.id, salesTeamId: null }),
    );
    expect(moved.player.team!.name).toBe('Spain');
    ok(await move('demo-emily', { teamId: teams.mx.id, salesTeamId: null }));
  });

  it('refuses an unknown team or player, a foreign sales team, an unregistered player and bad bodies', async () => {
    t.clock.set(moments2025.betweenWeeks1And2);
    refused(await move('demo-emily', { teamId: 999999, salesTeamId: null }), 400, 'TEAM_NOT_FOUND');
    refused(
      await move('demo-emily', { teamId: teams.es.id, salesTeamId: teams.fr.salesTeams[0]!.id }),
      400,
      'SALES_TEAM_NOT_IN_TEAM',
    );
    players['demo-rafael'] = await signedInPlayer(t, 'demo-rafael');
    refused(
      await move('demo-rafael', { teamId: teams.es.id, salesTeamId: null }),
      409,
      'NOT_REGISTERED',
    );
    refused(
      await organiser.post('/api/organise/players/00000000-0000-4000-8000-000000000000/team', {
        teamId: teams.es.id,
        salesTeamId: null,
      }),
      404,
      'PLAYER_NOT_FOUND',
    );
    refused(await move('demo-emily', { teamId: teams.es.id }), 400, 'BAD_REQUEST');
    refused(
      await move('demo-emily', { teamId: teams.es.id, salesTeamId: null, reason: 'x'.repeat(501) }),
      400,
      'BAD_REQUEST',
    );
    refused(
      await move('demo-emily', { teamId: teams.es.id, salesTeamId: null, playerId: 'x' }),
      400,
      'BAD_REQUEST',
    );
  });

  it('changes only the sales team without touching the aggregates', async () => {
    const before = await activeMembers('mx');
    const moved = ok<PlayerDetail>(
      await move('demo-emily', { teamId: teams.mx.id, salesTeamId: teams.mx.salesTeams[1]!.id }),
    );
    expect(moved.player.salesTeam!.id).toBe(teams.mx.salesTeams[1]!.id);
    expect(await activeMembers('mx')).toEqual(before);
    expect((await latestAudit(t.database.db))[0]).toMatchObject({
      action: 'player.move-team',
      after: { weeksMoved: [] },
    });
  });
});

describe('marking a week inactive after the deadline (override)', () => {
  it('takes a closed week off a player who did not play it, for their team, with the reason audited', async () => {
    const before = await activeMembers('fr');
    const body = { reason: 'Sick leave, certificate on file' };
    const changed = ok<PlayerDetail>(await inactive('demo-camille', 1, body));
    expect(changed.weeks.map((week) => week.active)).toEqual([false, true, true, true, true, true]);
    expect(await activeMembers('fr')).toEqual(
      before.map((count, index) => (index === 0 ? count - 1 : count)),
    );
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'player.week-inactive',
      entityId: players['demo-camille']!.playerId,
      before: { setNum: 1, active: true, status: 'closed' },
      after: { setNum: 1, active: false },
      reason: 'Sick leave, certificate on file',
      actorName: 'Morgan Lee',
    });
  });

  it('requires a reason (400) and refuses a week already inactive (409 WEEK_INACTIVE)', async () => {
    refused(await inactive('demo-camille', 2, {}), 400, 'BAD_REQUEST');
    expect(
      refused(await inactive('demo-camille', 2, { reason: '  ' }), 400, 'BAD_REQUEST'),
    ).toMatch(/reason/);
    refused(await inactive('demo-camille', 1, { reason: 'Again' }), 409, 'WEEK_INACTIVE');
    refused(await inactive('demo-camille', 7, { reason: 'No such week' }), 400, 'BAD_REQUEST');
  });

  it('refuses a week the player played (409 ALREADY_PLAYED)', async () => {
    const message = refused(
      await inactive('demo-ana', 1, { reason: 'Holiday' }),
      409,
      'ALREADY_PLAYED',
    );
    expect(message).toContain('Ana García');
    expect((await detail('demo-ana')).weeks[0]!.active).toBe(true);
  });

  it("refuses a week that closed before the player joined their team; adjusts the new team's later weeks", async () => {
    ok(await move('demo-kasia', { teamId: teams.de.id, salesTeamId: null }));
    const before = { pl: await activeMembers('pl'), de: await activeMembers('de') };
    refused(await inactive('demo-kasia', 1, { reason: 'Was on leave' }), 409, 'TEAM_CHANGE_LOCKED');
    ok(await inactive('demo-kasia', 2, { reason: 'Training course' }));
    expect(await activeMembers('pl')).toEqual(before.pl);
    expect(await activeMembers('de')).toEqual(
      before.de.map((count, index) => (index === 1 ? count - 1 : count)),
    );
  });
});

describe('after the season', () => {
  it('refuses a move: no week is left to play, so there is no time to wait for (409)', async () => {
    t.clock.set(moments2025.afterSeason);
    organiser = await signInOrganiser(t.app); // the earlier session has expired by now
    const response = await move('demo-emily', { teamId: teams.es.id, salesTeamId: null });
    expect(refused(response, 409, 'TEAM_CHANGE_LOCKED')).toMatch(/No week is left/);
    expect(response.json().error).not.toHaveProperty('details');
    expect((await detail('demo-emily')).player.team!.name).toBe('Mexico');
  });
});
