import { useTranslation } from '../../../lib/i18n';
import type { QuestionCategory } from '../../../../shared/contracts/season';
import { LANGUAGE_LABELS, type Language } from '../../../../shared/domain/language';
import type { QuestionSlot } from '../../../../shared/domain/question-review';

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
  const languageNames = (() => {
    try {
      return new Intl.DisplayNames([language], { type: 'language' });
    } catch {
      return null;
    }
  })();
  const languageName = (code: Language) => languageNames?.of(code) ?? LANGUAGE_LABELS[code];
  return {
    slotName: (slot: QuestionSlot | number) =>
      slot === 'challenger' ? t('slot.challenger') : t('slot.main', { number: slot }),
    languageName,
    /** 'Thai, Vietnamese' as a list in the interface language. */
    languageList: (codes: readonly Language[]) =>
      new Intl.ListFormat(language, { type: 'conjunction' }).format(codes.map(languageName)),
    /** A week's local dates, e.g. 'Tue 4 Feb – Fri 7 Feb'. */
    weekDates: (opensOn: string, closesOn: string) => {
      const format = new Intl.DateTimeFormat(language, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      });
      return format.formatRange(
        new Date(`${opensOn}T00:00:00Z`),
        new Date(`${closesOn}T00:00:00Z`),
      );
    },
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
  };
}
