import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("podium");';
/** Vite's manifest: each language's texts are a chunk of their own. */
const MANIFEST = {
  'main.tsx': { file: 'assets/app-1234.js', isEntry: true },
  'locales/en.json': { file: 'assets/en-1111.js', isDynamicEntry: true },
  'locales/th.json': { file: 'assets/th-2222.js', isDynamicEntry: true },
  'locales/fr.json': { file: 'assets/fr-3333.js', isDynamicEntry: true },
};
const preloadOf = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'podium-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), APP_JS);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(APP_JS));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

/** index.html with the modulepreload of one language's texts, before the end of its head. */
const expectIndex = (response: LightMyRequestResponse, language: 'en' | 'th' | 'fr' = 'en') => {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers.vary).toMatch(/accept-language/i);
  const preload = preloadOf(MANIFEST[`locales/${language}.json`].file);
  const [head, body] = INDEX_HTML.split('</head>');
  expect(response.body.replace(/\s+/g, '')).toBe(
    `${head}${preload}</head>${body}`.replace(/\s+/g, ''),
  );
};

describe('serving the built web app', () => {
  it.each(['/', '/leaderboard', '/questions', '/account?tab=profile', '/rules/deep/link'])(
    'answers the client route %s with index.html, revalidated on every load',
    async (url) => {
      expectIndex(await get(url));
    },
  );

  it.each([
    ['th-TH,th;q=0.9,en;q=0.8', 'th'],
    ['pt-BR, fr-CA;q=0.8, en;q=0.5', 'fr'],
    ['de-DE', 'en'],
  ] as const)(
    'names the texts of the language the app will start in (Accept-Language %s: %s), to load with its scripts',
    async (acceptLanguage, language) => {
      const response = await t.app.inject({
        url: '/leaderboard',
        headers: { 'accept-language': acceptLanguage },
      });
      expectIndex(response, language);
    },
  );

  it('serves /login/callback without state as the web app (the failure screen)', async () => {
    expectIndex(await get('/login/callback?failure=access_denied&message=No'));
  });

  it('sends the Brotli copy written at build time to a browser that accepts it', async () => {
    const response = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
    const plain = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('caches hashed assets immutably for a year', async () => {
    const response = await get('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(APP_JS);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const response = await get('/assets/missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers a missing file with an extension with 404, not index.html', async () => {
    const response = await get('/favicon-missing.png');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('answers an unknown /api route with JSON 404, not index.html', async () => {
    const response = await get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.any(String) },
    });
  });

  it('does not fall back to index.html for other methods', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/leaderboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it("does not serve the build's manifest", async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('does not serve files outside the build folder', async () => {
    const response = await get('/assets/..%2f..%2fpackage.json');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"name"');
  });
});
