import { LANGUAGES, isLanguage } from '#shared/domain/language';
import {
  isTranslationComplete,
  OPTION_KEYS,
  optionKeys,
  QUESTION_SLOTS,
  slotOf,
  type QuestionSlot,
} from '#shared/domain/question-review';
import type { ImportProblem, ImportProblemCode } from '#shared/contracts/import-problems';
import type { QuestionFileFormat } from '#shared/contracts/organise-questions';
import type { QuestionTranslation } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { questionsFileSchema, type QuestionsFile } from '../../content/content-schema';
import type { QuestionRow } from '../../play/repository';
import { toCsv, unguardCell } from '../csv';
import {
  columnLetter,
  decodeText,
  readDelimited,
  readXlsx,
  SpreadsheetError,
  writeXlsx,
  type Table,
} from '../spreadsheet';

/**
 * A week's questions as files (ADR 0009): the content file format (content/questions/*.json,
 * complete translations only), and a spreadsheet (CSV or .xlsx) with one row per question and
 * language. Imports of either are validated whole with the content file rules; a refused
 * spreadsheet names each problem's row and column.
 */

export type FileQuestion = QuestionsFile['weeks'][number]['questions'][number];

export const CSV_COLUMNS = [
  'slot',
  'language',
  'category',
  'correct',
  'source',
  'text',
  ...OPTION_KEYS.map((key) => `option_${key}`),
  // Last, so that a CSV exported before explanations existed still imports.
  'explanation',
] as const;

/** A stored question as the content file holds it; incomplete translations are left out. */
export function toFileQuestion(row: QuestionRow): FileQuestion {
  const keys = optionKeys(row.translations);
  const translations = Object.fromEntries(
    Object.entries(row.translations).filter(([, texts]) => isTranslationComplete(texts, keys)),
  );
  return {
    slot: slotOf(row.kind, row.position),
    category: row.category as FileQuestion['category'],
    correct: row.correctOption,
    source: row.source,
    translations,
  };
}

/** Slots 1 to 5, then the challenger, as the content files list them. */
const bySlot = (rows: QuestionRow[]) =>
  QUESTION_SLOTS.flatMap((slot) => rows.filter((row) => slotOf(row.kind, row.position) === slot));

export function weekToContentFile(setNum: number, rows: QuestionRow[]): string {
  const file = { weeks: [{ setNum, questions: bySlot(rows).map(toFileQuestion) }] };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Every question in every language, a row each; untranslated languages as blank rows to fill. */
function weekToRows(rows: QuestionRow[]): string[][] {
  return QUESTION_SLOTS.flatMap((slot) => {
    const row = rows.find((entry) => slotOf(entry.kind, entry.position) === slot);
    if (!row) return [];
    return LANGUAGES.map((language) => {
      const texts = row.translations[language];
      return [
        String(slot),
        language,
        row.category,
        row.correctOption,
        row.source,
        texts?.text ?? '',
        ...OPTION_KEYS.map((key) => texts?.options[key] ?? ''),
        texts?.explanation ?? '',
      ];
    });
  });
}

/** The week as CSV (UTF-8 with a byte-order mark, text a spreadsheet would run defused). */
export const weekToCsv = (rows: QuestionRow[]) => toCsv(CSV_COLUMNS, weekToRows(rows));

/** Column widths of the .xlsx, in characters: short codes narrow, texts wide. */
const XLSX_WIDTHS = [11, 9, 14, 8, 24, 50, 30, 30, 30, 30, 30, 50];

/** The week as an .xlsx file, the same columns and rows as the CSV. */
export const weekToXlsx = (setNum: number, rows: QuestionRow[]) =>
  writeXlsx(`Week ${setNum}`, CSV_COLUMNS, weekToRows(rows), XLSX_WIDTHS);

const MAX_LISTED = 50;

/** The refusal of a file: every problem (the first 50), each also as a line of the message. */
const invalid = (problems: ImportProblem[]) => {
  const listed = problems.slice(0, MAX_LISTED);
  return new AppError(
    'IMPORT_INVALID',
    `The file was refused, nothing was imported:\n${listed.map((entry) => entry.message).join('\n')}`,
    { problems: listed },
  );
};

type Place = Pick<ImportProblem, 'row' | 'column' | 'columnLetter'>;
type Detail = Omit<ImportProblem, 'problem' | 'message' | keyof Place>;

/** A problem, its English message led by its place: "row 4, column F (text): …". */
function problem(code: ImportProblemCode, place: Place, what: string, detail: Detail = {}) {
  const column = place.column
    ? place.columnLetter
      ? `column ${place.columnLetter} (${place.column})`
      : `column ${place.column}`
    : '';
  const where = [place.row ? `row ${place.row}` : '', column].filter(Boolean).join(', ');
  return {
    problem: code,
    ...place,
    ...detail,
    message: where ? `${where}: ${what}` : what,
  } satisfies ImportProblem;
}

const formatPath = (path: PropertyKey[]) =>
  path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');

/** The week `setNum` of a content questions file (JSON text), validated whole. */
export function parseContentFile(content: string, setNum: number): FileQuestion[] {
  const refuse = (path: string, what: string) =>
    invalid([problem('contentFile', {}, path ? `${path}: ${what}` : what, { value: path })]);
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    throw refuse('', `not valid JSON: ${(error as Error).message}`);
  }
  const parsed = questionsFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => {
        const path = formatPath(issue.path) || '(root)';
        return problem('contentFile', {}, `${path}: ${issue.message}`, { value: path });
      }),
    );
  }
  const week = parsed.data.weeks.find((entry) => entry.setNum === setNum);
  if (!week) throw refuse('weeks', `the file has no questions for week ${setNum}`);
  return week.questions;
}

