import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireOrganiser } from '../../auth/organiser-role';
import { registerAuditRoutes } from './audit/routes';
import { registerGapsRoutes } from './gaps/routes';
import { registerNextSeasonRoutes } from './next-season/routes';
import type { Guard, OrganiseDeps } from './organise-http';
import { registerPlayerRoutes } from './players/routes';
import { registerPrivacyRoutes } from './privacy/routes';
import { registerCorrectionRoutes } from './questions/correction-routes';
import { registerQuestionRoutes } from './questions/routes';
import { registerTranslationRoutes } from './questions/translation-routes';
import { registerReportRoutes } from './reports/routes';
import { registerSeasonRoutes } from './season/routes';
import { registerTeamRoutes } from './teams/routes';

/** The organiser tools' API, /api/organise/… (ADR 0009). */
export function registerOrganiseRoutes(app: FastifyInstance, deps: OrganiseDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard: Guard = { onRequest: [deps.authenticate, requireOrganiser] };

  registerAuditRoutes(typed, deps, guard);
  registerSeasonRoutes(typed, deps, guard);
  registerNextSeasonRoutes(typed, deps, guard);
  registerTeamRoutes(typed, deps, guard);
  registerQuestionRoutes(typed, deps, guard);
  registerTranslationRoutes(typed, deps, guard);
  registerCorrectionRoutes(typed, deps, guard);
  registerPlayerRoutes(typed, deps, guard);
  registerPrivacyRoutes(typed, deps, guard);
  registerReportRoutes(typed, deps, guard);
  registerGapsRoutes(typed, deps, guard);
}
