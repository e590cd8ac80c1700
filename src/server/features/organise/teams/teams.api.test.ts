import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025, teamByCode } from '../../../../../tests/factories';
import {
  apiClient,
  latestAudit,
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import { createPlayApp, registeredPlayer, type PlayApp } from '../../../../../tests/play-helpers';
import type { OrganiserTeam } from '#shared/contracts/organise';
import type { Standings } from '#shared/contracts/standings';

let t: PlayApp;
let organiser: ApiClient;
let ana: ApiClient;
beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  organiser = await signInOrganiser(t.app);
  ana = apiClient(t.app, (await registeredPlayer(t, 'demo-ana', { team: 'es' })).cookie);
});
afterAll(() => t.close());

const teams = async () =>
  ok<{ teams: OrganiserTeam[] }>(await organiser.get('/api/organise/teams')).teams;
const japan = { name: 'Japan', flag: 'jp', region: 'ASEAN', timeZone: 'Asia/Tokyo' };
let japanId: number;

describe('teams', () => {
  it('lists the teams by name with their code, zone, sales teams and registered players', async () => {
    const list = await teams();
    expect(list).toHaveLength(16);
    expect(list.map((team) => team.name)).toEqual(list.map((team) => team.name).sort());
    const spain = list.find((team) => team.code === 'es')!;
    expect(spain).toMatchObject({
      name: 'Spain',
      flag: 'es',
      region: 'EUROPE',
      timeZone: 'Europe/Madrid',
      players: 1,
    });
    expect(spain.salesTeams.map((salesTeam) => salesTeam.players)).toEqual([0, 0]);
  });

  it('adds a team (code from the flag) that players and the standings see at once', async () => {
    const created = ok<OrganiserTeam>(await organiser.post('/api/organise/teams', japan), 201);
    expect(created).toMatchObject({ ...japan, code: 'jp', players: 0, salesTeams: [] });
    japanId = created.id;
    const choices = ok<{ teams: { name: string }[] }>(await ana.get('/api/teams-and-languages'));
    expect(choices.teams.map((team) => team.name)).toContain('Japan');
    const standings = ok<Standings>(await ana.get('/api/standings'));
    expect(standings.teams.map((team) => team.name)).toContain('Japan');
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'team.create',
      entityType: 'team',
      entityId: String(created.id),
      before: null,
      after: { code: 'jp', name: 'Japan' },
    });
  });

  it('refuses a second team with the same name (any case) or code with 409 NAME_TAKEN', async () => {
    refused(
      await organiser.post('/api/organise/teams', { ...japan, name: 'JAPAN', flag: 'jp' }),
      409,
      'NAME_TAKEN',
    );
    const message = refused(
      await organiser.post('/api/organise/teams', { ...japan, name: 'España bis', flag: 'es' }),
      409,
      'NAME_TAKEN',
    );
    expect(message).toContain("'es'");
    expect(await teams()).toHaveLength(17);
  });

  it.each([
    ['a flag that is not an ISO code', { flag: 'Japan' }, /ISO 3166/],
    ['an unknown region', { region: 'ASIA' }, /region/],
    ['an unknown time zone', { timeZone: 'Asia/Atlantis' }, /IANA/],
    ['an empty name', { name: '' }, /name/],
    ['a malformed code', { code: 'J P' }, /code/],
  ])('refuses %s with 400', async (_name, change, reason) => {
    const message = refused(
      await organiser.post('/api/organise/teams', { ...japan, name: 'Nippon', ...change }),
      400,
      'BAD_REQUEST',
    );
    expect(message).toMatch(reason);
  });

  it('edits a team, with the before and after in the audit log', async () => {
    const edited = ok<OrganiserTeam>(
      await organiser.put(`/api/organise/teams/${japanId}`, {
        ...japan,
        name: 'Japan (Nippon)',
        region: 'ASEAN',
      }),
    );
    expect(edited.name).toBe('Japan (Nippon)');
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'team.update',
      before: { name: 'Japan' },
      after: { name: 'Japan (Nippon)' },
    });
  });

  it('refuses an unknown team (400 TEAM_NOT_FOUND) and another team’s name (409)', async () => {
    refused(await organiser.put('/api/organise/teams/999999', japan), 400, 'TEAM_NOT_FOUND');
    refused(
      await organiser.put(`/api/organise/teams/${japanId}`, { ...japan, name: 'spain' }),
      409,
      'NAME_TAKEN',
    );
    refused(await organiser.put('/api/organise/teams/abc', japan), 400, 'BAD_REQUEST');
  });

  it('refuses a time zone change while a week is open there (409 TEAM_ZONE_LOCKED), allows it between weeks', async () => {
    const spain = await teamByCode(t.database.db, 'es');
    const body = { name: 'Spain', flag: 'es', region: 'EUROPE', timeZone: 'Atlantic/Canary' };
    refused(await organiser.put(`/api/organise/teams/${spain.id}`, body), 409, 'TEAM_ZONE_LOCKED');
    t.clock.set(moments2025.betweenWeeks1And2);
    try {
      expect(
        ok<OrganiserTeam>(await organiser.put(`/api/organise/teams/${spain.id}`, body)).timeZone,
      ).toBe('Atlantic/Canary');
      ok(
        await organiser.put(`/api/organise/teams/${spain.id}`, {
          ...body,
          timeZone: 'Europe/Madrid',
        }),
      );
    } finally {
      t.clock.set(moments2025.week1Open);
    }
  });
});

