import { gapsQuerySchema, gapsSchema } from '#shared/contracts/organise-gaps';
import { knowledgeGaps, knowledgeGapsCsv } from './service';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore, sendFile } from '../organise-http';

/** Knowledge gaps by topic and question (ADR 0021), and the same table as CSV. */
export function registerGapsRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  app.get(
    '/api/organise/gaps',
    { ...guard, schema: { querystring: gapsQuerySchema, response: { 200: gapsSchema } } },
    async (request, reply) =>
      reply.headers(noStore).send(await knowledgeGaps(deps.db, request.query)),
  );

  app.get(
    '/api/organise/exports/gaps.csv',
    { ...guard, schema: { querystring: gapsQuerySchema } },
    async (request, reply) => {
      const { setNum } = request.query;
      return sendFile(reply, {
        filename: setNum ? `knowledge-gaps-week-${setNum}.csv` : 'knowledge-gaps.csv',
        type: 'text/csv',
        body: await knowledgeGapsCsv(deps.db, request.query),
      });
    },
  );
}
