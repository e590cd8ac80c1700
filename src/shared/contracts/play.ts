import { z } from 'zod';
import { QUESTION_CATEGORIES } from './season';

/**
 * A correction of the key after the week opened (ADR 0041): options accepted besides the
 * correct one, or the question voided (it counts for nobody); null when never corrected.
 */
export const keyCorrectionSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('accepted'), options: z.array(z.string()) }),
    z.object({ kind: z.literal('voided') }),
  ])
  .nullable();

export const playQuestionSchema = z.object({
  position: z.number(),
  category: z.enum(QUESTION_CATEGORIES),
  text: z.string(),
  /** In this attempt's shuffled order; never says which one is right. */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  /** Only once the week has closed in every time zone; null before. */
  correctOption: z.string().nullable(),
  /** The key's correction, with the correct option; null before, and when never corrected. */
  correction: keyCorrectionSchema,
});
export type PlayQuestion = z.infer<typeof playQuestionSchema>;

export const attemptSchema = z.object({
  id: z.string(),
  setNum: z.number(),
  /** The spec's event status: pending while the main set runs, done once scored. */
  status: z.enum(['pending', 'done']),
  startedAt: z.string(),
  deadlineAt: z.string(),
  /**
   * The set's own time in seconds: 300 × the player's time factor when it started (ADR 0037),
   * before the week's close cuts it short. The challenger has as long.
   */
  timeLimitSeconds: z.number(),
  /** The server's time when answering, so the browser's countdown ignores a wrong device clock. */
  serverNow: z.string(),
  questions: z.array(playQuestionSchema),
  answers: z.array(z.object({ position: z.number(), option: z.string() })),
  /** The question to answer next; null when all are answered or the attempt is done. */
  nextPosition: z.number().nullable(),
  result: z
    .object({
      mainScore: z.number(),
      correctCount: z.number(),
      answeredCount: z.number(),
      timedOut: z.boolean(),
      /**
       * The time the set used: to the last answer when all are answered, else to the finish
       * or the (possibly shortened) deadline, whichever came first (time-used.ts).
       */
      elapsedSeconds: z.number(),
    })
    .nullable(),
  challenger: z
    .object({
      /** The spec's status_challenger: pending (offered), in-progress, done. */
      status: z.enum(['pending', 'in-progress', 'done']),
      /** Whether it can still be started (the week is open). */
      available: z.boolean(),
      question: playQuestionSchema.nullable(),
      deadlineAt: z.string().nullable(),
      answer: z.string().nullable(),
      outcome: z.enum(['correct', 'wrong', 'timed-out']).nullable(),
    })
    .nullable(),
  /** In hundredths of a point; null until the main set is scored. */
  weekScore: z.number().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const currentWeekSchema = z.object({
  state: z.enum([
    'no-season',
    'not-registered',
    'not-open',
    /** The season's last week has closed: no more questions, the final standings are in. */
    'season-over',
    'no-active-weeks',
    'inactive',
    /** Open, but its questions are not approved yet: the player cannot start (WEEK_NOT_READY). */
    'not-ready',
    'ready',
    'in-progress',
    'done',
  ]),
  week: z
    .object({
      setNum: z.number(),
      eventId: z.number(),
      eventWeek: z.number(),
      opensAt: z.string(),
      closesAt: z.string(),
      /** The week's topic: the category of its first question. */
      topic: z.enum(QUESTION_CATEGORIES).nullable(),
    })
    .nullable(),
  attemptId: z.string().nullable(),
  /** Personal best week score this season, in hundredths. */
  bestWeekScore: z.number().nullable(),
  /** The server's time, so the instructions' time before the close ignores the device clock. */
  serverNow: z.string(),
  /** The time a set would give this player, in seconds (300 × their time factor; ADR 0037). */
  timeLimitSeconds: z.number(),
});
export type CurrentWeek = z.infer<typeof currentWeekSchema>;

export const answerInputSchema = z.strictObject({
  position: z.number().int(),
  option: z.string().min(1).max(8),
});
export const challengerAnswerInputSchema = z.strictObject({ option: z.string().min(1).max(8) });
export const attemptParamsSchema = z.object({ id: z.uuid({ error: 'not an attempt id' }) });

/** GET /api/me/stats: the account page's tiles. Scores in hundredths; times in seconds. */
export const playerStatsSchema = z.object({
  totalScore: z.number(),
  bestWeekScore: z.number().nullable(),
  fastestSeconds: z.number().nullable(),
  challengersAttempted: z.number(),
  challengersCorrect: z.number(),
});
export type PlayerStats = z.infer<typeof playerStatsSchema>;
