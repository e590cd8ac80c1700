import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { RETRY_AFTER_SECONDS } from './errors';

/** Whether the process is draining before it stops (SIGTERM, ADR 0016). */
export interface Readiness {
  readonly draining: boolean;
  /** From now on `/health/ready` answers 503 and every response closes its connection. */
  drain(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain: () => void (draining = true),
  };
}

/**
 * For load balancers: `live` says the process answers, `ready` that the database does too and
 * that the process is not draining. While it drains, the process goes on serving, but each
 * response closes its connection, so a client's next request opens a new one, which the
 * balancer sends to another instance.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  readiness: Readiness,
): void {
  // A callback hook: it runs on every response, and a promise for a flag check is waste.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.get('/health/live', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/health/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.draining) {
      return reply.status(503).send({ status: 'draining', database: database.kind });
    }
    try {
      await database.ping();
      return reply.send({ status: 'ok', database: database.kind });
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', database: database.kind });
    }
  });
}
