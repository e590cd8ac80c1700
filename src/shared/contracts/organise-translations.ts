import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { LANGUAGES } from '../domain/language';
import { QUESTION_SLOTS } from '../domain/question-review';
import { TRANSLATION_STATUSES, TARGET_LANGUAGES } from '../domain/translation-status';
import { slotSchema } from './organise';

/**
 * Translators' files (ADR 0040): a week's questions for one target language as XLIFF 2.0, and
 * each question's status per language (missing, stale, translated, reviewed).
 */

/** Path parameters: a week and a target language (any interface language but English). */
export const translationParamsSchema = z.object({
  setNum: z.coerce.number().int().min(1).max(WEEK_COUNT),
  language: z.enum(TARGET_LANGUAGES, { error: 'a target language is es, fr, id, pl, th or vi' }),
});

const slotsSchema = z.array(slotSchema);

/** One language's readiness for the week, with how many registered players use it. */
export const languageReadinessSchema = z.object({
  language: z.enum(TARGET_LANGUAGES),
  /** Registered, active players whose profile language this is. */
  players: z.number().int(),
  /** Questions not completely translated: the week cannot open (ADR 0009). */
  missing: slotsSchema,
  /** Translations made for an English text that has changed since. */
  stale: slotsSchema,
  /** Complete and current, but nobody has reviewed them yet. */
  unreviewed: slotsSchema,
  /** Questions whose English explanation these players would read in English. */
  englishExplanations: slotsSchema,
});
export type LanguageReadiness = z.infer<typeof languageReadinessSchema>;

/** GET /api/organise/weeks/:setNum/translations. */
export const weekTranslationsSchema = z.object({
  setNum: z.number(),
  locked: z.boolean(),
  /** Every target language, those with players first (most players first). */
  languages: z.array(languageReadinessSchema),
  questions: z.array(
    z.object({
      slot: slotSchema,
      id: z.number(),
      status: z.record(z.enum(TARGET_LANGUAGES), z.enum(TRANSLATION_STATUSES)),
    }),
  ),
});
export type WeekTranslations = z.infer<typeof weekTranslationsSchema>;

/** POST …/translations/:language/review: marks these questions' translations reviewed. */
export const translationReviewInputSchema = z.strictObject({
  slots: z
    .array(z.union([z.number().int().min(1).max(5), z.literal('challenger')]))
    .min(1, { error: 'name at least one question' })
    .max(QUESTION_SLOTS.length)
    .describe('The questions: 1 to 5, or challenger'),
});

/** POST …/translations/:language/xliff: an XLIFF 2.0 file as exported, with targets. */
export const xliffImportInputSchema = z.strictObject({
  content: z
    .string()
    .min(1, { error: 'the file is empty' })
    .max(1_500_000)
    .describe('The XLIFF 2.0 document, as text (UTF-8)'),
  dryRun: z.boolean().default(false).describe('Check the file and answer what it would change'),
});

/** What happened to each unit of an imported file. */
export const UNIT_OUTCOMES = [
  /** Its target was written into the question's translation. */
  'applied',
  /** Its target is the translation already stored. */
  'unchanged',
  /** No target, or a blank one: nothing to write. */
  'empty',
  /** The English changed since the file was exported: refused, translate it again. */
  'stale',
  /** Its fingerprint is missing: the file was not exported by Podium, or was edited there. */
  'noFingerprint',
  /** Not one of this week's units (another week, a deleted option, a made-up id). */
  'unknown',
  /** Its target holds markup (inline elements) where plain text is expected. */
  'markup',
  /** Its target is longer than the editor allows (`max`). */
  'tooLong',
  /** The same unit twice in the file: only the first counts. */
  'duplicate',
] as const;
export type UnitOutcome = (typeof UNIT_OUTCOMES)[number];
export const REFUSED_OUTCOMES: readonly UnitOutcome[] = [
  'stale',
  'noFingerprint',
  'unknown',
  'markup',
  'tooLong',
  'duplicate',
];

export const xliffImportResultSchema = z.object({
  dryRun: z.boolean(),
  language: z.enum(LANGUAGES),
  /** Units whose target was (or, in a dry run, would be) written. */
  applied: z.number().int(),
  /** Units refused: see each unit's outcome. */
  refused: z.number().int(),
  /** Questions whose texts changed (each becomes a draft again, ADR 0009). */
  changedQuestions: slotsSchema,
  units: z.array(
    z.object({
      id: z.string(),
      slot: slotSchema.nullable(),
      outcome: z.enum(UNIT_OUTCOMES),
      max: z.number().int().optional(),
      /** The same in English, for API clients and logs. */
      message: z.string(),
    }),
  ),
  translations: weekTranslationsSchema,
});
export type XliffImportResult = z.infer<typeof xliffImportResultSchema>;
