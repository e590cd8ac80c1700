import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { pageFields, readinessSchema, slotSchema } from './organise';
import { playerSummarySchema } from './organise-players';

/** The organiser API's live dashboard of a week, who has not played, and the CSV exports. */

const participationFigures = {
  activeMembers: z.number(),
  played: z.number(),
  /** played ÷ active members, whole percent. */
  participation: z.number(),
  /** Average week score of those who played; null when nobody did. */
  averageScore: z.number().nullable(),
  averageSeconds: z.number().nullable(),
};

/** GET /api/organise/weeks/:setNum/dashboard. */
export const dashboardSchema = z.object({
  setNum: z.number(),
  status: z.enum(['upcoming', 'open', 'closed']),
  startsAt: z.string(),
  readiness: readinessSchema,
  totals: z.object(participationFigures),
  teams: z.array(
    z.object({ teamId: z.number(), name: z.string(), flag: z.string(), ...participationFigures }),
  ),
  salesTeams: z.array(
    z.object({
      salesTeamId: z.number(),
      name: z.string(),
      teamId: z.number(),
      teamName: z.string(),
      ...participationFigures,
    }),
  ),
  /** Hardest first: the lowest share of correct answers. */
  questions: z.array(
    z.object({
      slot: slotSchema,
      category: z.string(),
      text: z.string(),
      answered: z.number(),
      correct: z.number(),
      correctShare: z.number().nullable(),
      options: z.array(
        z.object({
          key: z.string(),
          text: z.string(),
          correct: z.boolean(),
          chosen: z.number(),
          share: z.number().nullable(),
        }),
      ),
    }),
  ),
  /** Active, registered players without an attempt (see …/not-played). */
  notPlayed: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const notPlayedPageSchema = z.object({
  ...pageFields,
  players: z.array(playerSummarySchema),
});
export type NotPlayedPage = z.infer<typeof notPlayedPageSchema>;

/** `season`: a past season's id (ADR 0039); without it, the current season. */
const season = z.string().min(1).max(40).optional();

export const standingsExportQuerySchema = z.object({
  setNum: z.coerce.number().int().min(1).max(WEEK_COUNT).optional(),
  season,
});

export const playersExportQuerySchema = z.object({ season });

export const winnersExportQuerySchema = z.object({
  /** How many players per region: 1 gives the winners, more shows the runners-up. */
  top: z.coerce.number().int().min(1).max(100).default(1),
  season,
});
