import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditPageSchema,
  auditQuerySchema,
  warningsQuerySchema,
  warningsSchema,
} from '#shared/contracts/organise';
import { requireOrganiser } from '../../auth/organiser-role';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { auditPage } from './audit';
import { registerGapsRoutes } from './gaps-routes';
import { registerPlayerRoutes } from './player-routes';
import { registerQuestionRoutes } from './question-routes';
import { warnings } from './readiness';
import { registerReportRoutes } from './report-routes';
import { registerSeasonRoutes } from './season-routes';
import { registerTeamRoutes } from './team-routes';

export interface OrganiseDeps {
  db: Database;
  clock: Clock;
  authenticate: onRequestAsyncHookHandler;
}

export type OrganiseApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Route options shared by every organiser route: signed in (401), then an organiser (403). */
export type Guard = { onRequest: onRequestAsyncHookHandler[] };

export const noStore = { 'cache-control': 'no-store' };

/** Sends a file download (CSV or JSON) that the browser saves under `filename`. */
export function sendFile(
  reply: FastifyReply,
  file: { filename: string; type: string; body: string },
): FastifyReply {
  return reply
    .headers(noStore)
    .header('content-type', `${file.type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

/** The organiser tools' API, /api/organise/… (ADR 0009). */
export function registerOrganiseRoutes(app: FastifyInstance, deps: OrganiseDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard: Guard = { onRequest: [deps.authenticate, requireOrganiser] };

  typed.get(
    '/api/organise/audit',
    { ...guard, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request, reply) => reply.headers(noStore).send(await auditPage(deps.db, request.query)),
  );
  typed.get(
    '/api/organise/warnings',
    { ...guard, schema: { querystring: warningsQuerySchema, response: { 200: warningsSchema } } },
    async (request, reply) =>
      reply.headers(noStore).send(await warnings(deps.db, request.query.days, deps.clock.now())),
  );

  registerSeasonRoutes(typed, deps, guard);
  registerTeamRoutes(typed, deps, guard);
  registerQuestionRoutes(typed, deps, guard);
  registerPlayerRoutes(typed, deps, guard);
  registerReportRoutes(typed, deps, guard);
  registerGapsRoutes(typed, deps, guard);
}
