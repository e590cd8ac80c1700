import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerPage, SignOutEverywhere } from '#shared/contracts/organise-players';
import {
  apiClient,
  latestAudit,
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import { createTestApp, signIn, type TestApp } from '../../../../../tests/test-app';
import { players, sessions } from '../../../db/schema';

let t: TestApp;
let organiser: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await signInOrganiser(t.app);
});
afterAll(() => t.close());

const playerIdOf = async (subject: string) =>
  (await t.database.db.select().from(players).where(eq(players.oidcSubject, subject)))[0]!.id;

describe('POST /api/organise/players/:playerId/sign-out', () => {
  it('ends every session of the player at once, on their next request, and audits it', async () => {
    const laptop = apiClient(t.app, (await signIn(t.app, 'demo-ana')).cookie);
    const phone = apiClient(t.app, (await signIn(t.app, 'demo-ana')).cookie);
    const other = apiClient(t.app, (await signIn(t.app, 'demo-luis')).cookie);
    ok(await laptop.get('/api/me'));
    const id = await playerIdOf('demo-ana');

    const answer = ok<SignOutEverywhere>(
      await organiser.post(`/api/organise/players/${id}/sign-out`),
    );
    expect(answer).toEqual({ sessions: 2 });
    refused(await laptop.get('/api/me'), 401, 'UNAUTHENTICATED');
    refused(await phone.get('/api/me'), 401, 'UNAUTHENTICATED');
    ok(await other.get('/api/me'));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.playerId, id))).toEqual(
      [],
    );
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({ action: 'player.sign-out', entityId: id });
  });

  it('is for organisers only, and answers 404 for an unknown player', async () => {
    const player = apiClient(t.app, (await signIn(t.app, 'demo-kasia')).cookie);
    const id = await playerIdOf('demo-luis');
    refused(await player.post(`/api/organise/players/${id}/sign-out`), 403, 'FORBIDDEN');
    refused(
      await organiser.post('/api/organise/players/00000000-0000-4000-8000-000000000000/sign-out'),
      404,
      'PLAYER_NOT_FOUND',
    );
  });
});

describe('GET /api/organise/players?withoutEmail=1', () => {
  it('lists only the players the provider gave no address', async () => {
    await signIn(t.app, 'demo-camille');
    await t.database.db
      .update(players)
      .set({ email: null })
      .where(eq(players.oidcSubject, 'demo-camille'));
    const page = ok<PlayerPage>(await organiser.get('/api/organise/players?withoutEmail=1'));
    expect(page.players.map((player) => [player.name, player.email])).toEqual([
      ['Camille Martin', null],
    ]);
    const all = ok<PlayerPage>(await organiser.get('/api/organise/players'));
    expect(all.total).toBeGreaterThan(1);
  });
});
