import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type LogLevel,
} from 'fastify';

/** Query parameters that carry secrets (authorization codes, tokens) and must not be logged. */
const SECRET_PARAMS = [
  'code',
  'state',
  'nonce',
  'id_token_hint',
  'token',
  'access_token',
  'refresh_token',
  'code_verifier',
  'message',
];

/** The request URL as logged: secret parameters masked. Headers (cookies) are never logged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/** Paths that balancers probe and Prometheus scrapes, every few seconds (docs/operations.md). */
const PROBE_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

const isProbe = (request: FastifyRequest) => PROBE_PATHS.has(request.url.split('?')[0]!);

/**
 * Fastify's two lines per request ("incoming request", "request completed"), at info for
 * people's requests and at `probeLevel` (PROBE_LOG_LEVEL, debug by default) for probes and
 * scrapes, so that a probe every two seconds does not bury them. Errors keep their levels.
 */
export function probeLogController(probeLevel: LogLevel): LogController {
  const log = (logger: FastifyBaseLogger, fields: object, message: string) => {
    if (probeLevel !== 'silent') logger[probeLevel](fields, message);
  };
  return new (class extends LogController {
    override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
      if (!isProbe(request)) return super.incomingRequest(request, reply);
      log(request.log, { req: request }, 'incoming request');
    }
    override requestCompleted(
      error: Error | null | undefined,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      if (error || !isProbe(request)) return super.requestCompleted(error, request, reply);
      log(reply.log, { res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  })();
}
