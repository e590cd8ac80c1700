import { useTranslation } from '../../../adapters/i18n';
import { formatList } from '../../../lib/format';
import type { ImportProblem } from '#shared/contracts/import-problems';
import { isLanguage, LANGUAGES } from '#shared/domain/language';
import type { QuestionSlot } from '#shared/domain/question-review';
import { CATEGORIES, useLabels } from './labels';

/**
 * A refused file's problems in the organiser's language, each led by its place in their
 * spreadsheet: "Row 14, column H (option_b): …".
 */
export function useImportProblemText() {
  const { t, i18n } = useTranslation('organise-questions');
  const { slotName, languageName } = useLabels();
  const slotList = (slots: readonly (QuestionSlot | number)[]) =>
    formatList(slots.map(slotName), i18n.language);

  const what = (entry: ImportProblem): string => {
    const value = entry.value ?? '';
    switch (entry.problem) {
      case 'unreadable':
        return t('transfer.problems.unreadable', { format: value.toUpperCase() });
      case 'missingColumns':
        return t('transfer.problems.missingColumns', { columns: value });
      case 'duplicateRow':
        return t('transfer.problems.duplicateRow', {
          slot: slotName(entry.slot ?? 1),
          language: isLanguage(entry.language) ? languageName(entry.language) : entry.language,
        });
      case 'noEnglish':
        return t('transfer.problems.noEnglish', { slot: slotName(entry.slot ?? 1) });
      case 'slots':
        return t('transfer.problems.slots', { slots: slotList(entry.slots ?? []) });
      case 'category':
        return t('transfer.problems.category', { value, categories: CATEGORIES.join(', ') });
      case 'language':
        return t('transfer.problems.language', { value, languages: LANGUAGES.join(', ') });
      case 'contentFile':
        return t('transfer.problems.contentFile', { message: entry.message });
      case 'other':
        return entry.message;
      default:
        return t(`transfer.problems.${entry.problem}`, { value, max: entry.max });
    }
  };

  return (entry: ImportProblem): string => {
    const problem = what(entry);
    const where =
      entry.row && entry.column
        ? entry.columnLetter
          ? t('transfer.where.cell', {
              row: entry.row,
              letter: entry.columnLetter,
              column: entry.column,
            })
          : t('transfer.where.rowColumn', { row: entry.row, column: entry.column })
        : entry.row
          ? t('transfer.where.row', { row: entry.row })
          : null;
    return where ? t('transfer.where.line', { where, problem }) : problem;
  };
}
