import { pageQuerySchema, setNumParamsSchema } from '#shared/contracts/organise';
import {
  dashboardSchema,
  notPlayedPageSchema,
  playersExportQuerySchema,
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
      const { setNum, season } = request.query;
      const body = await standingsCsv(deps.db, deps.clock.now(), setNum, season);
      const name = setNum ? `standings-week-${setNum}.csv` : 'standings.csv';
      return sendFile(reply, csv(season ? `${season}-${name}` : name, body));
    },
  );

  app.get(
    '/api/organise/exports/players.csv',
    { ...guard, schema: { querystring: playersExportQuerySchema } },
    async (request, reply) => {
      const { season } = request.query;
      const name = season ? `${season}-player-totals.csv` : 'player-totals.csv';
      return sendFile(reply, csv(name, await playersCsv(deps.db, season)));
    },
  );

  app.get(
    '/api/organise/exports/regional-winners.csv',
    {
      ...guard,
      schema: {
        querystring: winnersExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { top, season } = request.query;
      const name = season ? `${season}-regional-winners.csv` : 'regional-winners.csv';
      return sendFile(reply, csv(name, await winnersCsv(deps.db, top, season)));
    },
  );
}
