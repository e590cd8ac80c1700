import { LANGUAGES, isLanguage } from '#shared/domain/language';
import {
  isTranslationComplete,
  OPTION_KEYS,
  optionKeys,
  QUESTION_SLOTS,
  slotOf,
  type QuestionSlot,
} from '#shared/domain/question-review';
import type { QuestionTranslation } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { questionsFileSchema, type QuestionsFile } from '../../content/content-schema';
import type { QuestionRow } from '../../play/repository';
import { CsvError, parseCsvRecords, toCsv, unguardCell } from '../csv';

/**
 * A week's questions as files (ADR 0009): the content file format (content/questions/*.json,
 * complete translations only), and a spreadsheet-friendly CSV with one row per question and
 * language. Imports of either are validated whole with the content file rules.
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
export function weekToCsv(rows: QuestionRow[]): string {
  const lines = QUESTION_SLOTS.flatMap((slot) => {
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
  return toCsv(CSV_COLUMNS, lines);
}

const invalid = (problems: string[]) =>
  new AppError(
    'IMPORT_INVALID',
    `The file was refused, nothing was imported:\n${problems.slice(0, 20).join('\n')}`,
  );

const formatPath = (path: PropertyKey[]) =>
  path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');

/** The week `setNum` of a content questions file (JSON text), validated whole. */
export function parseContentFile(content: string, setNum: number): FileQuestion[] {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    throw invalid([`not valid JSON: ${(error as Error).message}`]);
  }
  const parsed = questionsFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => `${formatPath(issue.path) || '(root)'}: ${issue.message}`),
    );
  }
  const week = parsed.data.weeks.find((entry) => entry.setNum === setNum);
  if (!week) throw invalid([`weeks: the file has no questions for week ${setNum}`]);
  return week.questions;
}

const slotLabel = (slot: QuestionSlot) =>
  slot === 'challenger' ? 'challenger' : `question ${slot}`;

/**
 * Whether a CSV has the explanation column: one exported before explanations existed has not,
 * and importing it must not blank the explanations already stored.
 */
export function csvHasExplanations(content: string): boolean {
  try {
    return parseCsvRecords(content).header.includes('explanation');
  } catch {
    return false; // parseQuestionsCsv reports the broken file
  }
}

/**
 * The questions of a CSV as exported (one row per question and language). The English row of a
 * question gives its category, correct option and source; other rows may repeat them or leave
 * them blank. A row with no text and no options is a language not translated yet.
 */
export function parseQuestionsCsv(content: string, setNum: number): FileQuestion[] {
  let parsed: ReturnType<typeof parseCsvRecords>;
  try {
    parsed = parseCsvRecords(content);
  } catch (error) {
    if (error instanceof CsvError) throw invalid([error.message]);
    throw error;
  }
  const missing = ['slot', 'language', 'text', 'option_a', 'option_b'].filter(
    (column) => !parsed.header.includes(column),
  );
  if (missing.length > 0) throw invalid([`line 1: missing column(s) ${missing.join(', ')}`]);

  const problems: string[] = [];
  const bySlot = new Map<
    QuestionSlot,
    Map<string, { line: number; cells: Record<string, string> }>
  >();
  for (const { line, values } of parsed.records) {
    const cells = Object.fromEntries(
      Object.entries(values).map(([name, cell]) => [name, unguardCell(cell.trim())]),
    );
    const slotText = cells.slot!.toLowerCase();
    const slot = QUESTION_SLOTS.find((entry) => String(entry) === slotText);
    const language = cells.language!.toLowerCase();
    if (!slot) problems.push(`line ${line}: slot '${cells.slot}' is not 1 to 5 or challenger`);
    if (!isLanguage(language)) problems.push(`line ${line}: unknown language '${cells.language}'`);
    if (!slot || !isLanguage(language)) continue;
    const rows = bySlot.get(slot) ?? new Map();
    bySlot.set(slot, rows);
    if (rows.has(language)) problems.push(`line ${line}: ${slotLabel(slot)} in ${language} twice`);
    rows.set(language, { line, cells });
  }

  const lineOf = new Map<string, number>();
  const questions = [...bySlot.entries()].map(([slot, rows]) => {
    const english = rows.get('en');
    if (!english) problems.push(`${slotLabel(slot)}: no English (en) row`);
    const head = english?.cells ?? {};
    const translations: Record<string, QuestionTranslation> = {};
    for (const [language, { line, cells }] of rows) {
      lineOf.set(`${slot}:${language}`, line);
      for (const field of ['category', 'correct', 'source'] as const) {
        const value = cells[field] ?? '';
        if (language !== 'en' && value !== '' && value !== (head[field] ?? '')) {
          problems.push(`line ${line}: ${field} differs from the English row`);
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
    throw invalid(
      checked.error.issues.map((issue) => {
        const [, , , index, ...rest] = issue.path;
        const question = typeof index === 'number' ? questions[index] : undefined;
        if (!question) return `${formatPath(rest) || 'questions'}: ${issue.message}`;
        const language = rest[0] === 'translations' && typeof rest[1] === 'string' ? rest[1] : 'en';
        const line = lineOf.get(`${question.slot}:${language}`);
        const where = line
          ? `line ${line} (${slotLabel(question.slot)}, ${language})`
          : slotLabel(question.slot);
        return `${where}: ${formatPath(rest)}: ${issue.message}`;
      }),
    );
  }
  return checked.data.weeks[0]!.questions;
}
