import { z } from 'zod';
import { LANGUAGES } from '../domain/language';

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
      name: z.string(),
      /** ISO 3166-1 alpha-2 country code, lower case, for the flag. */
      flag: z.string(),
    })
    .nullable(),
  salesTeam: z.string().nullable(),
  /** Launch of the season (week 1 opening) as an ISO date-time; null while no season exists. */
  eventStartsAt: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** Public facts about this installation, needed before sign-in (login screen, footer). */
export const siteSchema = z.object({
  productName: z.string(),
  contactEmail: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const logoutResponseSchema = z.object({ redirectTo: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
