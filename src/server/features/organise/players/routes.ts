import { playerParamsSchema } from '#shared/contracts/organise';
import {
  moveTeamInputSchema,
  playerDetailSchema,
  playerPageSchema,
  playerSearchQuerySchema,
  playerWeekParamsSchema,
  signOutEverywhereSchema,
  weekInactiveInputSchema,
} from '#shared/contracts/organise-players';
import { markWeekInactive, movePlayer, signOutEverywhere } from './changes';
import { playerDetail, searchPlayers } from './service';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore } from '../organise-http';

export function registerPlayerRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const response = { 200: playerDetailSchema };

  app.get(
    '/api/organise/players',
    {
      ...guard,
      schema: { querystring: playerSearchQuerySchema, response: { 200: playerPageSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await searchPlayers(deps.db, request.query)),
  );

  app.get(
    '/api/organise/players/:playerId',
    { ...guard, schema: { params: playerParamsSchema, response } },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await playerDetail(deps.db, request.params.playerId, deps.clock.now())),
  );

  app.post(
    '/api/organise/players/:playerId/team',
    { ...guard, schema: { params: playerParamsSchema, body: moveTeamInputSchema, response } },
    async (request, reply) => {
      const { playerId } = request.params;
      const now = deps.clock.now();
      await movePlayer(deps.db, request.signedIn!.player, playerId, request.body, now);
      return reply.headers(noStore).send(await playerDetail(deps.db, playerId, now));
    },
  );

  app.post(
    '/api/organise/players/:playerId/weeks/:setNum/inactive',
    {
      ...guard,
      schema: { params: playerWeekParamsSchema, body: weekInactiveInputSchema, response },
    },
    async (request, reply) => {
      const { playerId, setNum } = request.params;
      const now = deps.clock.now();
      const actor = request.signedIn!.player;
      await markWeekInactive(deps.db, actor, playerId, setNum, request.body.reason, now);
      return reply.headers(noStore).send(await playerDetail(deps.db, playerId, now));
    },
  );

  app.post(
    '/api/organise/players/:playerId/sign-out',
    {
      ...guard,
      schema: {
        summary: 'Signs the player out of every browser and device (audited)',
        params: playerParamsSchema,
        response: { 200: signOutEverywhereSchema },
      },
    },
    async (request, reply) => {
      const actor = request.signedIn!.player;
      const now = deps.clock.now();
      const sessions = await signOutEverywhere(deps.db, actor, request.params.playerId, now);
      return reply.headers(noStore).send({ sessions });
    },
  );
}
