import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  acceptsGzip,
  GZIP_FROM_BYTES,
  sendBody,
  serializeBody,
  type SharedBody,
} from './json-body';

describe('acceptsGzip', () => {
  it.each([
    'gzip',
    'GZip',
    'x-gzip',
    'gzip, deflate, br, zstd',
    'br;q=1.0, gzip;q=0.8, *;q=0.1',
    'gzip; q=0.001',
    '*',
    'br, *;q=0.5',
    '*;q=0, gzip',
  ])('accepts %j', (header) => {
    expect(acceptsGzip(header)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'identity',
    'br, zstd',
    'gzip;q=0',
    'gzip; Q=0.000',
    'gzip;q=0, *',
    '*;q=0',
    'gzip;q=',
    'gzip;q=lots',
    'gzipped',
    ',,;;==',
  ])('refuses %j', (header) => {
    expect(acceptsGzip(header)).toBe(false);
  });

  it('keeps answering right after more distinct headers than it remembers', () => {
    for (let i = 0; i < 200; i++) {
      expect(acceptsGzip(`br, x-custom-${i}`)).toBe(false);
      expect(acceptsGzip(`br, x-custom-${i}, gzip`)).toBe(true);
    }
    expect(acceptsGzip('gzip;q=0')).toBe(false);
  });
});

describe('sendBody', () => {
  const schema = z.object({ rows: z.array(z.object({ name: z.string() })) });
  const rows = (count: number) => ({
    rows: Array.from({ length: count }, (_, i) => ({ name: `Player ${i}`, secret: 'never' })),
  });
  const large = serializeBody(schema, rows(100));
  const small = serializeBody(schema, rows(2));
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    const bodies: Record<string, SharedBody> = { large, small };
    app.get<{ Params: { size: string } }>('/:size', (request, reply) =>
      sendBody(reply, bodies[request.params.size]!),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('serialises through the schema, leaving out what it omits', () => {
    expect(large.json.length).toBeGreaterThanOrEqual(GZIP_FROM_BYTES);
    expect(small.json.length).toBeLessThan(GZIP_FROM_BYTES);
    expect(large.json.toString()).not.toContain('secret');
  });

  it('sends a large body gzipped to a client that accepts gzip, compressed once', async () => {
    const read = () =>
      app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const first = await read();
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(first.rawPayload.length).toBeLessThan(large.json.length / 3);
    expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toEqual(
      JSON.parse(large.json.toString()),
    );
    const gzipped = large.gzipped;
    expect((await read()).rawPayload).toEqual(gzipped);
    expect(large.gzipped).toBe(gzipped);
  });

  it('sends it as it is to a client that does not accept gzip, saying that it varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip;q=0' }]) {
      const response = await app.inject({ url: '/large', headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.rawPayload).toEqual(large.json);
    }
  });

  it('sends a small body as it is, whatever the client accepts', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.rawPayload).toEqual(small.json);
  });
});
