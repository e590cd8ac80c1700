import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myTimeSchema, timeRequestInputSchema } from '#shared/contracts/time-accommodations';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { myTime, requestTime } from './service';

/** The player's own time accommodation (ADR 0037): read it, ask for more time. */
export function registerTimeRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; authenticate: onRequestAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  typed.get(
    '/api/me/time',
    {
      onRequest: deps.authenticate,
      schema: {
        summary: "The player's own time factor and request",
        response: { 200: myTimeSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await myTime(deps.db, request.signedIn!.player)),
  );

  typed.post(
    '/api/me/time/request',
    {
      onRequest: deps.authenticate,
      schema: {
        summary: 'Asks the organisers for more time',
        body: timeRequestInputSchema,
        response: { 201: myTimeSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await requestTime(deps.db, request.signedIn!.player, request.body, deps.clock.now())),
  );
}
