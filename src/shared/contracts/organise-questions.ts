import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { LANGUAGES } from '../domain/language';
import {
  isTranslationComplete,
  optionKeys,
  questionShapeIssues,
  REVIEW_STATUSES,
} from '../domain/question-review';
import { optionKeySchema, readinessSchema, slotSchema } from './organise';
import { QUESTION_CATEGORIES } from './season';

/** The organiser's question editor: a week's six questions, all languages side by side. */

/**
 * `season`: which season's week the question routes work on (ADR 0042): the draft of the next
 * season, or the current one (its id, or no parameter at all). An archived season answers 409
 * SEASON_ARCHIVED, an unknown one 404 SEASON_NOT_FOUND.
 */
export const questionSeasonQuerySchema = z.object({
  season: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .describe(
      "A season's id: the draft of the next season, or the current one (the default). " +
        'An archived season answers 409 SEASON_ARCHIVED (ADR 0042).',
    ),
});

/** Path parameters: a week and a slot ('1'–'5' or 'challenger'). */
export const slotParamsSchema = z.object({
  setNum: z.coerce.number().int().min(1).max(WEEK_COUNT),
  slot: z
    .enum(['1', '2', '3', '4', '5', 'challenger'], { error: 'a slot is 1 to 5 or challenger' })
    .transform((slot) => (slot === 'challenger' ? slot : (Number(slot) as 1 | 2 | 3 | 4 | 5))),
});

const translationSchema = z.object({
  text: z.string(),
  options: z.record(z.string(), z.string()),
  /** Shown to players in the week's review after the close (ADR 0019). */
  explanation: z.string().optional(),
});

export const organiserQuestionSchema = z.object({
  id: z.number(),
  slot: slotSchema,
  category: z.enum(QUESTION_CATEGORIES),
  correct: z.string(),
  /** Options a correction accepted besides `correct`, after the week was played (ADR 0041). */
  accepted: z.array(z.string()),
  /** Voided by a correction: it counts for nobody (ADR 0041). */
  voided: z.boolean(),
  source: z.string(),
  optionKeys: z.array(z.string()),
  /** Every language that has any text; a missing language is absent. */
  translations: z.partialRecord(z.enum(LANGUAGES), translationSchema),
  /** Per language: text and every option filled in. */
  complete: z.record(z.enum(LANGUAGES), z.boolean()),
  status: z.enum(REVIEW_STATUSES),
  /** Null on an approved question means it came from a content file. */
  approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  approvedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type OrganiserQuestion = z.infer<typeof organiserQuestionSchema>;

/** GET /api/organise/weeks/:setNum/questions. */
export const weekQuestionsSchema = z.object({
  setNum: z.number(),
  opensOn: z.string(),
  closesOn: z.string(),
  /** Someone has played the week: its questions can no longer change. */
  locked: z.boolean(),
  readiness: readinessSchema,
  slots: z.array(z.object({ slot: slotSchema, question: organiserQuestionSchema.nullable() })),
});
export type WeekQuestions = z.infer<typeof weekQuestionsSchema>;

/**
 * PUT /api/organise/weeks/:setNum/questions/:slot: creates or replaces the question. English
 * must be complete (it is the source and the fallback); other languages may be partly filled in
 * (a draft) but must have English's option keys. Saving a changed question makes it a draft.
 */
export const questionInputSchema = z
  .strictObject({
    category: z.enum(QUESTION_CATEGORIES),
    correct: optionKeySchema,
    source: z.string().trim().max(300).default(''),
    translations: z.partialRecord(
      z.enum(LANGUAGES),
      z.strictObject({
        text: z.string().trim().max(400),
        options: z.record(optionKeySchema, z.string().trim().max(200)),
        /** Blank means none; English is the fallback for the others. */
        explanation: z.string().trim().max(1000).optional(),
      }),
    ),
  })
  .superRefine((question, ctx) => {
    const issues = questionShapeIssues(question);
    for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
    if (
      issues.length === 0 &&
      !isTranslationComplete(question.translations.en, optionKeys(question.translations))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['translations', 'en'],
        message: 'English needs the question and every option filled in',
      });
    }
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;

/** POST /api/organise/weeks/:setNum/questions/:slot/review. */
export const reviewInputSchema = z.strictObject({ status: z.enum(REVIEW_STATUSES) });

/** A spreadsheet (CSV or .xlsx, one row per question and language) or a content file (JSON). */
export const QUESTION_FILE_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type QuestionFileFormat = (typeof QUESTION_FILE_FORMATS)[number];
export const exportQuerySchema = questionSeasonQuerySchema.extend({
  format: z.enum(QUESTION_FILE_FORMATS).default('csv'),
});

/**
 * POST /api/organise/weeks/:setNum/questions/import: a file (a spreadsheet as exported, or a
 * content questions file); validated whole, applied in one transaction unless `dryRun`. A
 * refused file answers 400 IMPORT_INVALID with `details.problems`, each naming its row and
 * column.
 */
export const importInputSchema = z.strictObject({
  format: z
    .enum(QUESTION_FILE_FORMATS)
    .describe('csv or xlsx: one row per question and language, as exported; json: a content file'),
  content: z
    .string()
    .min(1, { error: 'the file is empty' })
    .max(1_500_000)
    .describe(
      "The file's text, or with `encoding: base64` its bytes in base64; an xlsx file is always " +
        'its bytes in base64. A CSV may be UTF-8 (with or without a byte-order mark) or UTF-16 ' +
        'with a byte-order mark, its cells separated by commas, semicolons or tabs.',
    ),
  encoding: z
    .enum(['text', 'base64'])
    .default('text')
    .describe('How `content` holds a csv or json file (xlsx is always base64)'),
  dryRun: z.boolean().default(false).describe('Check the file and answer what it would change'),
});
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** Questions added or changed (each becomes a draft). */
  changed: z.number(),
  week: weekQuestionsSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;
