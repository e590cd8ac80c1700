import { playerParamsSchema } from '#shared/contracts/organise';
import {
  moveTeamInputSchema,
  openTimeRequestsSchema,
  playerDetailSchema,
  playerPageSchema,
  playerSearchQuerySchema,
  playerWeekParamsSchema,
  signOutEverywhereSchema,
  weekInactiveInputSchema,
} from '#shared/contracts/organise-players';
import { timeFactorInputSchema } from '#shared/contracts/time-accommodations';
import { markWeekInactive, movePlayer, signOutEverywhere } from './changes';
import { openTimeRequests, playerDetail, searchPlayers } from './service';
import { declineTimeRequest, setTimeFactor } from './time-factor';
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

  app.get(
    '/api/organise/players/time-requests',
    {
      ...guard,
      schema: {
        summary: 'The open requests for more time',
        response: { 200: openTimeRequestsSchema },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(await openTimeRequests(deps.db)),
  );

  app.put(
    '/api/organise/players/:playerId/time-factor',
    {
      ...guard,
      schema: {
        summary: "Grants, changes or removes a player's extra time (audited)",
        params: playerParamsSchema,
        body: timeFactorInputSchema,
        response,
      },
    },
    async (request, reply) => {
      const { playerId } = request.params;
      const now = deps.clock.now();
      const actor = request.signedIn!.player;
      await setTimeFactor(deps.db, actor, playerId, request.body.timeFactor, now);
      return reply.headers(noStore).send(await playerDetail(deps.db, playerId, now));
    },
  );

  app.post(
    '/api/organise/players/:playerId/time-request/decline',
    {
      ...guard,
      schema: {
        summary: 'Declines the open request for more time',
        params: playerParamsSchema,
        response,
      },
    },
    async (request, reply) => {
      const { playerId } = request.params;
      const now = deps.clock.now();
      await declineTimeRequest(deps.db, request.signedIn!.player, playerId, now);
      return reply.headers(noStore).send(await playerDetail(deps.db, playerId, now));
    },
  );
}
