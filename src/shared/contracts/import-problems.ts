import { z } from 'zod';

/**
 * What is wrong in an imported question file, one entry per problem, so that the organiser can
 * fix it in their spreadsheet: where (the row as the spreadsheet numbers it, the column's
 * header and letter) and what, as a code the web app words in the organiser's language. `message`
 * says the same in English, for API clients and logs.
 */
export const IMPORT_PROBLEMS = [
  /** Not a file of the format it was sent as (`value`: csv, xlsx or json). */
  'unreadable',
  /** A text file neither in UTF-8 nor in UTF-16 with a byte-order mark. */
  'encoding',
  /** A spreadsheet without a single row. */
  'empty',
  /** A quoted CSV cell that is not closed before the file ends. */
  'unclosedQuote',
  /** The header row lacks columns (`value`: their names, comma-separated). */
  'missingColumns',
  /** A slot that is not 1 to 5 or challenger (`value`). */
  'slot',
  /** A language that is not one of the seven (`value`). */
  'language',
  /** A second row for one question and language (`slot`, `language`). */
  'duplicateRow',
  /** A question without an English row (`slot`). */
  'noEnglish',
  /** Category, correct option or source on a translation's row differ from the English row. */
  'differsFromEnglish',
  /** A cell that must be filled in is empty. */
  'required',
  /** A cell longer than `max` characters. */
  'tooLong',
  /** A category that is not one of the season's (`value`). */
  'category',
  /** A correct option that is not one of the question's options (`value`). */
  'correct',
  /** The English row's options are not 2 to 5 filled in from option_a on, without a gap. */
  'optionKeys',
  /** A translation's options are not filled in where the English row's are. */
  'sameOptions',
  /** The file lacks some of the week's six questions (`slots`). */
  'slots',
  /** In a content file (JSON): `value` is where, `message` what. */
  'contentFile',
  /** XLIFF: not well-formed XML (`row`: the line, `value`: what the parser found). */
  'xml',
  /** XLIFF: a DOCTYPE or entity declaration, refused unread (entity expansion, XXE). */
  'xmlDoctype',
  /** XLIFF: not an XLIFF 2.0 document for this week and language (`value`: what differs). */
  'xliff',
  /** Anything else: `message` says what. */
  'other',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEMS)[number];

export const importProblemSchema = z.object({
  problem: z.enum(IMPORT_PROBLEMS),
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: z.number().int().optional(),
  /** The column's header, e.g. `option_c`. */
  column: z.string().optional(),
  /** The column's letter in the file (A for its first column), when the file has the column. */
  columnLetter: z.string().optional(),
  value: z.string().optional(),
  max: z.number().int().optional(),
  slot: z.union([z.number(), z.literal('challenger')]).optional(),
  slots: z.array(z.union([z.number(), z.literal('challenger')])).optional(),
  language: z.string().optional(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;
