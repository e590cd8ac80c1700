import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from './errors';

export const CSRF_HEADER = 'x-podium-csrf';

/**
 * Security headers for every response (helmet). Pages get helmet's set with a CSP that allows
 * no inline script, and no inline style but the web app's page's own (`indexHtml`'s <style>
 * elements, by their hashes: the loading screen's layout, ADR 0023). JSON answers (/api,
 * /health) get what matters for data that is never rendered, after OWASP's REST Security Cheat
 * Sheet: a CSP that allows nothing, nosniff, no framing, the referrer policy, same-origin
 * resource policy and HSTS; the rest of helmet's set only concerns documents. The headers do
 * not depend on the request, so helmet computes them once, at start-up (@fastify/helmet rebuilt
 * them on every request: a tenth of a cached standings read).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  https: boolean,
  indexHtml: string | null,
): void {
  const common = {
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  } as const;
  const pages = helmetHeaders({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...inlineStyleHashes(indexHtml ?? '')],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
  const data = helmetHeaders({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isData(request.url) ? data : pages);
    done();
  });
}

/** The CSP sources that allow each <style> element of `html`, as it stands, and nothing else. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!).digest('base64')}'`,
  );
}

/** Whether the answer is JSON for the web app (a page or a file otherwise). */
const isData = (url: string) => url.startsWith('/api/') || url.startsWith('/health/');

/** The headers helmet's middleware sets for `options`, collected from one dry run. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  // helmet's middleware is synchronous; a version that is not would leave the headers unset.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for state-changing calls (ADR 0001): the web app always sends a custom
 * header, which a cross-site form cannot, and a browser-sent Origin must be our own.
 */
export function registerCsrfProtection(app: FastifyInstance, publicOrigin: string): void {
  // A callback hook: it runs on every request, and most are reads it lets through at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    if (!needsCsrfCheck(request.url, request.routeOptions.url)) return done();
    const origin = request.headers.origin;
    if (request.headers[CSRF_HEADER] !== '1') {
      return done(new AppError('CSRF_REJECTED', `Missing the ${CSRF_HEADER} header.`));
    }
    if (origin !== undefined && origin !== publicOrigin) {
      return done(new AppError('CSRF_REJECTED', 'Cross-origin requests are not allowed.'));
    }
    done();
  });
}

/**
 * The router decodes percent-escapes ('/%6cogout' reaches /logout), so the check looks at the
 * raw path, its decoded form and the matched route; a path that cannot be decoded is checked.
 */
function needsCsrfCheck(url: string, route: string | undefined): boolean {
  const raw = url.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return true;
  }
  return [raw, decoded, route].some(
    (path) => path !== undefined && (path.startsWith('/api/') || path === '/logout'),
  );
}
