import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025, storedPlayer } from '../../../../../tests/factories';
import {
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import { createPlayApp, type PlayApp } from '../../../../../tests/play-helpers';
import type { AuditEntry, OrganiserTeam } from '#shared/contracts/organise';

let t: PlayApp;
let organiser: ApiClient;
let team: OrganiserTeam;
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
  const body = { name: 'Japan', flag: 'jp', region: 'ASEAN', timeZone: 'Asia/Tokyo' };
  team = ok<OrganiserTeam>(await organiser.post('/api/organise/teams', body), 201);
  t.clock.advance(60_000);
  ok(await organiser.post(`/api/organise/teams/${team.id}/sales-teams`, { name: 'Tokyo' }), 201);
  t.clock.advance(60_000);
  ok(await organiser.put(`/api/organise/teams/${team.id}`, { ...body, name: 'Nippon' }));
});
afterAll(() => t.close());

type Page = { total: number; page: number; pageSize: number; entries: AuditEntry[] };
const audit = async (query = '') => ok<Page>(await organiser.get(`/api/organise/audit${query}`));

describe('GET /api/organise/audit', () => {
  it('lists every change, newest first: who, what, before, after, when', async () => {
    const { id } = await storedPlayer(t.database.db, 'demo-organiser');
    const page = await audit();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(page.entries.map((entry) => entry.action)).toEqual([
      'team.update',
      'sales-team.create',
      'team.create',
    ]);
    expect(page.entries[0]).toEqual({
      id: expect.any(Number),
      at: new Date(moments2025.beforeLaunch.getTime() + 120_000).toISOString(),
      actor: { id, name: 'Morgan Lee' },
      action: 'team.update',
      entityType: 'team',
      entityId: String(team.id),
      before: { code: 'jp', name: 'Japan', flag: 'jp', region: 'ASEAN', timeZone: 'Asia/Tokyo' },
      after: { code: 'jp', name: 'Nippon', flag: 'jp', region: 'ASEAN', timeZone: 'Asia/Tokyo' },
      reason: null,
    });
  });

  it('pages and filters by entity', async () => {
    const second = await audit('?pageSize=1&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(second.entries.map((entry) => entry.action)).toEqual(['sales-team.create']);
    const teams = await audit(`?entityType=team&entityId=${team.id}`);
    expect(teams.entries.map((entry) => entry.action)).toEqual(['team.update', 'team.create']);
    expect((await audit('?entityType=season')).total).toBe(0);
  });

  it.each(['?entityType=planet', '?page=0', '?pageSize=1000'])(
    'refuses %s with 400',
    async (query) => {
      refused(await organiser.get(`/api/organise/audit${query}`), 400, 'BAD_REQUEST');
    },
  );
});
