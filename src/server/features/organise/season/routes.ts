import {
  organiserSeasonSchema,
  seasonInputSchema,
  warningsQuerySchema,
  warningsSchema,
} from '#shared/contracts/organise';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore } from '../organise-http';
import { warnings } from './readiness';
import { organiserSeason, updateSeason } from './service';

/** The season calendar, and the weeks about to open that are not ready. */
export function registerSeasonRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const response = { 200: organiserSeasonSchema };

  app.get(
    '/api/organise/warnings',
    { ...guard, schema: { querystring: warningsQuerySchema, response: { 200: warningsSchema } } },
    async (request, reply) =>
      reply.headers(noStore).send(await warnings(deps.db, request.query.days, deps.clock.now())),
  );

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
