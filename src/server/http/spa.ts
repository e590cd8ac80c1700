import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { projectRoot } from '../project-root';
import { isAppPage } from '#shared/contracts/app-pages';
import { LANGUAGES, pickLanguage, type Language } from '#shared/domain/language';
import { AppError } from './errors';
import { browserLanguages } from './request-language';

/** The built web app's page, or null when the web app has not been built. */
export function readIndexHtml(distDir: string): string | null {
  const indexFile = path.join(distDir, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
}

/**
 * index.html for each language, with a modulepreload of that language's texts. The app loads
 * only the active language (web/adapters/i18n.tsx); named in the page, its file arrives with the app's
 * scripts instead of a round trip after them. The chunks' names come from Vite's manifest; a
 * build without one gets index.html as it is, and the app still fetches its language.
 */
function pagesByLanguage(distDir: string, indexHtml: string): Map<Language, string> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>)
    : {};
  return new Map(
    LANGUAGES.map((language) => {
      const chunk = manifest[`locales/${language}.json`];
      const preload = chunk
        ? `  <link rel="modulepreload" crossorigin href="/${chunk.file}">\n  `
        : '';
      return [language, indexHtml.replace('</head>', `${preload}</head>`)];
    }),
  );
}

/** Flags keep their names, unhashed, from one build to the next: cached for a month, not for ever. */
const FLAG_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * index.html for a GET or HEAD of one of the app's pages (APP_PAGE_PATHS); 404 for the rest.
 * Returns the function that sends index.html, for routes that must fall back to the app.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  indexHtml: string | null,
): Promise<(reply: FastifyReply) => FastifyReply> {
  const hasBuild = indexHtml !== null;

  // Country flags (flag-icons artwork): a build holds them, with compressed copies
  // (scripts/compress-web.mjs), and serves them below; without one, the package's files.
  const builtFlags = hasBuild && existsSync(path.join(distDir, 'flags'));
  if (!builtFlags) {
    await app.register(fastifyStatic, {
      root: path.join(projectRoot, 'node_modules', 'flag-icons', 'flags', '4x3'),
      prefix: '/flags/',
      decorateReply: false,
      wildcard: false,
      maxAge: FLAG_MAX_AGE_SECONDS * 1000,
    });
  }

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The .br and .gz copies written at build time (scripts/compress-web.mjs).
      preCompressed: true,
      // Otherwise @fastify/send's own 'public, max-age=0' overwrites what setHeaders chose.
      cacheControl: false,
      setHeaders(res, filePath) {
        const cacheControl = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : filePath.includes(`${path.sep}flags${path.sep}`)
            ? `public, max-age=${FLAG_MAX_AGE_SECONDS}`
            : filePath.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600';
        res.setHeader('cache-control', cacheControl);
        // Caches must keep the Brotli, gzip and plain copies apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the UI');
  }

  const pages = indexHtml === null ? null : pagesByLanguage(distDir, indexHtml);
  const sendIndex = (reply: FastifyReply) => {
    if (!pages) throw new AppError('NOT_FOUND', 'The web app has not been built.');
    // The language the app will start in (main.tsx), as the browser's languages choose it.
    const language = pickLanguage(browserLanguages(reply.request));
    const page = pages.get(language)!;
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language');
    // HEAD: GET's headers, its length included, without the page (as Fastify's HEAD routes do).
    return reply.request.method === 'HEAD'
      ? reply.header('content-length', Buffer.byteLength(page)).send()
      : reply.send(page);
  };

  // Only the app's pages are the app (ADR 0035): any other path answers 404, so that an uptime
  // monitor, a scraper or a crawler asking for a path nothing serves is not told 200. A browser
  // that navigates there still gets the app, with the 404, and the app shows its not-found page.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const readable = request.method === 'GET' || request.method === 'HEAD';
    if (readable && isAppPage(pathname)) return sendIndex(reply);
    const isApi = /^\/(api|health|idp|metrics)(\/|$)/.test(pathname);
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    const navigation = /\btext\/html\b/.test(request.headers.accept ?? '');
    if (readable && navigation && pages && !isApi && !isFile) return sendIndex(reply.code(404));
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}.`);
  });

  return sendIndex;
}
