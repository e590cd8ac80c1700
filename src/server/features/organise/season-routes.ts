import { organiserSeasonSchema, seasonInputSchema } from '#shared/contracts/organise';
import type { Guard, OrganiseApp, OrganiseDeps } from './routes';
import { noStore } from './routes';
import { organiserSeason, updateSeason } from './season-service';

export function registerSeasonRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const response = { 200: organiserSeasonSchema };

  app.get('/api/organise/season', { ...guard, schema: { response } }, async (_request, reply) =>
    reply.headers(noStore).send(await organiserSeason(deps.db, deps.clock.now())),
  );

  app.put(
    '/api/organise/season',
    { ...guard, schema: { body: seasonInputSchema, response } },
    async (request, reply) => {
      const now = deps.clock.now();
      await updateSeason(deps.db, request.signedIn!.player, request.body, now);
      return reply.headers(noStore).send(await organiserSeason(deps.db, now));
    },
  );
}
