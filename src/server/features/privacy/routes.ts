import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myDataSchema } from '#shared/contracts/privacy';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { exportPlayerData } from './export';

/** A player's own data, for download from the account page (docs/privacy.md). */
export function registerPrivacyRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; authenticate: onRequestAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/me/export',
    {
      onRequest: deps.authenticate,
      schema: {
        summary: "Downloads all of the signed-in player's data",
        description:
          'Everything Podium holds about the signed-in player, as one JSON file to download.',
        response: { 200: myDataSchema },
      },
    },
    async (request, reply) => {
      const { player, sessionIdHash } = request.signedIn!;
      const now = deps.clock.now();
      const data = await exportPlayerData(deps.db, player.id, sessionIdHash, now);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="podium-my-data-${day}.json"`)
        .send(data);
    },
  );
}
