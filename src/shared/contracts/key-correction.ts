import { z } from 'zod';
import { optionKeySchema, slotSchema } from './organise';

/**
 * POST /api/organise/weeks/:setNum/questions/:slot/correction: an organiser corrects the answer
 * key of a question of a week somebody has played (ADR 0041): accept one more option, or void
 * the question. Every attempt of the week is re-scored in the same transaction; `dryRun`
 * answers what would change and changes nothing.
 */

const reason = z
  .string()
  .trim()
  .min(3, { error: 'give a reason (3 characters or more)' })
  .max(500)
  .describe('Why the key is corrected; kept in the audit log');
const dryRun = z.boolean().default(false).describe('Answer what would change, change nothing');

export const keyCorrectionInputSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('accept-option').describe('Accept one more option as correct'),
    option: optionKeySchema,
    reason,
    dryRun,
  }),
  z.strictObject({
    action: z.literal('void').describe('Void the question: it counts for nobody'),
    reason,
    dryRun,
  }),
]);
export type KeyCorrectionInput = z.input<typeof keyCorrectionInputSchema>;

/** A question's key: the options accepted (the original first) and whether it is void. */
export const answerKeySchema = z.object({
  correct: z.string(),
  accepted: z.array(z.string()).describe('Options accepted by corrections, besides `correct`'),
  voided: z.boolean(),
});
export type AnswerKeyView = z.infer<typeof answerKeySchema>;

const change = z.object({ before: z.number(), after: z.number() });

export const keyCorrectionResultSchema = z.object({
  dryRun: z.boolean(),
  slot: slotSchema,
  before: answerKeySchema,
  after: answerKeySchema,
  /** Attempts whose answers or scores change (re-marked answers of unfinished ones included). */
  attemptsChanged: z.number(),
  /** Players whose season total changes, in hundredths of a point. */
  players: z.array(z.object({ playerId: z.string(), name: z.string(), total: change })),
  /** Teams whose figures for the week change: the sum of their members' week scores. */
  teams: z.array(
    z.object({ teamId: z.number(), name: z.string(), flag: z.string(), scoreSum: change }),
  ),
});
export type KeyCorrectionResult = z.infer<typeof keyCorrectionResultSchema>;
