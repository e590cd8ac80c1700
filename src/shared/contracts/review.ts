import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { keyCorrectionSchema } from './play';
import { QUESTION_CATEGORIES } from './season';

/**
 * GET /api/weeks/:setNum/review: a closed week's questions with their correct options,
 * explanations and sources, and the signed-in player's own answers (ADR 0019). Refused with
 * WEEK_NOT_CLOSED until the week has closed in every time zone.
 */

export const reviewParamsSchema = z.object({
  setNum: z.coerce.number().int().min(1).max(WEEK_COUNT),
});

export const reviewQuestionSchema = z.object({
  /** 1–5 for the main set; 1 for the challenger. */
  position: z.number(),
  category: z.enum(QUESTION_CATEGORIES),
  text: z.string(),
  /** In option-key order, each text in the player's language or else English. */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  correctOption: z.string(),
  /** The player's option; null when not answered (or not played). */
  answer: z.string().nullable(),
  /** Why the correct option is right; null when the content has none. */
  explanation: z.string().nullable(),
  /** The reference for it (study, guideline, product document); null when none. */
  source: z.string().nullable(),
  /** Options accepted besides `correctOption`, or the question voided; null when never corrected. */
  correction: keyCorrectionSchema,
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

export const weekReviewSchema = z.object({
  setNum: z.number(),
  eventId: z.number(),
  eventWeek: z.number(),
  /** The player's week: null when they did not play it. Points in hundredths. */
  result: z
    .object({
      correctCount: z.number(),
      mainScore: z.number(),
      speedBonus: z.number(),
      weekScore: z.number(),
      elapsedSeconds: z.number(),
      timedOut: z.boolean(),
    })
    .nullable(),
  /** The week was switched off (holiday) on the player's calendar. */
  onHoliday: z.boolean(),
  questions: z.array(reviewQuestionSchema),
  challenger: z.object({
    /** 'not-taken' also for a week not played: the question is shown all the same. */
    /** 'voided': taken, then voided by a correction, so it neither added nor halved (ADR 0041). */
    outcome: z.enum(['not-taken', 'correct', 'wrong', 'timed-out', 'voided']),
    question: reviewQuestionSchema.nullable(),
  }),
});
export type WeekReview = z.infer<typeof weekReviewSchema>;
