import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const CSRF_HEADER = 'x-podium-csrf';

/** Security headers for every response (helmet), with a CSP that allows no inline script. */
export async function registerSecurityHeaders(app: FastifyInstance, https: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for state-changing calls (DESIGN.md §1): the web app always sends a custom
 * header, which a cross-site form cannot, and a browser-sent Origin must be our own.
 */
export function registerCsrfProtection(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (!needsCsrfCheck(request.url, request.routeOptions.url)) return;
    const origin = request.headers.origin;
    if (request.headers[CSRF_HEADER] !== '1') {
      throw new AppError('CSRF_REJECTED', `Missing the ${CSRF_HEADER} header.`);
    }
    if (origin !== undefined && origin !== publicOrigin) {
      throw new AppError('CSRF_REJECTED', 'Cross-origin requests are not allowed.');
    }
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
