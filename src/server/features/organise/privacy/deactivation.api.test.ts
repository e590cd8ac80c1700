import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerPrivacy } from '#shared/contracts/privacy';
import {
  latestAudit,
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  registeredPlayer,
  type Player,
  type PlayApp,
} from '../../../../../tests/play-helpers';
import { authorize, createBrowser, signIn } from '../../../../../tests/test-app';
import { sessions } from '../../../db/schema';

let t: PlayApp;
let organiser: ApiClient;
let emily: Player;

beforeAll(async () => {
  t = await createPlayApp();
  organiser = await signInOrganiser(t.app);
  emily = await registeredPlayer(t, 'demo-emily', { team: 'mx' });
  await signIn(t.app, 'demo-emily'); // a second browser
});
afterAll(() => t.close());

const change = (action: 'deactivate' | 'reactivate') =>
  organiser.post(`/api/organise/players/${emily.playerId}/${action}`);

/** Where the sign-in callback sends a browser signing in as Emily. */
async function signInOutcome(): Promise<string> {
  const browser = createBrowser(t.app);
  const callback = await browser.send('GET', await authorize(browser, 'demo-emily'));
  return String(callback.headers.location);
}

describe('deactivating and reactivating a player', () => {
  it('ends every session at once and refuses sign-in with a translated failure', async () => {
    const status = ok<PlayerPrivacy>(await change('deactivate'));
    expect(status.deactivatedAt).toBe(t.clock.now().toISOString());
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.playerId, emily.playerId)),
    ).toEqual([]);
    expect((await emily.current()).statusCode).toBe(401);
    const location = new URL(await signInOutcome(), 'http://podium.test');
    expect(location.pathname).toBe('/login/callback');
    expect(location.searchParams.get('failure')).toBe('account_deactivated');
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'player.deactivate',
      entityId: emily.playerId,
      actorName: 'Morgan Lee',
      after: { sessionsEnded: 2 },
    });
  });

  it('changes nothing and writes no entry when asked twice', async () => {
    const [before] = await latestAudit(t.database.db);
    ok(await change('deactivate'));
    expect((await latestAudit(t.database.db))[0]!.id).toBe(before!.id);
  });

  it('lets the player sign in again once reactivated, audited', async () => {
    expect(ok<PlayerPrivacy>(await change('reactivate')).deactivatedAt).toBeNull();
    expect(await signInOutcome()).toBe('/');
    expect((await latestAudit(t.database.db))[0]).toMatchObject({
      action: 'player.reactivate',
      before: { deactivatedAt: expect.any(String) },
      after: { deactivatedAt: null },
    });
  });

  it('refuses an organiser deactivating themselves, and an erased player', async () => {
    const self = ok<{ players: { id: string }[] }>(
      await organiser.get('/api/organise/players?q=morgan'),
    ).players[0]!;
    refused(
      await organiser.post(`/api/organise/players/${self.id}/deactivate`),
      409,
      'OWN_ACCOUNT',
    );
    ok(await organiser.post(`/api/organise/players/${emily.playerId}/erase`));
    refused(await change('deactivate'), 409, 'PLAYER_ERASED');
  });
});
