import { z } from 'zod';
import { REGIONS } from './season';

/** A team's row in the leaderboard and the ticker. Scores in hundredths of a point. */
export const teamStandingSchema = z.object({
  position: z.number(),
  teamId: z.number(),
  name: z.string(),
  flag: z.string(),
  region: z.enum(REGIONS),
  /** The overall weighted score: the sum of weekly averages. */
  overall: z.number(),
  /** This week's participation, percent (members who played ÷ active members). */
  participation: z.number(),
  /** Positions gained (+) or lost (−) since the previous week closed; null before then. */
  change: z.number().nullable(),
  topPlayer: z.object({ name: z.string(), total: z.number() }).nullable(),
});
export type TeamStanding = z.infer<typeof teamStandingSchema>;

/** GET /api/standings: the overall standings (leaderboard and ticker). */
export const standingsSchema = z.object({
  /** The week the figures run to (the open one, else the last one begun); null before launch. */
  setNum: z.number().nullable(),
  teams: z.array(teamStandingSchema),
});
export type Standings = z.infer<typeof standingsSchema>;

/** GET /api/standings/track?eventId=&eventWeek=: one event week's race. */
export const trackQuerySchema = z.object({
  eventId: z.coerce.number().int().min(1).max(3),
  eventWeek: z.coerce.number().int().min(1).max(2),
});
export const trackStandingsSchema = z.object({
  setNum: z.number(),
  teams: z.array(
    z.object({
      position: z.number(),
      teamId: z.number(),
      name: z.string(),
      flag: z.string(),
      /** The team's score for that week (its members' average). */
      points: z.number(),
      participation: z.number(),
    }),
  ),
});
export type TrackStandings = z.infer<typeof trackStandingsSchema>;

/** GET /api/standings/my-team: the leaderboard's tiles for the player's team. */
export const myTeamSchema = z.object({
  teamId: z.number(),
  name: z.string(),
  flag: z.string(),
  overall: z.number(),
  position: z.number().nullable(),
  /** This week: members who played, and members active. */
  participants: z.number(),
  activeMembers: z.number(),
  /** This week's average completion time of those who played, seconds; null if nobody did. */
  averageSeconds: z.number().nullable(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

/** GET /api/standings/winners: the top player of each region, with the tie-break figures. */
export const regionalWinnersSchema = z.object({
  final: z.boolean(),
  winners: z.array(
    z.object({
      region: z.enum(REGIONS),
      name: z.string(),
      team: z.string(),
      flag: z.string(),
      total: z.number(),
      totalSeconds: z.number(),
      lastSubmissionAt: z.string(),
    }),
  ),
});
export type RegionalWinners = z.infer<typeof regionalWinnersSchema>;
