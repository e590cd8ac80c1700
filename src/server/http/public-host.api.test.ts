import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import { CSRF_HEADER } from './security';

/** PUBLIC_URL is http://podium.test; a person may type another name for the same server. */

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ database: t.database, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await proxied.close();
  await t.close();
});

const get = (app: TestApp, url: string, headers: Record<string, string>) =>
  app.app.inject({ method: 'GET', url, headers });

describe('a request for another host than PUBLIC_URL’s', () => {
  it('is redirected to PUBLIC_URL with the same path and query, setting no cookie', async () => {
    const response = await get(t, '/login?returnTo=%2Fstandings', { host: '127.0.0.1:3000' });
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe(`${TEST_ORIGIN}/login?returnTo=%2Fstandings`);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is redirected before anything else: an API call, a POST, an unknown page', async () => {
    for (const url of ['/api/me', '/standings?week=2', '/no/such/page']) {
      const response = await get(t, url, { host: 'localhost' });
      expect(response.statusCode, url).toBe(307);
      expect(response.headers.location).toBe(`${TEST_ORIGIN}${url}`);
    }
    // Not refused by the CSRF check or the session check: sent to the right host first.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/weeks/current/attempt',
      headers: { host: '10.0.0.5:3000', [CSRF_HEADER]: '1', origin: 'http://10.0.0.5:3000' },
    });
    expect(post.statusCode).toBe(307);
    expect(post.headers.location).toBe(`${TEST_ORIGIN}/api/weeks/current/attempt`);
  });

  it('stays on PUBLIC_URL whatever the path looks like', async () => {
    const response = await get(t, '//evil.example/x', { host: 'other.example' });
    expect(response.statusCode).toBe(307);
    expect(new URL(response.headers.location as string).host).toBe('podium.test');
  });

  it('is served on PUBLIC_URL’s host, in any case and with the default port spelt out', async () => {
    for (const host of ['podium.test', 'PODIUM.test', 'podium.test:80']) {
      const response = await get(t, '/api/nope', { host });
      expect(response.statusCode, host).toBe(404);
    }
    expect((await get(t, '/api/nope', { host: 'podium.test:8080' })).statusCode).toBe(307);
  });

  it('leaves /health/* and /metrics to answer on any host, as balancers and Prometheus reach instances by address', async () => {
    for (const url of ['/health/live', '/health/ready']) {
      const response = await get(t, url, { host: '10.0.0.5:3000' });
      expect(response.statusCode, url).toBe(200);
    }
    // Not redirected (without METRICS_TOKEN there is no /metrics route: whatever answers, not 307).
    expect((await get(t, '/metrics', { host: '10.0.0.5:3000' })).statusCode).not.toBe(307);
    expect((await get(t, '/metricsx', { host: '10.0.0.5:3000' })).statusCode).toBe(307);
  });
});

describe('behind a proxy', () => {
  it('with TRUST_PROXY, judges by X-Forwarded-Host', async () => {
    const served = await get(proxied, '/api/nope', {
      host: 'podium-internal:3000',
      'x-forwarded-host': 'podium.test',
    });
    expect(served.statusCode).toBe(404);
    const redirected = await get(proxied, '/api/nope?a=1', {
      host: 'podium.test',
      'x-forwarded-host': 'quiz.other.example',
    });
    expect(redirected.statusCode).toBe(307);
    expect(redirected.headers.location).toBe(`${TEST_ORIGIN}/api/nope?a=1`);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-Host (a client could send any)', async () => {
    const response = await get(t, '/api/nope', {
      host: 'podium-internal:3000',
      'x-forwarded-host': 'podium.test',
    });
    expect(response.statusCode).toBe(307);
  });

  it('with REDIRECT_OTHER_HOSTS=false, serves every host (a proxy that rewrites Host)', async () => {
    const open = await createTestApp({
      database: t.database,
      env: { REDIRECT_OTHER_HOSTS: 'false' },
    });
    try {
      const response = await get(open, '/api/nope', { host: 'podium-internal:3000' });
      expect(response.statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });
});
