import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { RETRY_AFTER_SECONDS } from './errors';

/** For load balancers: `live` says the process answers, `ready` that the database does too. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/health/live', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/health/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
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
