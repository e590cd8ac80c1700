import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { LANGUAGES } from '../domain/language';
import { rowIdTextSchema } from './ids';
import { calendarWeekInputSchema, refineCalendar, timeZoneSchema } from './calendar';
import { REGIONS } from './season';

/**
 * The organiser API (/api/organise/…, ADR 0009): season calendar, teams, players, audit log,
 * readiness warnings and the live dashboard. Questions are in organise-questions.ts. Scores are
 * in hundredths of a point, times in seconds, shares in whole percent.
 */

export const MAX_SALES_TEAMS = 4;
export const optionKeySchema = z.string().regex(/^[a-e]$/, { error: 'option keys are a to e' });
export const teamCodeSchema = z
  .string()
  .regex(/^[a-z0-9-]{2,20}$/, { error: 'lower-case letters, digits and dashes' });
export const teamFlagSchema = z
  .string()
  .regex(/^[a-z]{2}(-[a-z]+)?$/, { error: 'an ISO 3166-1 alpha-2 code in lower case' });
const name = z.string().trim().min(1, { error: 'is required' }).max(80);

export const slotSchema = z.union([z.number(), z.literal('challenger')]);
export const weekProblemSchema = z.object({
  slot: slotSchema,
  problem: z.enum(['missing', 'draft', 'incomplete']),
  languages: z.array(z.enum(LANGUAGES)),
});
export const readinessSchema = z.object({
  ready: z.boolean(),
  problems: z.array(weekProblemSchema),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const pageFields = { total: z.number(), page: z.number(), pageSize: z.number() };

export const setNumParamsSchema = z.object({
  setNum: z.coerce.number().int().min(1).max(WEEK_COUNT),
});
export const idParamsSchema = z.object({ id: rowIdTextSchema });
export const playerParamsSchema = z.object({ playerId: z.uuid() });

// Season -------------------------------------------------------------------------------------

/** GET /api/organise/season. `startsAt`: the week's opening in the earliest team zone. */
export const organiserSeasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  productName: z.string(),
  timeZone: z.string(),
  registrationClosesAt: z.string(),
  launchAt: z.string().nullable(),
  events: z.array(z.object({ id: z.number(), key: z.string(), track: z.number() })),
  weeks: z.array(
    calendarWeekInputSchema.extend({
      startsAt: z.string(),
      endsAt: z.string(),
      status: z.enum(['upcoming', 'open', 'closed']),
      /** Begun somewhere: its dates can no longer change. */
      locked: z.boolean(),
      readiness: readinessSchema,
    }),
  ),
});
export type OrganiserSeason = z.infer<typeof organiserSeasonSchema>;

/** PUT /api/organise/season: the whole calendar; weeks already begun must stay as they are. */
export const seasonInputSchema = z
  .strictObject({
    name,
    productName: z.string().trim().min(1).max(60),
    timeZone: timeZoneSchema,
    registrationClosesAt: z.iso.datetime({
      offset: true,
      error: 'must be an ISO date-time with offset',
    }),
    weeks: z.array(calendarWeekInputSchema.strict()).length(WEEK_COUNT),
  })
  .superRefine(refineCalendar);
export type SeasonInput = z.infer<typeof seasonInputSchema>;

// Teams --------------------------------------------------------------------------------------

export const organiserTeamSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  region: z.enum(REGIONS),
  timeZone: z.string(),
  /** Registered players in the team. */
  players: z.number(),
  salesTeams: z.array(z.object({ id: z.number(), name: z.string(), players: z.number() })),
});
export type OrganiserTeam = z.infer<typeof organiserTeamSchema>;
export const organiserTeamsSchema = z.object({ teams: z.array(organiserTeamSchema) });

/** PUT /api/organise/teams/:id. */
export const teamInputSchema = z.strictObject({
  name,
  flag: teamFlagSchema,
  region: z.enum(REGIONS),
  timeZone: timeZoneSchema,
});
/** POST /api/organise/teams; the code (used by content files) defaults to the flag. */
export const teamCreateSchema = teamInputSchema.extend({ code: teamCodeSchema.optional() });
export type TeamInput = z.infer<typeof teamCreateSchema>;

/** POST /api/organise/teams/:id/sales-teams and PUT /api/organise/sales-teams/:id. */
export const salesTeamInputSchema = z.strictObject({ name });

// Audit log ----------------------------------------------------------------------------------

export const AUDIT_ENTITIES = [
  'season',
  'team',
  'sales-team',
  'question',
  'week',
  'player',
] as const;
export const auditQuerySchema = pageQuerySchema.extend({
  entityType: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.string().max(100).optional(),
});
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  /** e.g. 'season.update', 'question.review', 'player.week-inactive'. */
  action: z.string(),
  entityType: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ ...pageFields, entries: z.array(auditEntrySchema) });

// Warnings ---------------------------------------------------------------------------------------

export const warningsQuerySchema = z.object({
  days: z.coerce.number().int().min(0).max(120).default(7),
});
/** GET /api/organise/warnings: weeks open or opening within `days` that are not ready. */
export const warningsSchema = z.object({
  days: z.number(),
  warnings: z.array(
    z.object({
      setNum: z.number(),
      startsAt: z.string(),
      status: z.enum(['upcoming', 'open']),
      problems: z.array(weekProblemSchema),
      /**
       * Languages of registered players that lack a translation of some question (ADR 0040):
       * how many players wait for which questions. Most players first.
       */
      languages: z.array(
        z.object({
          language: z.enum(LANGUAGES),
          players: z.number().int(),
          missing: z.array(slotSchema),
        }),
      ),
      /** The problems in English, for logs and e-mails. */
      message: z.string(),
    }),
  ),
});
export type Warnings = z.infer<typeof warningsSchema>;
