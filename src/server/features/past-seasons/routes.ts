import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hallOfFameSchema, playerHistorySchema } from '#shared/contracts/past-seasons';
import type { Database } from '../../db/client';
import { hallOfFame, history } from './service';

/** The hall of fame and the player's own history of past seasons (ADR 0039). */
export function registerPastSeasonRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: onRequestAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/seasons/hall-of-fame',
    { onRequest: deps.authenticate, schema: { response: { 200: hallOfFameSchema } } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await hallOfFame(deps.db)),
  );

  typed.get(
    '/api/me/history',
    { onRequest: deps.authenticate, schema: { response: { 200: playerHistorySchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await history(deps.db, request.signedIn!.player.id)),
  );
}
