import type { QuestionTranslations } from './question-review';
import { optionKeys } from './question-review';

export interface LocalisedQuestion {
  text: string;
  options: { key: string; text: string }[];
  explanation: string | null;
}

/**
 * A question's texts in one language with English as the fallback field by field: a
 * translation that lacks one option or the explanation still shows its own text for the rest.
 * @example localisedQuestion({ en: { text: 'Q?', options: { a: 'Yes' }, explanation: 'Why' },
 *   fr: { text: 'Q ?', options: { a: '' } } }, 'fr')
 *   // { text: 'Q ?', options: [{ key: 'a', text: 'Yes' }], explanation: 'Why' }
 */
export function localisedQuestion(
  translations: QuestionTranslations,
  language: string,
): LocalisedQuestion {
  const own = translations[language];
  const english = translations.en;
  const pick = (mine: string | undefined, fallback: string | undefined) =>
    mine?.trim() ? mine : fallback?.trim() ? fallback : null;
  return {
    text: pick(own?.text, english?.text) ?? '',
    options: optionKeys(translations).map((key) => ({
      key,
      text: pick(own?.options[key], english?.options[key]) ?? key,
    })),
    explanation: pick(own?.explanation, english?.explanation),
  };
}
