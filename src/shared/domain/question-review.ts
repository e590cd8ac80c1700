import { LANGUAGES, type Language } from './language';

/**
 * Questions and their review (ADR 0009): a week has five main questions (slots 1–5) and a
 * challenger; it may open only when all six exist, are approved, and are translated into every
 * interface language.
 */

export const QUESTION_SLOTS = [1, 2, 3, 4, 5, 'challenger'] as const;
export type QuestionSlot = (typeof QUESTION_SLOTS)[number];
export const REVIEW_STATUSES = ['draft', 'approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const OPTION_KEYS = ['a', 'b', 'c', 'd', 'e'] as const;

export interface QuestionTexts {
  text: string;
  options: Record<string, string>;
  /** Shown in the week's review once it has closed everywhere (ADR 0019); optional. */
  explanation?: string;
}
export type QuestionTranslations = Partial<Record<string, QuestionTexts>>;

/** @example slotOf('challenger', 1) // 'challenger' */
export function slotOf(kind: 'main' | 'challenger', position: number): QuestionSlot {
  return kind === 'challenger' ? 'challenger' : (position as QuestionSlot);
}

/** @example placeOf(3) // { kind: 'main', position: 3 } */
export function placeOf(slot: QuestionSlot): { kind: 'main' | 'challenger'; position: number } {
  return slot === 'challenger'
    ? { kind: 'challenger', position: 1 }
    : { kind: 'main', position: slot };
}

/** A question's option keys, as English (the source language) has them, in order. */
export function optionKeys(translations: QuestionTranslations): string[] {
  return Object.keys(translations.en?.options ?? {}).sort();
}

export interface QuestionIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The shape every question must have, complete or not: English present, 2 to 5 options keyed
 * a, b, c…, the correct option among them, and every translation with the same option keys.
 */
export function questionShapeIssues(question: {
  correct: string;
  translations: QuestionTranslations;
}): QuestionIssue[] {
  const english = question.translations.en;
  if (!english)
    return [{ path: ['translations', 'en'], message: 'English is required (it is the fallback)' }];
  const issues: QuestionIssue[] = [];
  const keys = optionKeys(question.translations);
  if (keys.length < 2 || keys.join() !== OPTION_KEYS.slice(0, keys.length).join()) {
    issues.push({
      path: ['translations', 'en', 'options'],
      message: 'needs 2 to 5 options keyed a, b, c…',
    });
  }
  if (!keys.includes(question.correct))
    issues.push({ path: ['correct'], message: `'${question.correct}' is not one of the options` });
  for (const [language, texts] of Object.entries(question.translations)) {
    if (texts && Object.keys(texts.options).sort().join() !== keys.join()) {
      issues.push({
        path: ['translations', language, 'options'],
        message: 'must have the same option keys as English',
      });
    }
  }
  return issues;
}

/**
 * A translation is complete when its text and every option are filled in.
 * @example isTranslationComplete({ text: 'Q?', options: { a: 'Yes', b: '' } }, ['a', 'b']) // false
 */
export function isTranslationComplete(texts: QuestionTexts | undefined, keys: string[]): boolean {
  if (!texts || texts.text.trim() === '') return false;
  return keys.every((key) => (texts.options[key] ?? '').trim() !== '');
}

/** Per interface language, whether the question is completely translated into it. */
export function translationCompleteness(
  translations: QuestionTranslations,
): Record<Language, boolean> {
  const keys = optionKeys(translations);
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, isTranslationComplete(translations[language], keys)]),
  ) as Record<Language, boolean>;
}

/** @example missingLanguages({ en: …complete… }) // ['es', 'fr', 'id', 'pl', 'th', 'vi'] */
export function missingLanguages(translations: QuestionTranslations): Language[] {
  const complete = translationCompleteness(translations);
  return LANGUAGES.filter((language) => !complete[language]);
}

export interface ReviewedQuestion {
  slot: QuestionSlot;
  status: ReviewStatus;
  translations: QuestionTranslations;
}

export interface WeekProblem {
  slot: QuestionSlot;
  problem: 'missing' | 'draft' | 'incomplete';
  /** For 'incomplete': the languages not completely translated. */
  languages: Language[];
}

/**
 * Whether a week may open: its six questions exist, are approved and completely translated.
 * @example weekReadiness([]).problems[0] // { slot: 1, problem: 'missing', languages: [] }
 */
export function weekReadiness(questions: readonly ReviewedQuestion[]): {
  ready: boolean;
  problems: WeekProblem[];
} {
  const problems: WeekProblem[] = [];
  for (const slot of QUESTION_SLOTS) {
    const question = questions.find((entry) => entry.slot === slot);
    if (!question) {
      problems.push({ slot, problem: 'missing', languages: [] });
      continue;
    }
    const missing = missingLanguages(question.translations);
    if (missing.length > 0) problems.push({ slot, problem: 'incomplete', languages: missing });
    if (question.status !== 'approved') problems.push({ slot, problem: 'draft', languages: [] });
  }
  return { ready: problems.length === 0, problems };
}

/** @example describeWeekProblem({ slot: 2, problem: 'incomplete', languages: ['th'] }) // 'question 2 is not translated into th' */
export function describeWeekProblem(problem: WeekProblem): string {
  const name = problem.slot === 'challenger' ? 'the challenger' : `question ${problem.slot}`;
  switch (problem.problem) {
    case 'missing':
      return `${name} is missing`;
    case 'draft':
      return `${name} is not approved`;
    case 'incomplete':
      return `${name} is not translated into ${problem.languages.join(', ')}`;
  }
}
