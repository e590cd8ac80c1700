import type { FastifyInstance } from 'fastify';

/**
 * Paths that answer on any host: a load balancer checks an instance, and Prometheus scrapes it,
 * by the instance's own address.
 */
const ANY_HOST = /^\/(health|metrics)(\/|$|\?)/;

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `host[:port]` lower-cased, with the scheme's default port spelt out. */
function normalise(host: string, protocol: string): string {
  const lower = host.toLowerCase();
  return /:\d+$/.test(lower) ? lower : `${lower}:${DEFAULT_PORT[protocol]}`;
}

/**
 * Sends a request for any host other than PUBLIC_URL's to the same path and query on
 * PUBLIC_URL, before anything else runs (ADR 0016): cookies are set for the host the browser
 * asked, so a sign-in started on http://127.0.0.1:3000 while PUBLIC_URL is
 * http://localhost:3000 would come back to a host without its cookie ('login expired').
 * The host is the Host header, or X-Forwarded-Host with TRUST_PROXY. `/health/*` and `/metrics`
 * answer on every host, for load balancers and Prometheus, which reach an instance by its
 * internal address.
 */
export function registerPublicHostRedirect(app: FastifyInstance, publicOrigin: string): void {
  const publicUrl = new URL(publicOrigin);
  const expected = normalise(publicUrl.host, publicUrl.protocol);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (ANY_HOST.test(url) || normalise(request.host, publicUrl.protocol) === expected) {
      done();
      return;
    }
    // Only an origin-form target ('/path?query') is kept; anything else goes home.
    const target = url.startsWith('/') ? url : '/';
    void reply.header('cache-control', 'no-store').redirect(publicUrl.origin + target, 307);
  });
}
