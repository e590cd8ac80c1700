import { z } from 'zod';
import { isoDateSchema } from './calendar';
import { REGIONS } from './season';
import { regionalWinnersSchema, teamStandingSchema } from './standings';

/**
 * Seasons after the current one (ADR 0039): the draft an organiser prepares, the archive with
 * its frozen results, the hall of fame and each player's own history. Scores in hundredths.
 */

export const SEASON_STATUSES = ['draft', 'current', 'archived'] as const;
export type SeasonStatus = (typeof SEASON_STATUSES)[number];

/** What a season's archive keeps for ever: written once, in the launch's transaction. */
export const frozenResultsSchema = z.object({
  /** The week the figures run to (the last begun); null when archived before its launch. */
  throughWeek: z.number().nullable(),
  /** The final team order, as the leaderboard showed it at the archive. */
  standings: z.array(teamStandingSchema),
  /** The top player of each region, with the tie-break figures. */
  winners: regionalWinnersSchema.shape.winners,
  stats: z.object({
    /** Players registered for the season. */
    registered: z.number(),
    /** Players with at least one scored week, and the scored weeks. */
    players: z.number(),
    attempts: z.number(),
    /** The mean of the scored weeks' scores; null without any. */
    averageWeekScore: z.number().nullable(),
  }),
  /**
   * Whose names the results show (never served): the player id of each winner, in order, and
   * of each team's top player, so that an erasure removes that name from the archive too.
   */
  named: z.object({
    winners: z.array(z.string()),
    topPlayers: z.array(z.object({ teamId: z.number(), playerId: z.string() })),
  }),
});
export type FrozenResults = z.infer<typeof frozenResultsSchema>;

/** The frozen results as the hall of fame serves them: without whose names they are. */
export const publicResultsSchema = frozenResultsSchema.omit({ named: true });

/** GET /api/seasons/hall-of-fame: every archived season, latest first. */
export const hallOfFameSchema = z.object({
  seasons: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      archivedAt: z.string(),
      results: publicResultsSchema,
    }),
  ),
});
export type HallOfFame = z.infer<typeof hallOfFameSchema>;

/** GET /api/me/history: the signed-in player's archived seasons, latest first. */
export const playerHistorySchema = z.object({
  seasons: z.array(
    z.object({
      seasonId: z.string(),
      name: z.string(),
      archivedAt: z.string(),
      /** The team the season total counted for; null for a season registered but not played. */
      team: z.object({ name: z.string(), flag: z.string(), region: z.enum(REGIONS) }).nullable(),
      total: z.number(),
      weeksPlayed: z.number(),
      /** Rank among every player who scored in the season (ties: time, then last answer). */
      rank: z.number().nullable(),
      rankedPlayers: z.number(),
      /** The team's final position in the frozen standings. */
      teamPosition: z.number().nullable(),
    }),
  ),
});
export type PlayerHistory = z.infer<typeof playerHistorySchema>;

/** POST /api/organise/seasons: a draft from the current season, or an empty one. */
export const draftInputSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'lower-case letters, digits and dashes' }),
    name: z.string().trim().min(1).max(80),
    /** The first week opens on this local date; the others keep their spacing. */
    launchOn: isoDateSchema,
    from: z.enum(['current', 'empty']),
  })
  .strict();
export type DraftInput = z.infer<typeof draftInputSchema>;

/** PUT …/weeks/:setNum/questions: take a week of questions from the bank (an earlier season). */
export const bankChoiceSchema = z
  .object({ seasonId: z.string().min(1).max(40), setNum: z.number().int().min(1).max(6) })
  .strict();
export type BankChoice = z.infer<typeof bankChoiceSchema>;

export const seasonIdParamsSchema = z.object({ seasonId: z.string().min(1).max(40) });
export const seasonWeekParamsSchema = seasonIdParamsSchema.extend({
  setNum: z.coerce.number().int().min(1).max(6),
});

/** GET /api/organise/seasons: every season, the draft under way and the question bank. */
export const organiserSeasonsSchema = z.object({
  seasons: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(SEASON_STATUSES),
      archivedAt: z.string().nullable(),
    }),
  ),
  draft: z
    .object({
      id: z.string(),
      name: z.string(),
      registrationClosesAt: z.string(),
      weeks: z.array(
        z.object({
          setNum: z.number(),
          eventId: z.number(),
          eventWeek: z.number(),
          opensOn: z.string(),
          closesOn: z.string(),
          /** Questions in the week (six when complete). */
          questions: z.number(),
          /**
           * Of them, not approved yet (written or imported ones, and a question copied from the
           * bank whose key was corrected): players only ever get approved questions.
           */
          toApprove: z.number(),
        }),
      ),
      /** The content file rules the draft breaks (empty: it can be launched). */
      problems: z.array(z.string()),
    })
    .nullable(),
  /** Weeks of earlier seasons with their six questions, to choose from. */
  bank: z.array(z.object({ seasonId: z.string(), seasonName: z.string(), setNum: z.number() })),
});
export type OrganiserSeasons = z.infer<typeof organiserSeasonsSchema>;
