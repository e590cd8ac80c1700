import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { LANGUAGES } from '../domain/language';
import { rowIdSchema } from './ids';
import { REGIONS } from './season';

export const playerWeekSchema = z.object({
  setNum: z.number(),
  eventId: z.number(),
  eventWeek: z.number(),
  /** Opening and closing instants in the player's team time zone (ISO). */
  opensAt: z.string(),
  closesAt: z.string(),
  /** The week's first and last days (YYYY-MM-DD), the same local dates in every time zone. */
  opensOn: z.string(),
  closesOn: z.string(),
  status: z.enum(['upcoming', 'open', 'closed']),
  /** Played this week (false: on holiday). */
  active: z.boolean(),
  /** Whether the active flag can still be changed (until the day before the week opens). */
  changeable: z.boolean(),
});
export type PlayerWeek = z.infer<typeof playerWeekSchema>;

/** The signed-in player as the web app sees it: no tokens, no internal ids. */
export const meSchema = z.object({
  name: z.string().nullable(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  email: z.string().nullable(),
  /** The identity provider's locale claim, as given. */
  locale: z.string().nullable(),
  zoneinfo: z.string().nullable(),
  /** Interface language chosen on the profile; null until the player chooses one. */
  language: z.enum(LANGUAGES).nullable(),
  team: z
    .object({
      id: z.number(),
      name: z.string(),
      /** ISO 3166-1 alpha-2 country code, lower case, for the flag. */
      flag: z.string(),
      region: z.enum(REGIONS),
    })
    .nullable(),
  salesTeam: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Registered: has chosen a team (the spec's 'already registered'). */
  registered: z.boolean(),
  /** May use the organiser tools (/organise, /api/organise/…); read at sign-in, checked hourly. */
  organiser: z.boolean(),
  /** E-mail reminders when a week opens and before it closes (ADR 0020); on by default. */
  remindersEnabled: z.boolean(),
  /** An archived season is in the hall of fame (/hall-of-fame): home links to it. */
  hallOfFame: z.boolean(),
  /** The time zone the calendar runs in for this player: the team's, else the season's. */
  timeZone: z.string(),
  /** Launch of the season (week 1 opening in the player's zone), ISO; null while no season exists. */
  eventStartsAt: z.string().nullable(),
  /** The server's time: countdowns run on it, not on a possibly wrong device clock. */
  serverNow: z.string(),
  season: z
    .object({
      id: z.string(),
      name: z.string(),
      productName: z.string(),
      registrationClosesAt: z.string(),
      registrationOpen: z.boolean(),
      phase: z.enum(['before-launch', 'week-open', 'between-weeks', 'ended']),
      /** The open week, else the next to open, else the last (the spec's currentSet). */
      currentSetNum: z.number().nullable(),
      /** Team and sales team can change only between game weeks. */
      teamChangeable: z.boolean(),
      events: z.array(z.object({ id: z.number(), key: z.string(), track: z.number() })),
      weeks: z.array(playerWeekSchema),
    })
    .nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** Registration and the account page's Update: one transaction, all or nothing. */
export const profileInputSchema = z.strictObject({
  language: z.enum(LANGUAGES),
  teamId: rowIdSchema,
  salesTeamId: rowIdSchema.nullable(),
  activeWeeks: z.array(z.boolean()).length(WEEK_COUNT),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** Public facts about this installation, needed before sign-in (login screen, footer). */
export const siteSchema = z.object({
  productName: z.string(),
  contactEmail: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const logoutResponseSchema = z.object({ redirectTo: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
