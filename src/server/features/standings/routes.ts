import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  myTeamSchema,
  regionalWinnersSchema,
  standingsSchema,
  trackQuerySchema,
  trackStandingsSchema,
} from '../../../shared/contracts/standings';
import type { StandingsCache } from './cache';
import * as service from './service';

export function registerStandingsRoutes(
  app: FastifyInstance,
  deps: { cache: StandingsCache; authenticate: onRequestAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs first, before the body is even parsed: no session, no further work.
  const onRequest = deps.authenticate;
  const noStore = { 'cache-control': 'no-store' };

  typed.get(
    '/api/standings',
    { onRequest, schema: { response: { 200: standingsSchema } } },
    async (_request, reply) => reply.headers(noStore).send(await service.standings(deps.cache)),
  );
  typed.get(
    '/api/standings/track',
    {
      onRequest,
      schema: { querystring: trackQuerySchema, response: { 200: trackStandingsSchema } },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await service.trackStandings(deps.cache, request.query.eventId, request.query.eventWeek),
        ),
  );
  typed.get(
    '/api/standings/my-team',
    { onRequest, schema: { response: { 200: myTeamSchema } } },
    async (request, reply) =>
      reply.headers(noStore).send(await service.myTeam(deps.cache, request.signedIn!.player)),
  );
  typed.get(
    '/api/standings/winners',
    { onRequest, schema: { response: { 200: regionalWinnersSchema } } },
    async (_request, reply) =>
      reply.headers(noStore).send(await service.regionalWinners(deps.cache)),
  );
}