describe('sales teams', () => {
  let tokyoId: number;

  it('adds a sales team to a team, with an audit entry', async () => {
    const team = ok<OrganiserTeam>(
      await organiser.post(`/api/organise/teams/${japanId}/sales-teams`, { name: 'Tokyo' }),
      201,
    );
    expect(team.salesTeams).toEqual([{ id: expect.any(Number), name: 'Tokyo', players: 0 }]);
    tokyoId = team.salesTeams[0]!.id;
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'sales-team.create',
      entityId: String(tokyoId),
      after: { teamId: japanId, name: 'Tokyo' },
    });
  });

  it('refuses a duplicate name (409), a fifth sales team (409) and an unknown team', async () => {
    refused(
      await organiser.post(`/api/organise/teams/${japanId}/sales-teams`, { name: 'tokyo' }),
      409,
      'NAME_TAKEN',
    );
    const brazil = await teamByCode(t.database.db, 'br');
    refused(
      await organiser.post(`/api/organise/teams/${brazil.id}/sales-teams`, { name: 'Norte' }),
      409,
      'TOO_MANY_SALES_TEAMS',
    );
    refused(
      await organiser.post('/api/organise/teams/999999/sales-teams', { name: 'X' }),
      400,
      'TEAM_NOT_FOUND',
    );
    refused(
      await organiser.post(`/api/organise/teams/${japanId}/sales-teams`, { name: ' ' }),
      400,
      'BAD_REQUEST',
    );
  });

  it('renames a sales team, refusing a sibling’s name and an unknown one', async () => {
    const team = ok<OrganiserTeam>(
      await organiser.put(`/api/organise/sales-teams/${tokyoId}`, { name: 'Kantō' }),
    );
    expect(team.salesTeams.map((salesTeam) => salesTeam.name)).toEqual(['Kantō']);
    ok(await organiser.post(`/api/organise/teams/${japanId}/sales-teams`, { name: 'Kansai' }), 201);
    refused(
      await organiser.put(`/api/organise/sales-teams/${tokyoId}`, { name: 'KANSAI' }),
      409,
      'NAME_TAKEN',
    );
    refused(
      await organiser.put('/api/organise/sales-teams/999999', { name: 'X' }),
      404,
      'SALES_TEAM_NOT_FOUND',
    );
    const [entry] = await latestAudit(t.database.db, 2);
    expect(entry).toMatchObject({ action: 'sales-team.create', after: { name: 'Kansai' } });
  });

  it('removes a sales team nobody chose, and refuses one a player chose (409 SALES_TEAM_IN_USE)', async () => {
    const team = ok<OrganiserTeam>(await organiser.delete(`/api/organise/sales-teams/${tokyoId}`));
    expect(team.salesTeams.map((salesTeam) => salesTeam.name)).toEqual(['Kansai']);
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'sales-team.delete',
      before: { name: 'Kantō' },
      after: null,
    });

    const france = await teamByCode(t.database.db, 'fr');
    const chosen = france.salesTeams[0]!;
    t.clock.set(moments2025.betweenWeeks1And2);
    try {
      const camille = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/me/profile',
        headers: { cookie: camille.cookie, 'x-podium-csrf': '1' },
        payload: {
          language: 'fr',
          teamId: france.id,
          salesTeamId: chosen.id,
          activeWeeks: Array(6).fill(true),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      t.clock.set(moments2025.week1Open);
    }
    const message = refused(
      await organiser.delete(`/api/organise/sales-teams/${chosen.id}`),
      409,
      'SALES_TEAM_IN_USE',
    );
    expect(message).toContain('1 player');
    expect(
      (await teams())
        .find((row) => row.id === france.id)!
        .salesTeams.find((row) => row.id === chosen.id),
    ).toMatchObject({ players: 1 });
  });
});
