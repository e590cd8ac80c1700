import { z } from 'zod';
import { LANGUAGES } from '../domain/language';
import { REGIONS } from '../domain/regions';

export { REGIONS, type Region } from '../domain/regions';

export const QUESTION_CATEGORIES = ['brain', 'digestion', 'allergy', 'c_sections'] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const weekSchema = z.object({
  setNum: z.number(),
  eventId: z.number(),
  eventWeek: z.number(),
  opensOn: z.string(),
  closesOn: z.string(),
});

/** GET /api/season: the current season's calendar (local dates; times depend on the team zone). */
export const seasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  productName: z.string(),
  timeZone: z.string(),
  registrationClosesAt: z.string(),
  events: z.array(z.object({ id: z.number(), key: z.string(), track: z.number() })),
  weeks: z.array(weekSchema),
});
export type Season = z.infer<typeof seasonSchema>;

/** GET /api/launch: the spec's counter; the fixed fallback only when no season exists. */
export const launchSchema = z.object({ launchAt: z.string() });
export const LAUNCH_FALLBACK = '2024-10-18T09:00:00.000';

export const teamSchema = z.object({
  id: z.number(),
  name: z.string(),
  flag: z.string(),
  region: z.enum(REGIONS),
  timeZone: z.string(),
  salesTeams: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/teams-and-languages: the registration and account choices. */
export const teamsAndLanguagesSchema = z.object({
  teams: z.array(teamSchema),
  languages: z.array(z.object({ code: z.enum(LANGUAGES), label: z.string() })),
});
export type TeamsAndLanguages = z.infer<typeof teamsAndLanguagesSchema>;
