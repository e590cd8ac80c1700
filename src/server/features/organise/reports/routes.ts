import { pageQuerySchema, setNumParamsSchema } from '#shared/contracts/organise';
import {
  dashboardSchema,
  notPlayedPageSchema,
  standingsExportQuerySchema,
  winnersExportQuerySchema,
} from '#shared/contracts/organise-reports';
import { dashboard, notPlayed, notPlayedCsv } from './dashboard';
import { playersCsv, standingsCsv, winnersCsv } from './exports';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore, sendFile } from '../organise-http';

const csv = (filename: string, body: string) => ({ filename, type: 'text/csv', body });

/** The live dashboard of a week, who has not played, and the CSV exports. */
export function registerReportRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const params = setNumParamsSchema;

  app.get(
    '/api/organise/weeks/:setNum/dashboard',
    { ...guard, schema: { params, response: { 200: dashboardSchema } } },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await dashboard(deps.db, request.params.setNum, deps.clock.now())),
  );

  app.get(
    '/api/organise/weeks/:setNum/not-played',
    {
      ...guard,
      schema: { params, querystring: pageQuerySchema, response: { 200: notPlayedPageSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await notPlayed(deps.db, request.params.setNum, request.query)),
  );

  app.get(
    '/api/organise/weeks/:setNum/not-played.csv',
    { ...guard, schema: { params } },
    async (request, reply) => {
      const { setNum } = request.params;
      const body = await notPlayedCsv(deps.db, setNum);
      return sendFile(reply, csv(`week-${setNum}-not-played.csv`, body));
    },
  );

  app.get(
    '/api/organise/exports/standings.csv',
    { ...guard, schema: { querystring: standingsExportQuerySchema } },
    async (request, reply) => {
      const { setNum } = request.query;
      const body = await standingsCsv(deps.db, deps.clock.now(), setNum);
      return sendFile(reply, csv(setNum ? `standings-week-${setNum}.csv` : 'standings.csv', body));
    },
  );

  app.get('/api/organise/exports/players.csv', guard, async (_request, reply) =>
    sendFile(reply, csv('player-totals.csv', await playersCsv(deps.db))),
  );

  app.get(
    '/api/organise/exports/regional-winners.csv',
    {
      ...guard,
      schema: {
        querystring: winnersExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendFile(reply, csv('regional-winners.csv', await winnersCsv(deps.db, request.query.top))),
  );
}
