import {
  bankChoiceSchema,
  draftInputSchema,
  organiserSeasonsSchema,
  seasonIdParamsSchema,
  seasonWeekParamsSchema,
} from '#shared/contracts/past-seasons';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore } from '../organise-http';
import {
  chooseBankWeek,
  createDraft,
  discardDraft,
  launchDraft,
  organiserSeasons,
} from './service';

/** The next season: its draft, the question bank, the launch (ADR 0039). */
export function registerNextSeasonRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const response = { 200: organiserSeasonsSchema };
  const answer = async () => organiserSeasons(deps.db);

  app.get('/api/organise/seasons', { ...guard, schema: { response } }, async (_request, reply) =>
    reply.headers(noStore).send(await answer()),
  );

  app.post(
    '/api/organise/seasons',
    { ...guard, schema: { body: draftInputSchema, response: { 201: organiserSeasonsSchema } } },
    async (request, reply) => {
      await createDraft(deps.db, request.signedIn!.player, request.body, deps.clock.now());
      return reply
        .code(201)
        .headers(noStore)
        .send(await answer());
    },
  );

  app.put(
    '/api/organise/seasons/:seasonId/weeks/:setNum/questions',
    { ...guard, schema: { params: seasonWeekParamsSchema, body: bankChoiceSchema, response } },
    async (request, reply) => {
      const { seasonId, setNum } = request.params;
      const now = deps.clock.now();
      await chooseBankWeek(
        deps.db,
        request.signedIn!.player,
        { seasonId, setNum },
        request.body,
        now,
      );
      return reply.headers(noStore).send(await answer());
    },
  );

  app.delete(
    '/api/organise/seasons/:seasonId',
    { ...guard, schema: { params: seasonIdParamsSchema, response } },
    async (request, reply) => {
      const now = deps.clock.now();
      await discardDraft(deps.db, request.signedIn!.player, request.params.seasonId, now);
      return reply.headers(noStore).send(await answer());
    },
  );

  app.post(
    '/api/organise/seasons/:seasonId/launch',
    { ...guard, schema: { params: seasonIdParamsSchema, response } },
    async (request, reply) => {
      const now = deps.clock.now();
      await launchDraft(deps.db, request.signedIn!.player, request.params.seasonId, now);
      return reply.headers(noStore).send(await answer());
    },
  );
}
