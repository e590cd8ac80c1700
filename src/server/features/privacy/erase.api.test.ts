import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  latestAudit,
  ok,
  readCsv,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  week2Open,
  type Player,
  type PlayApp,
} from '../../../../tests/play-helpers';
import { expectStandingsToMatchRawRows } from '../../../../tests/standings-recompute';
import { teamByCode } from '../../../../tests/factories';
import { signIn } from '../../../../tests/test-app';
import type { PlayerPrivacy } from '#shared/contracts/privacy';
import { attempts, auditLog, players, reminders, sessions } from '../../db/schema';

let t: PlayApp;
let organiser: ApiClient;
const team: Record<string, Player> = {};

/** Everything a player or an organiser reads that an erasure must not change. */
async function figures() {
  const luis = apiClient(t.app, team.luis!.cookie);
  const read = async (url: string, client = luis) => ok(await client.get(url));
  return {
    standings: await read('/api/standings'),
    week1: await read('/api/standings/track?eventId=1&eventWeek=1'),
    week2: await read('/api/standings/track?eventId=1&eventWeek=2'),
    myTeam: await read('/api/standings/my-team'),
    gaps: await read('/api/organise/gaps', organiser),
    dashboard1: await read('/api/organise/weeks/1/dashboard', organiser),
    dashboard2: await read('/api/organise/weeks/2/dashboard', organiser),
    standingsCsv: readCsv(await organiser.get('/api/organise/exports/standings.csv')).text,
  };
}

const withoutTopPlayers = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (key, field: unknown) => (key === 'topPlayer' ? undefined : field)),
  );

const erase = (playerId: string) => organiser.post(`/api/organise/players/${playerId}/erase`);

beforeAll(async () => {
  t = await createPlayApp();
  organiser = await signInOrganiser(t.app);
  team.ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  team.luis = await registeredPlayer(t, 'demo-luis', { team: 'es' });
  team.camille = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
  await playWeek(t, team.ana, { pattern: 'rrrrr', secondsEach: 20, challenger: 'right' });
  await playWeek(t, team.luis, { pattern: 'rwrrw', secondsEach: 9 });
  await playWeek(t, team.camille, { pattern: 'rrwrr' });
  t.clock.set(week2Open);
  organiser = await signInOrganiser(t.app);
  await playWeek(t, team.ana, { pattern: 'rrrwr', secondsEach: 7 });
  ok(
    await organiser.post(`/api/organise/players/${team.luis.playerId}/weeks/3/inactive`, {
      reason: 'Surgery, back in March',
    }),
  );
});
afterAll(() => t.close());

describe('POST /api/organise/players/:playerId/erase', () => {
  it('changes no team figure, past or current, nor any question statistic, by a hundredth', async () => {
    const before = await figures();
    const erased = ok<PlayerPrivacy>(await erase(team.ana!.playerId));
    expect(erased).toMatchObject({ id: team.ana!.playerId, erasedAt: t.clock.now().toISOString() });
    const after = await figures();
    // A team's best player names a person: Ana's place goes to the next best, nothing else moves.
    expect(JSON.stringify(before)).toContain('Ana García');
    expect(JSON.stringify(after)).not.toContain('Ana García');
    expect(withoutTopPlayers(after)).toEqual(withoutTopPlayers(before));
    await expectStandingsToMatchRawRows(t.app, t.database.db, {
      cookie: team.luis!.cookie,
      now: t.clock.now(),
      members: [{ cookie: team.luis!.cookie, teamId: (await teamByCode(t.database.db, 'es')).id }],
      winners: true,
    });
  });

  it('keeps the answers on an anonymous row: no name, e-mail, subject or session', async () => {
    const [row] = await t.database.db
      .select()
      .from(players)
      .where(eq(players.id, team.ana!.playerId));
    expect(row).toMatchObject({
      email: null,
      name: null,
      givenName: null,
      familyName: null,
      locale: null,
      zoneinfo: null,
      oidcIssuer: 'erased',
      oidcSubject: team.ana!.playerId,
      organiser: false,
    });
    const kept = await t.database.db
      .select()
      .from(attempts)
      .where(eq(attempts.playerId, team.ana!.playerId));
    expect(kept.map((attempt) => attempt.setNum)).toEqual([1, 2]);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.playerId, team.ana!.playerId)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(reminders)
        .where(eq(reminders.playerId, team.ana!.playerId)),
    ).toEqual([]);
    // The session the player held is refused at once.
    expect((await team.ana!.current()).statusCode).toBe(401);
  });

  it('records the erasure in the audit log without personal data', async () => {
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'player.erase',
      entityType: 'player',
      entityId: team.ana!.playerId,
      actorName: 'Morgan Lee',
      reason: null,
    });
    const all = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(all).not.toMatch(/Ana|García|ana\.garcia|demo-ana/);
  });

  it('leaves the person out of the player exports and the regional winners', async () => {
    for (const url of [
      '/api/organise/exports/players.csv',
      '/api/organise/exports/regional-winners.csv',
    ]) {
      expect(readCsv(await organiser.get(url)).text).not.toMatch(/Ana|García/);
    }
    const winners = await apiClient(t.app, team.luis!.cookie).get('/api/standings/winners');
    expect(winners.body).not.toMatch(/Ana|García/);
    const search = ok<{ total: number }>(await organiser.get('/api/organise/players?q=garc'));
    expect(search.total).toBe(0);
  });

  it('makes the next sign-in a new player', async () => {
    const { cookie } = await signIn(t.app, 'demo-ana');
    const me = ok<{ name: string; registered: boolean }>(
      await apiClient(t.app, cookie).get('/api/me'),
    );
    expect(me).toMatchObject({ name: 'Ana García', registered: false });
    const rows = await t.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.oidcSubject, 'demo-ana'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(team.ana!.playerId);
  });

  it('answers 409 PLAYER_ERASED to a second erasure, and one of two at once', async () => {
    refused(await erase(team.ana!.playerId), 409, 'PLAYER_ERASED');
    const responses = await Promise.all([
      erase(team.camille!.playerId),
      erase(team.camille!.playerId),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, team.camille!.playerId));
    expect(entries.filter((entry) => entry.action === 'player.erase')).toHaveLength(1);
  });

  it('refuses an organiser erasing themselves, an unknown player, and a player', async () => {
    const [self] = await t.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.oidcSubject, 'demo-organiser'));
    refused(await erase(self!.id), 409, 'OWN_ACCOUNT');
    refused(await erase('00000000-0000-4000-8000-000000000000'), 404, 'PLAYER_NOT_FOUND');
    const asPlayer = apiClient(t.app, team.luis!.cookie);
    refused(
      await asPlayer.post(`/api/organise/players/${team.ana!.playerId}/erase`),
      403,
      'FORBIDDEN',
    );
  });
});
