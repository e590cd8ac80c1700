import { formatList, formatter, languageName } from '../../../lib/format';
import { useTranslation } from '../../../adapters/i18n';
import { localDateFormat } from '../dates';
import type { QuestionCategory } from '#shared/contracts/season';
import { LANGUAGE_LABELS, type Language } from '#shared/domain/language';
import type { QuestionSlot } from '#shared/domain/question-review';

/** The categories a question may have (the contract's list; zod stays out of the browser). */
export const CATEGORIES = [
  'brain',
  'digestion',
  'allergy',
  'c_sections',
] as const satisfies readonly QuestionCategory[];

/** A slot's name ('Question 3', 'Challenger') and a language's name in the interface language. */
export function useLabels() {
  const { t, i18n } = useTranslation('organise-questions');
  const language = i18n.language;
  const nameOf = (code: Language) => languageName(code, LANGUAGE_LABELS[code], language);
  return {
    slotName: (slot: QuestionSlot | number) =>
      slot === 'challenger' ? t('slot.challenger') : t('slot.main', { number: slot }),
    languageName: nameOf,
    /** 'Thai and Vietnamese' as a list in the interface language. */
    languageList: (codes: readonly Language[]) => formatList(codes.map(nameOf), language),
    /** A week's local dates, e.g. 'Tue 4 Feb – Fri 7 Feb'. */
    weekDates: (opensOn: string, closesOn: string) =>
      localDateFormat(language, false).formatRange(
        new Date(`${opensOn}T00:00:00Z`),
        new Date(`${closesOn}T00:00:00Z`),
      ),
    dateTime: (iso: string) =>
      formatter(
        `date time ${language}`,
        () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
      ).format(new Date(iso)),
  };
}
