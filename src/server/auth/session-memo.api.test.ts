import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadSeason2025,
  moments2025,
  profileInput,
  storedPlayer,
  teamsByCode,
} from '../../../tests/factories';
import {
  createTestApp,
  fixedClock,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/test-app';
import { signInOrganiser } from '../../../tests/organise-helpers';
import type { Me } from '#shared/contracts/me';
import type { CurrentWeek } from '#shared/contracts/play';
import { CSRF_HEADER } from '../http/security';

/**
 * Two instances of the server on one database, as behind a load balancer: each memoises the
 * sessions it has seen (session-memo.ts), and must still refuse one the other ended, show a
 * change the other made, and not end a session the other kept alive. (Both share the test's
 * database object, which delivers each NOTIFY to both; tests/resilience/two-instances.test.ts
 * runs the same between two processes through PostgreSQL.)
 */

const MINUTE = 60_000;
const clock = fixedClock(moments2025.beforeLaunch);
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const env = { SESSION_IDLE_MINUTES: '30' };
  a = await createTestApp({ clock, env });
  b = await createTestApp({ clock, env, database: a.database });
  await loadSeason2025(a.database.db, clock);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const me = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
const write = (cookie: string) => ({ cookie, [CSRF_HEADER]: '1', origin: TEST_ORIGIN });

describe('sessions memoised by two instances', () => {
  it('refuses on one instance a session signed out on the other', async () => {
    const { cookie } = await signIn(a.app, 'demo-ana');
    expect((await me(b, cookie)).statusCode).toBe(200); // b now has it memoised
    expect((await me(b, cookie)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/logout', headers: write(cookie) });
    expect(out.statusCode).toBe(200);
    const refused = await me(b, cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');
  });

  it("shows on one instance the profile saved on the other (the player's memo is dropped)", async () => {
    const { cookie } = await signIn(a.app, 'demo-luis');
    const before: Me = (await me(b, cookie)).json();
    expect(before.registered).toBe(false);
    const { fr } = await teamsByCode(a.database.db, ['fr']);
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/me/registration',
      headers: write(cookie),
      payload: profileInput(fr, { language: 'fr' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after: Me = (await me(b, cookie)).json();
    expect(after).toMatchObject({ registered: true, language: 'fr', team: { id: fr.id } });
  });

  it('blocks play on one instance once an organiser made the week inactive on the other', async () => {
    clock.set(moments2025.beforeLaunch);
    const { pl } = await teamsByCode(a.database.db, ['pl']);
    const registered = await a.app.inject({
      method: 'POST',
      url: '/api/me/registration',
      headers: write((await signIn(a.app, 'demo-kasia')).cookie),
      payload: profileInput(pl),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    clock.set(moments2025.week1Open);
    const { cookie } = await signIn(a.app, 'demo-kasia');
    const week = async () =>
      (await b.app.inject({ url: '/api/weeks/current', headers: { cookie } })).json<CurrentWeek>();
    expect((await week()).state).toBe('ready'); // b now holds her active weeks
    const organiser = await signInOrganiser(a.app);
    const { id } = await storedPlayer(a.database.db, 'demo-kasia');
    const marked = await organiser.post(`/api/organise/players/${id}/weeks/1/inactive`, {
      reason: 'On leave, told her manager before the week',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await week()).state).toBe('inactive');
    const start = await b.app.inject({
      method: 'POST',
      url: '/api/weeks/current/attempt',
      headers: write(cookie),
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().error.code).toBe('WEEK_INACTIVE');
  });

  it('keeps a session alive on one instance while the other serves it', async () => {
    const { cookie } = await signIn(a.app, 'demo-camille');
    expect((await me(b, cookie)).statusCode).toBe(200); // b remembers it as seen now
    for (let step = 0; step < 3; step++) {
      clock.advance(20 * MINUTE);
      expect((await me(a, cookie)).statusCode).toBe(200);
    }
    // 60 minutes since b last saw it, 0 since a did: b must ask the database, not end it.
    expect((await me(b, cookie)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    expect((await me(b, cookie)).statusCode).toBe(401);
    expect((await me(a, cookie)).statusCode).toBe(401);
  });
});
