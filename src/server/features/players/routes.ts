import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meSchema, profileInputSchema } from '#shared/contracts/me';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { findPlayerById } from './repository';
import { playerView, saveProfile } from './service';

export function registerPlayerRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; authenticate: onRequestAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: meSchema } };

  typed.get('/api/me', { onRequest: deps.authenticate, schema }, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(
        await playerView(
          deps.db,
          request.signedIn!.player,
          request.signedIn!.activeWeeksOf,
          deps.clock,
        ),
      ),
  );

  for (const [method, url, mode] of [
    ['POST', '/api/me/registration', 'register'],
    ['PUT', '/api/me/profile', 'update'],
  ] as const) {
    typed.route({
      method,
      url,
      onRequest: deps.authenticate,
      schema: { ...schema, body: profileInputSchema },
      handler: async (request, reply) => {
        const player = request.signedIn!.player;
        await saveProfile(deps.db, player, request.body, deps.clock, mode);
        const saved = (await findPlayerById(deps.db, player.id))!;
        return reply
          .header('cache-control', 'no-store')
          .send(await playerView(deps.db, saved, request.signedIn!.activeWeeksOf, deps.clock));
      },
    });
  }
}
