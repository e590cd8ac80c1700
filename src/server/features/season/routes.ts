import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  launchSchema,
  seasonSchema,
  teamsAndLanguagesSchema,
  LAUNCH_FALLBACK,
} from '#shared/contracts/season';
import { siteSchema } from '#shared/contracts/me';
import { launchAt } from '#shared/domain/calendar';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { findCurrentSeason, listLanguages, listTeamsWithSalesTeams } from './repository';

export function registerSeasonRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    authenticate: onRequestAsyncHookHandler;
    site: { productName: string; contactEmail: string };
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** The current season's product name wins over the installation's PRODUCT_NAME. */
  typed.get('/api/site', { schema: { response: { 200: siteSchema } } }, async () => {
    const current = await findCurrentSeason(deps.db);
    return {
      productName: current?.season.productName ?? deps.site.productName,
      contactEmail: deps.site.contactEmail,
    };
  });

  typed.get('/api/launch', { schema: { response: { 200: launchSchema } } }, async () => {
    const current = await findCurrentSeason(deps.db);
    const launch = current ? launchAt(current.weeks, current.season.timeZone) : null;
    return { launchAt: launch ? launch.toISOString() : LAUNCH_FALLBACK };
  });

  typed.get('/api/season', { schema: { response: { 200: seasonSchema } } }, async () => {
    const current = await findCurrentSeason(deps.db);
    if (!current) throw new AppError('NO_SEASON', 'No season has been set up yet.');
    const { season } = current;
    return {
      id: season.id,
      name: season.name,
      productName: season.productName,
      timeZone: season.timeZone,
      registrationClosesAt: season.registrationClosesAt.toISOString(),
      events: current.events.map(({ id, key, track }) => ({ id, key, track })),
      weeks: current.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn }) => ({
        setNum,
        eventId,
        eventWeek,
        opensOn,
        closesOn,
      })),
    };
  });

  typed.get(
    '/api/teams-and-languages',
    { onRequest: deps.authenticate, schema: { response: { 200: teamsAndLanguagesSchema } } },
    async () => {
      const [teams, languages] = await Promise.all([
        listTeamsWithSalesTeams(deps.db),
        listLanguages(deps.db),
      ]);
      return {
        teams: teams.map(({ id, name, flag, region, timeZone, salesTeams }) => ({
          id,
          name,
          flag,
          region,
          timeZone,
          salesTeams,
        })),
        languages,
      };
    },
  );
}
