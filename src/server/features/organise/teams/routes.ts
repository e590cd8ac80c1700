import {
  idParamsSchema,
  organiserTeamSchema,
  organiserTeamsSchema,
  salesTeamInputSchema,
  teamCreateSchema,
  teamInputSchema,
} from '#shared/contracts/organise';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore } from '../organise-http';
import * as teams from './service';

export function registerTeamRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const one = { 200: organiserTeamSchema, 201: organiserTeamSchema };
  const params = idParamsSchema;

  app.get(
    '/api/organise/teams',
    { ...guard, schema: { response: { 200: organiserTeamsSchema } } },
    async (_request, reply) => reply.headers(noStore).send(await teams.organiserTeams(deps.db)),
  );

  app.post(
    '/api/organise/teams',
    { ...guard, schema: { body: teamCreateSchema, response: one } },
    async (request, reply) => {
      const id = await teams.createTeam(
        deps.db,
        request.signedIn!.player,
        request.body,
        deps.clock.now(),
      );
      return reply
        .status(201)
        .headers(noStore)
        .send(await teams.organiserTeam(deps.db, id));
    },
  );

  app.put(
    '/api/organise/teams/:id',
    { ...guard, schema: { params, body: teamInputSchema, response: one } },
    async (request, reply) => {
      const { id } = request.params;
      await teams.updateTeam(deps.db, request.signedIn!.player, id, request.body, deps.clock.now());
      return reply.headers(noStore).send(await teams.organiserTeam(deps.db, id));
    },
  );

  app.post(
    '/api/organise/teams/:id/sales-teams',
    { ...guard, schema: { params, body: salesTeamInputSchema, response: one } },
    async (request, reply) => {
      const { id } = request.params;
      const actor = request.signedIn!.player;
      await teams.addSalesTeam(deps.db, actor, id, request.body.name, deps.clock.now());
      return reply
        .status(201)
        .headers(noStore)
        .send(await teams.organiserTeam(deps.db, id));
    },
  );

  app.put(
    '/api/organise/sales-teams/:id',
    { ...guard, schema: { params, body: salesTeamInputSchema, response: one } },
    async (request, reply) => {
      const actor = request.signedIn!.player;
      const { id } = request.params;
      const teamId = await teams.changeSalesTeam(
        deps.db,
        actor,
        id,
        request.body.name,
        deps.clock.now(),
      );
      return reply.headers(noStore).send(await teams.organiserTeam(deps.db, teamId));
    },
  );

  app.delete(
    '/api/organise/sales-teams/:id',
    { ...guard, schema: { params, response: one } },
    async (request, reply) => {
      const actor = request.signedIn!.player;
      const { id } = request.params;
      const teamId = await teams.changeSalesTeam(deps.db, actor, id, null, deps.clock.now());
      return reply.headers(noStore).send(await teams.organiserTeam(deps.db, teamId));
    },
  );
}
