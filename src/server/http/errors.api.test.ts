import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import { createTestDatabase } from '../../../tests/test-database';
import { createReadiness } from './health';
import { CSRF_HEADER } from './security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { WEB_DIST_DIR: mkdtempSync(path.join(tmpdir(), 'podium-no-web-')) },
  });
});
afterAll(() => t.close());

const postLogout = (payload: string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/logout',
    headers: { [CSRF_HEADER]: '1', origin: TEST_ORIGIN, 'content-type': contentType },
    payload,
  });

describe('error answers', () => {
  it('answers an unknown /api route with a JSON 404 NOT_FOUND', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.stringContaining('/api/nope') },
    });
  });

  it('answers an unknown route under /health in JSON too', async () => {
    const response = await t.app.inject({ url: '/health/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with 400 INVALID_JSON, never 500', async () => {
    const response = await postLogout('{bad', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_JSON', message: expect.any(String) },
    });
  });

  it('answers an empty JSON body with 400 INVALID_JSON', async () => {
    const response = await postLogout('', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await postLogout(`{"x":"${'a'.repeat(70 * 1024)}"}`, 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await postLogout('<x/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an invalid query with 400 BAD_REQUEST naming the problem', async () => {
    const response = await t.app.inject({ url: `/login?returnTo=/${'a'.repeat(5000)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.stringContaining('querystring') },
    });
  });

  it('never lets error answers be cached', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('health checks', () => {
  it('reports the process live', async () => {
    const response = await t.app.inject({ url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reports ready with the kind of database that answered', async () => {
    const response = await t.app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
    expect(['pglite', 'postgres']).toContain(t.database.kind);
  });

  it('needs no session', async () => {
    const response = await t.app.inject({
      url: '/health/ready',
      headers: { cookie: 'podium_session=forged' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('health when the database is down', () => {
  it('answers 503 with Retry-After when the database does not answer', async () => {
    const database = await createTestDatabase();
    const down = await createTestApp({ database });
    try {
      await database.close();
      const response = await down.app.inject({ url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ status: 'unavailable', database: database.kind });
      // Liveness does not depend on the database.
      expect((await down.app.inject({ url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('health while draining (SIGTERM, ADR 0016)', () => {
  it('answers ready 503 at once, goes on serving, and closes each connection after its answer', async () => {
    const readiness = createReadiness();
    const draining = await createTestApp({ database: t.database, readiness });
    try {
      const before = await draining.app.inject({ url: '/health/ready' });
      expect(before.statusCode).toBe(200);
      expect(before.headers.connection).not.toBe('close');

      readiness.drain();
      const ready = await draining.app.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', database: t.database.kind });
      expect(ready.headers['cache-control']).toBe('no-store');
      for (const url of ['/health/live', '/api/season']) {
        const response = await draining.app.inject({ url });
        expect(response.statusCode, url).not.toBe(503);
        expect(response.headers.connection, url).toBe('close');
      }
    } finally {
      await draining.close();
    }
  });
});
