import { auditPageSchema, auditQuerySchema } from '#shared/contracts/organise';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore } from '../organise-http';
import { auditPage } from './service';

/** The audit log of organiser changes, newest first (ADR 0009). */
export function registerAuditRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  app.get(
    '/api/organise/audit',
    { ...guard, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request, reply) => reply.headers(noStore).send(await auditPage(deps.db, request.query)),
  );
}
