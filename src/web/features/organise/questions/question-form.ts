import type { OrganiserQuestion, QuestionInput } from '#shared/contracts/organise-questions';
import type { QuestionCategory } from '#shared/contracts/season';
import { LANGUAGES, type Language } from '#shared/domain/language';
import { OPTION_KEYS } from '#shared/domain/question-review';

/**
 * The question editor's state and its conversions: a form always holds every language and the
 * five option keys (so that changing the number of options loses nothing typed); the input sent
 * to the server keeps only the options in use.
 */

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = OPTION_KEYS.length;

export interface LanguageTexts {
  text: string;
  options: Record<string, string>;
  /** Shown to players once the week has closed everywhere (ADR 0019); may stay blank. */
  explanation: string;
}

export interface QuestionForm {
  category: QuestionCategory;
  optionCount: number;
  correct: string;
  source: string;
  translations: Record<Language, LanguageTexts>;
}

const blankTexts = (): LanguageTexts => ({
  text: '',
  options: Object.fromEntries(OPTION_KEYS.map((key) => [key, ''])),
  explanation: '',
});

/** The keys of the options in use: optionKeysOf(3) // ['a', 'b', 'c'] */
export const optionKeysOf = (count: number): string[] => OPTION_KEYS.slice(0, count);

/** A new question: four options, the first one correct, nothing written yet. */
export function emptyForm(category: QuestionCategory = 'brain'): QuestionForm {
  return {
    category,
    optionCount: 4,
    correct: 'a',
    source: '',
    translations: Object.fromEntries(
      LANGUAGES.map((language) => [language, blankTexts()]),
    ) as Record<Language, LanguageTexts>,
  };
}

/** The form for a stored question (languages not written yet are blank). */
export function formFromQuestion(question: OrganiserQuestion): QuestionForm {
  const form = emptyForm(question.category);
  const count = Math.min(Math.max(question.optionKeys.length, MIN_OPTIONS), MAX_OPTIONS);
  for (const language of LANGUAGES) {
    const stored = question.translations[language];
    if (!stored) continue;
    form.translations[language] = {
      text: stored.text,
      options: { ...blankTexts().options, ...stored.options },
      explanation: stored.explanation ?? '',
    };
  }
  return { ...form, optionCount: count, correct: question.correct, source: question.source };
}

/** Changes the number of options, keeping the correct option among those left. */
export function withOptionCount(form: QuestionForm, count: number): QuestionForm {
  const optionCount = Math.min(Math.max(count, MIN_OPTIONS), MAX_OPTIONS);
  const keys = optionKeysOf(optionCount);
  return { ...form, optionCount, correct: keys.includes(form.correct) ? form.correct : 'a' };
}

/** The PUT body: trimmed texts, only the options in use, every language (blank ones are dropped by the server). */
export function toQuestionInput(form: QuestionForm): QuestionInput {
  const keys = optionKeysOf(form.optionCount);
  return {
    category: form.category,
    correct: form.correct,
    source: form.source.trim(),
    translations: Object.fromEntries(
      LANGUAGES.map((language) => {
        const texts = form.translations[language];
        return [
          language,
          {
            text: texts.text.trim(),
            options: Object.fromEntries(
              keys.map((key) => [key, (texts.options[key] ?? '').trim()]),
            ),
            // Blank means none (the player then sees the English one).
            ...(texts.explanation.trim() ? { explanation: texts.explanation.trim() } : {}),
          },
        ];
      }),
    ),
  };
}

/** What a language still lacks: 'text' and/or the option keys left blank. */
export type Missing = ('text' | string)[];

/** Per language, the fields still blank (an empty list: complete). */
export function missingFields(form: QuestionForm): Record<Language, Missing> {
  const input = toQuestionInput(form);
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const texts = input.translations[language]!;
      const missing: Missing = texts.text === '' ? ['text'] : [];
      for (const [key, text] of Object.entries(texts.options)) if (text === '') missing.push(key);
      return [language, missing];
    }),
  ) as Record<Language, Missing>;
}

/** English must be complete to save (it is the source and every player's fallback). */
export const canSave = (form: QuestionForm) => missingFields(form).en.length === 0;

/** Whether the form differs from what is stored (null: a question not saved yet). */
export function isChanged(form: QuestionForm, stored: OrganiserQuestion | null): boolean {
  const baseline = stored ? formFromQuestion(stored) : emptyForm(form.category);
  return JSON.stringify(toQuestionInput(form)) !== JSON.stringify(toQuestionInput(baseline));
}
