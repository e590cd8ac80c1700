import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../tests/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in through the embedded provider', () => {
  it('creates the player from the ID token claims and returns to the page first asked for', async () => {
    const { cookie, location } = await signIn(t.app, 'demo-ana', '/leaderboard');
    expect(location).toBe('/leaderboard');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      givenName: 'Ana',
      familyName: 'García',
      email: 'ana.garcia@example.com',
      locale: 'es-ES',
    });
  });
});
