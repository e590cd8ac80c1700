import { z } from 'zod';
import { importProblemSchema } from './import-problems';

/**
 * Every error the API answers with has one of these codes. The server maps each to an HTTP
 * status once (src/server/http/errors.ts); the web app maps each to a translated message once
 * (locales: `errors.<CODE>`).
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'NO_SEASON',
  'REGISTRATION_CLOSED',
  'TIME_REQUEST_OPEN',
  'TIME_REQUEST_NOT_OPEN',
  'ALREADY_REGISTERED',
  'NOT_REGISTERED',
  'TEAM_NOT_FOUND',
  'SALES_TEAM_NOT_IN_TEAM',
  'WEEK_LOCKED',
  'TEAM_CHANGE_LOCKED',
  'WEEK_NOT_OPEN',
  'WEEK_CLOSED',
  'WEEK_INACTIVE',
  'WEEK_NOT_CLOSED',
  'ATTEMPT_NOT_FOUND',
  'ATTEMPT_FINISHED',
  'ANSWER_TOO_LATE',
  'ANSWER_FINAL',
  'ANSWER_OUT_OF_ORDER',
  'UNKNOWN_QUESTION',
  'UNKNOWN_OPTION',
  'CHALLENGER_NOT_AVAILABLE',
  'WEEK_NOT_READY',
  'WEEK_ALREADY_OPEN',
  'TEAM_ZONE_LOCKED',
  'NAME_TAKEN',
  'SALES_TEAM_NOT_FOUND',
  'SALES_TEAM_IN_USE',
  'TOO_MANY_SALES_TEAMS',
  'QUESTION_NOT_FOUND',
  'QUESTION_INCOMPLETE',
  'QUESTIONS_LOCKED',
  'KEY_NOT_CORRECTABLE',
  'KEY_ALREADY_CORRECTED',
  'IMPORT_INVALID',
  'PLAYER_NOT_FOUND',
  'ALREADY_PLAYED',
  'CONFLICT',
  'PLAYER_ERASED',
  'OWN_ACCOUNT',
  'SEASON_NOT_FOUND',
  'SEASON_ARCHIVED',
  'SEASON_NOT_DRAFT',
  'DRAFT_EXISTS',
  'SEASON_ID_TAKEN',
  'DRAFT_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What a client needs to word an error precisely where the code alone cannot say it. A team
 * change (TEAM_CHANGE_LOCKED) refused while a week is open in the old team's zone or the new
 * one's can go through from `movableFrom`, the instant `week` closes where it is still open
 * (an organiser's move also waits for `week` to close in both zones when the player has not
 * played it).
 */
export const teamChangeDetailsSchema = z.object({
  week: z.number().int(),
  movableFrom: z.string(),
});
export type TeamChangeDetails = z.infer<typeof teamChangeDetailsSchema>;

/** A refused question file (IMPORT_INVALID): every problem found, where it is and what. */
export const importDetailsSchema = z.object({ problems: z.array(importProblemSchema) });
export type ImportDetails = z.infer<typeof importDetailsSchema>;

export const errorDetailsSchema = z.union([teamChangeDetailsSchema, importDetailsSchema]);
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: errorDetailsSchema.optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Names of sign-in failures the server reports to /login/callback (see auth/routes.ts). */
export const SIGN_IN_FAILURES = ['login_expired', 'provider_unavailable'] as const;