const slotLabel = (slot: QuestionSlot) =>
  slot === 'challenger' ? 'challenger' : `question ${slot}`;

/** The columns a question spreadsheet must have; the others may be left out. */
const REQUIRED_COLUMNS = ['slot', 'language', 'text', 'option_a', 'option_b'];

type Located = { row: number; cells: Record<string, string> };

/**
 * The questions of a spreadsheet as exported (one row per question and language), and whether
 * it has the explanation column: one exported before explanations existed has not, and
 * importing it must not blank the explanations already stored. The English row of a question
 * gives its category, correct option and source; other rows may repeat them or leave them
 * blank. A row with no text and no options is a language not translated yet.
 */
export function parseQuestionsTable(
  table: Table,
  setNum: number,
): { questions: FileQuestion[]; hasExplanations: boolean } {
  const [headerRow, ...rows] = table;
  if (!headerRow || headerRow.every((cell) => cell.trim() === '')) {
    throw invalid([problem('empty', { row: 1 }, 'the file has no header row')]);
  }
  const header = headerRow.map((name) => name.trim().toLowerCase());
  const place = (row: number | undefined, column: string): Place => {
    const index = header.indexOf(column);
    return { row, column, ...(index >= 0 ? { columnLetter: columnLetter(index) } : {}) };
  };
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    const names = missing.join(', ');
    throw invalid([
      problem('missingColumns', { row: 1 }, `missing column(s) ${names}`, { value: names }),
    ]);
  }

  const problems: ImportProblem[] = [];
  const bySlot = new Map<QuestionSlot, Map<string, Located>>();
  rows.forEach((cellsOfRow, index) => {
    const row = index + 2;
    const cells = Object.fromEntries(
      header.map((name, column) => [name, unguardCell((cellsOfRow[column] ?? '').trim())]),
    );
    if (Object.values(cells).every((cell) => cell === '')) return;
    const slotText = cells.slot!.toLowerCase();
    const slot = QUESTION_SLOTS.find((entry) => String(entry) === slotText);
    const language = cells.language!.toLowerCase();
    if (!slot) {
      const what = `slot '${cells.slot}' is not 1 to 5 or challenger`;
      problems.push(problem('slot', place(row, 'slot'), what, { value: cells.slot }));
    }
    if (!isLanguage(language)) {
      const what = `unknown language '${cells.language}'`;
      problems.push(problem('language', place(row, 'language'), what, { value: cells.language }));
    }
    if (!slot || !isLanguage(language)) return;
    const languages = bySlot.get(slot) ?? new Map<string, Located>();
    bySlot.set(slot, languages);
    if (languages.has(language)) {
      const what = `${slotLabel(slot)} in ${language} twice`;
      problems.push(problem('duplicateRow', { row }, what, { slot, language }));
    }
    languages.set(language, { row, cells });
  });
  const missingSlots = QUESTION_SLOTS.filter((slot) => !bySlot.has(slot));
  if (missingSlots.length > 0) {
    const what = `the week needs slots 1 to 5 and the challenger; missing: ${missingSlots.join(', ')}`;
    problems.push(problem('slots', {}, what, { slots: [...missingSlots] }));
  }

  const rowOf = new Map<string, number>();
  const questions = [...bySlot.entries()].map(([slot, languages]) => {
    const english = languages.get('en');
    if (!english) {
      const what = `${slotLabel(slot)} has no English (en) row`;
      problems.push(problem('noEnglish', {}, what, { slot }));
    }
    const head = english?.cells ?? {};
    const translations: Record<string, QuestionTranslation> = {};
    for (const [language, { row, cells }] of languages) {
      rowOf.set(`${slot}:${language}`, row);
      for (const field of ['category', 'correct', 'source'] as const) {
        const value = cells[field] ?? '';
        if (language !== 'en' && value !== '' && value !== (head[field] ?? '')) {
          const what = `${field} differs from the English row`;
          problems.push(problem('differsFromEnglish', place(row, field), what, { value }));
        }
      }
      const options = Object.fromEntries(
        OPTION_KEYS.flatMap((key) => {
          const text = cells[`option_${key}`] ?? '';
          return text === '' ? [] : [[key, text]];
        }),
      );
      if (cells.text === '' && Object.keys(options).length === 0) continue;
      const explanation = cells.explanation ?? '';
      translations[language] = {
        text: cells.text ?? '',
        options,
        ...(explanation === '' ? {} : { explanation }),
      };
    }
    return {
      slot,
      category: head.category ?? '',
      correct: head.correct ?? '',
      source: head.source ?? '',
      translations,
    };
  });
  if (problems.length > 0) throw invalid(problems);

  const checked = questionsFileSchema.safeParse({ weeks: [{ setNum, questions }] });
  if (!checked.success) {
    const located = checked.error.issues.flatMap((issue) => {
      const [, , , index, ...rest] = issue.path;
      const question = typeof index === 'number' ? questions[index] : undefined;
      if (!question) return [problem('other', {}, issue.message)];
      const slot = question.slot;
      const [field, language, part, key] = rest.map(String);
      const inTranslation = field === 'translations' && language !== undefined;
      const row = rowOf.get(`${slot}:${inTranslation ? language : 'en'}`);
      const column = !inTranslation
        ? field!
        : part === 'options'
          ? `option_${key ?? firstOddOption(question.translations, language!)}`
          : (part ?? 'text');
      const at = place(row, column);
      const value = !inTranslation ? String(question[field as 'category'] ?? '') : undefined;
      if (inTranslation && part === undefined) {
        return [problem('noEnglish', {}, `${slotLabel(slot)} has no English (en) text`, { slot })];
      }
      if (issue.code === 'too_big') {
        const max = Number(issue.maximum);
        return [problem('tooLong', at, `longer than ${max} characters`, { max })];
      }
      if (issue.code === 'too_small' || value === '') {
        return [problem('required', at, 'must be filled in')];
      }
      if (field === 'category') {
        return [problem('category', at, `'${value}' is not a category`, { value })];
      }
      if (field === 'correct') {
        return [problem('correct', at, `'${value}' is not one of the options`, { value })];
      }
      if (inTranslation && part === 'options' && key === undefined) {
        return language === 'en'
          ? [problem('optionKeys', at, 'fill in 2 to 5 options from option_a on, without a gap')]
          : [problem('sameOptions', at, 'fill in the same options as the English row')];
      }
      return [problem('other', at, issue.message)];
    });
    throw invalid(located);
  }
  return {
    questions: checked.data.weeks[0]!.questions,
    hasExplanations: header.includes('explanation'),
  };
}

