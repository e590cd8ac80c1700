import { z } from 'zod';
import { MAX_TIME_FACTOR, MIN_TIME_FACTOR } from '../domain/time-factor';

/**
 * Time accommodations (ADR 0037): a player asks for more time, organisers grant a factor of the
 * five minutes. Only the player (/api/me/time) and the organisers (/api/organise/players…) see
 * them; no other answer carries them.
 */

/** A factor of the five minutes: 1 (the usual time) to 10, in hundredths at most (1.5, 2.25). */
export const timeFactorSchema = z
  .number()
  .min(MIN_TIME_FACTOR)
  .max(MAX_TIME_FACTOR)
  .refine((factor) => Math.abs(factor * 100 - Math.round(factor * 100)) < 1e-6, {
    error: 'at most two decimals',
  })
  .meta({ description: 'Factor of the five minutes a set gives: 1 (none) to 10.', example: 2 });

export const timeRequestSchema = z.object({
  /** Open until an organiser decides; declined stays until the player asks again. */
  status: z.enum(['open', 'declined']),
  note: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TimeRequest = z.infer<typeof timeRequestSchema>;

/** GET /api/me/time: the player's own time accommodation. */
export const myTimeSchema = z.object({
  timeFactor: z.number(),
  /** What a set gives them, in seconds: 300 × timeFactor. */
  timeLimitSeconds: z.number(),
  request: timeRequestSchema.nullable(),
});
export type MyTime = z.infer<typeof myTimeSchema>;

/** POST /api/me/time/request: asks the organisers for more time, with an optional note. */
export const timeRequestInputSchema = z.strictObject({
  note: z.string().trim().max(500).optional(),
});
export type TimeRequestInput = z.infer<typeof timeRequestInputSchema>;

/** PUT /api/organise/players/:playerId/time-factor: grants, changes or (with 1) removes it. */
export const timeFactorInputSchema = z.strictObject({ timeFactor: timeFactorSchema });
export type TimeFactorInput = z.infer<typeof timeFactorInputSchema>;
