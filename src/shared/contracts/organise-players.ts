import { z } from 'zod';
import { rowIdSchema, rowIdTextSchema } from './ids';
import { timeRequestSchema } from './time-accommodations';
import { pageFields, pageQuerySchema, playerParamsSchema, setNumParamsSchema } from './organise';

/** The organiser API's players: search, a player's weeks, moves and holiday overrides. */

const reason = z.string().trim().min(3, { error: 'give a reason (3 characters or more)' }).max(500);

export const playerSearchQuerySchema = pageQuerySchema.extend({
  /** Part of the name or the email, any case. */
  q: z.string().trim().max(100).optional(),
  teamId: rowIdTextSchema.optional(),
  /** `1`: only players the identity provider gave no e-mail address (no reminder reaches them). */
  withoutEmail: z.enum(['0', '1']).optional(),
});

export const playerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  language: z.string().nullable(),
  team: z.object({ id: z.number(), name: z.string(), flag: z.string() }).nullable(),
  salesTeam: z.object({ id: z.number(), name: z.string() }).nullable(),
  registered: z.boolean(),
  organiser: z.boolean(),
  /**
   * The player's time accommodation (ADR 0037): the factor of the five minutes a set gives
   * them, 1 (none) to 10. Organisers only.
   */
  timeFactor: z.number().min(1).max(10).meta({
    description: 'Time accommodation: factor of the five minutes a set gives (1 = none, to 10).',
    example: 1.5,
  }),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;
export const playerPageSchema = z.object({ ...pageFields, players: z.array(playerSummarySchema) });
export type PlayerPage = z.infer<typeof playerPageSchema>;

export const playerAttemptSchema = z.object({
  status: z.enum(['in-progress', 'done']),
  /** The team the week counts for. */
  team: z.object({ id: z.number(), name: z.string() }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  weekScore: z.number().nullable(),
  correctCount: z.number().nullable(),
  elapsedSeconds: z.number().nullable(),
  timedOut: z.boolean().nullable(),
  challenger: z.enum(['not-taken', 'in-progress', 'correct', 'wrong']),
});

/** GET /api/organise/players/:playerId: the player and their six weeks. */
export const playerDetailSchema = z.object({
  player: playerSummarySchema,
  /** The player's request for more time: open, or declined until they ask again; else null. */
  timeRequest: timeRequestSchema.nullable(),
  totalScore: z.number(),
  weeks: z.array(
    z.object({
      setNum: z.number(),
      eventId: z.number(),
      eventWeek: z.number(),
      /** In the player's team zone (the season's before they have a team). */
      opensAt: z.string(),
      closesAt: z.string(),
      status: z.enum(['upcoming', 'open', 'closed']),
      active: z.boolean(),
      attempt: playerAttemptSchema.nullable(),
    }),
  ),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/** POST /api/organise/players/:playerId/team: moves the player for the weeks not begun. */
export const moveTeamInputSchema = z.strictObject({
  teamId: rowIdSchema,
  salesTeamId: rowIdSchema.nullable(),
  reason: z.string().trim().max(500).optional(),
});
export type MoveTeamInput = z.infer<typeof moveTeamInputSchema>;

/** POST /api/organise/players/:playerId/weeks/:setNum/inactive: an override, reason required. */
export const weekInactiveInputSchema = z.strictObject({ reason });
export const playerWeekParamsSchema = playerParamsSchema.extend(setNumParamsSchema.shape);

/** POST /api/organise/players/:playerId/sign-out: ends every session of the player. */
export const signOutEverywhereSchema = z.object({
  /** How many sessions were open (browsers and devices signed out). */
  sessions: z.number(),
});
export type SignOutEverywhere = z.infer<typeof signOutEverywhereSchema>;

/** GET /api/organise/players/time-requests: the open requests for more time, oldest first. */
export const openTimeRequestsSchema = z.object({
  requests: z.array(
    z.object({
      player: playerSummarySchema,
      note: z.string().nullable(),
      requestedAt: z.string(),
    }),
  ),
});
export type OpenTimeRequests = z.infer<typeof openTimeRequestsSchema>;
