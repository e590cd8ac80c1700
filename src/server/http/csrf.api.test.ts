import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import { CSRF_HEADER } from './security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const send = (method: Method, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers });

const expectCsrfRejected = (response: Awaited<ReturnType<typeof send>>) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    error: { code: 'CSRF_REJECTED', message: expect.any(String) },
  });
};

describe('CSRF defence on state-changing requests', () => {
  it('rejects POST /logout without the CSRF header', async () => {
    expectCsrfRejected(await send('POST', '/logout', { origin: TEST_ORIGIN }));
  });

  it('rejects POST /logout with the header but a foreign Origin', async () => {
    expectCsrfRejected(
      await send('POST', '/logout', { [CSRF_HEADER]: '1', origin: 'https://evil.example' }),
    );
  });

  it("rejects an opaque 'null' Origin", async () => {
    expectCsrfRejected(await send('POST', '/logout', { [CSRF_HEADER]: '1', origin: 'null' }));
  });

  it('rejects an Origin that only shares the host name with ours', async () => {
    expectCsrfRejected(
      await send('POST', '/logout', { [CSRF_HEADER]: '1', origin: 'https://podium.test' }),
    );
  });

  it('accepts POST /logout with the header and our own Origin', async () => {
    const response = await send('POST', '/logout', { [CSRF_HEADER]: '1', origin: TEST_ORIGIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirectTo: `${TEST_ORIGIN}/` });
  });

  it('accepts the header without an Origin (a same-origin request some browsers send so)', async () => {
    const response = await send('POST', '/logout', { [CSRF_HEADER]: '1' });
    expect(response.statusCode).toBe(200);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'rejects %s under /api without the header, even on a path with no route',
    async (method) => {
      expectCsrfRejected(await send(method, '/api/me', { origin: TEST_ORIGIN }));
      expectCsrfRejected(await send(method, '/api/no-such-route', { origin: TEST_ORIGIN }));
    },
  );

  it('answers 404, not 403, for an unknown /api route once the header is there', async () => {
    const response = await send('POST', '/api/no-such-route', {
      [CSRF_HEADER]: '1',
      origin: TEST_ORIGIN,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('leaves safe methods alone: GET /api/me is 401, not 403', async () => {
    const response = await t.app.inject({ url: '/api/me' });
    expect(response.statusCode).toBe(401);
  });

  it('a cross-site form post cannot sign a player out', async () => {
    const { cookie } = await signIn(t.app, 'demo-ana');
    const forged = await send('POST', '/logout', {
      cookie,
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectCsrfRejected(forged);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('a percent-encoded path that routes to /logout is still checked', async () => {
    const { cookie } = await signIn(t.app, 'demo-ana');
    for (const url of ['/%6cogout', '/%6C%6F%67%6F%75%74', '/logout?x=1']) {
      expectCsrfRejected(await send('POST', url, { cookie, origin: 'https://evil.example' }));
    }
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('a percent-encoded /api path is still checked', async () => {
    expectCsrfRejected(await send('POST', '/%61pi/me', { origin: TEST_ORIGIN }));
  });
});
