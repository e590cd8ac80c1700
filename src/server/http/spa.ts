import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { projectRoot } from '../project-root';
import { AppError } from './errors';

/** The built web app's page, or null when the web app has not been built. */
export function readIndexHtml(distDir: string): string | null {
  const indexFile = path.join(distDir, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * index.html for any other GET that is not an API, health or sign-in path (client routes).
 * Returns the function that sends index.html, for routes that must fall back to the app.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  indexHtml: string | null,
): Promise<(reply: FastifyReply) => FastifyReply> {
  const hasBuild = indexHtml !== null;

  // Country flags (flag-icons artwork), served from the package rather than bundled.
  await app.register(fastifyStatic, {
    root: path.join(projectRoot, 'node_modules', 'flag-icons', 'flags', '4x3'),
    prefix: '/flags/',
    decorateReply: false,
    wildcard: false,
    maxAge: '30d',
  });

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

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) throw new AppError('NOT_FOUND', 'The web app has not been built.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = /^\/(api|health|idp)(\/|$)/.test(pathname);
    const isAsset = pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);
    if (request.method !== 'GET' || isApi || isAsset) {
      throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}.`);
    }
    return sendIndex(reply);
  });

  return sendIndex;
}
