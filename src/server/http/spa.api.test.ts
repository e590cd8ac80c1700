import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { projectRoot } from '../project-root';

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
/** The largest flag of the 2025 season's teams (85 KB: a coat of arms). */
const MEXICO = readFileSync(
  path.join(projectRoot, 'node_modules', 'flag-icons', 'flags', '4x3', 'mx.svg'),
);
const preloadOf = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'podium-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), APP_JS);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(APP_JS));
  // The files of src/web/public, as Vite copies them into the build.
  for (const file of ['favicon.ico', 'robots.txt'])
    copyFileSync(path.join(projectRoot, 'src', 'web', 'public', file), path.join(dist, file));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // The flags, as scripts/compress-web.mjs copies and compresses them.
  mkdirSync(path.join(dist, 'flags'));
  writeFileSync(path.join(dist, 'flags', 'mx.svg'), MEXICO);
  writeFileSync(path.join(dist, 'flags', 'mx.svg.br'), brotliCompressSync(MEXICO));
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
  it.each([
    '/',
    '/leaderboard',
    '/leaderboard/',
    '/questions',
    '/account?tab=profile',
    '/weeks/2/review',
    '/organise',
    '/organise/players/17',
  ])('answers the app page %s with index.html, revalidated on every load', async (url) => {
    expectIndex(await get(url));
  });

  it.each(['/', '/leaderboard', '/organise/audit'])(
    'answers HEAD %s as GET: 200 with the same headers and no body',
    async (url) => {
      const [head, getResponse] = [await t.app.inject({ method: 'HEAD', url }), await get(url)];
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(getResponse.headers['content-type']);
      expect(head.headers['content-length']).toBe(getResponse.headers['content-length']);
      expect(head.body).toBe('');
    },
  );

  it.each(['/healthz', '/readyz', '/metrics', '/status', '/rules/deep/link', '/wp-login'])(
    'answers %s, which is not a page of the app, with 404 to a monitor or a scraper',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url, headers: { accept: '*/*' } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).not.toContain('<div id="root">');
      }
      expect((await get(url)).json().error.code).toBe('NOT_FOUND');
    },
  );

  it('answers a browser that navigates to an unknown page with 404 and the app, which says so', async () => {
    const response = await t.app.inject({
      url: '/leaderbord',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root">');
  });

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

  it("sends the build's compressed copy of a flag, cached for a month", async () => {
    const response = await t.app.inject({
      url: '/flags/mx.svg',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    expect(response.rawPayload.length).toBeLessThan(MEXICO.length / 3);
    expect(brotliDecompressSync(response.rawPayload)).toEqual(MEXICO);
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

  it('serves the favicon (.ico) and a robots.txt that keeps search engines out', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
    expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*\nDisallow: \/$/m);
    expect((await t.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
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

describe('without a build', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({
      env: { WEB_DIST_DIR: mkdtempSync(path.join(tmpdir(), 'podium-no-web-')) },
    });
  });
  afterAll(() => bare.close());

  it("serves the flags from flag-icons' own files, cached for a month", async () => {
    const response = await bare.app.inject({ url: '/flags/mx.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    expect(response.rawPayload).toEqual(MEXICO);
  });
});