/**
 * The first option key where a translation's options part from the English row's (for a
 * translation), or where the English options stop being a, b, c… without a gap (for English).
 */
function firstOddOption(translations: Record<string, QuestionTranslation>, language: string) {
  const english = Object.keys(translations.en?.options ?? {});
  const own = Object.keys(translations[language]?.options ?? {});
  if (language === 'en') {
    return OPTION_KEYS.find((key, index) => english[index] !== key) ?? 'a';
  }
  return OPTION_KEYS.find((key) => english.includes(key) !== own.includes(key)) ?? 'a';
}

/** A file as the import route receives it: its text, or its bytes in base64 (always for .xlsx). */
export type QuestionFile = {
  format: QuestionFileFormat;
  content: string;
  encoding: 'text' | 'base64';
};

/**
 * The questions of a file of any format, and whether to keep the explanations already stored
 * (a spreadsheet without the explanation column). Refuses a file that cannot be read, and one
 * whose content breaks a rule, naming every problem.
 */
export async function parseQuestionsFile(
  file: QuestionFile,
  setNum: number,
): Promise<{ questions: FileQuestion[]; keepStoredExplanations: boolean }> {
  try {
    const bytes =
      file.format === 'xlsx' || file.encoding === 'base64'
        ? Buffer.from(file.content, 'base64')
        : null;
    if (file.format === 'json') {
      const text = bytes ? decodeText(bytes) : file.content;
      return { questions: parseContentFile(text, setNum), keepStoredExplanations: false };
    }
    const table =
      file.format === 'xlsx'
        ? await readXlsx(bytes!)
        : readDelimited(bytes ? decodeText(bytes) : file.content);
    const { questions, hasExplanations } = parseQuestionsTable(table, setNum);
    return { questions, keepStoredExplanations: !hasExplanations };
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    const place = error.row ? { row: error.row } : {};
    throw invalid([problem(error.reason, place, error.message, { value: file.format })]);
  }
}
