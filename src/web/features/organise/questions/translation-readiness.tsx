import { useTranslation } from '../../../adapters/i18n';
import { formatList } from '../../../lib/format';
import type { WeekTranslations } from '#shared/contracts/organise-translations';
import { useLabels } from './labels';
import styles from './translations.module.css';

/**
 * Per language, what its players would meet this week (ADR 0040): questions not translated
 * (the week cannot open), translations out of date with the English, translations nobody has
 * reviewed, and explanations they would read in English. Languages with players come first.
 */
export function TranslationReadiness({ view }: { view: WeekTranslations }) {
  const { t, i18n } = useTranslation('organise-questions');
  const { slotName, languageName } = useLabels();
  const slots = (list: readonly (number | 'challenger')[]) =>
    formatList(list.map(slotName), i18n.language);
  return (
    <ul className={styles.languages} aria-label={t('translations.readinessLabel')}>
      {view.languages.map((entry) => {
        const clear =
          entry.missing.length + entry.stale.length + entry.unreviewed.length === 0 &&
          entry.englishExplanations.length === 0;
        return (
          <li key={entry.language} className={styles.languageCard}>
            <p className={styles.languageHead}>
              <strong>{languageName(entry.language)}</strong>{' '}
              <span className={styles.muted}>
                {t('translations.players', { count: entry.players })}
              </span>
            </p>
            {clear ? (
              <p className={styles.ok}>{t('translations.allReviewed')}</p>
            ) : (
              <ul className={styles.problems}>
                {entry.missing.length > 0 && (
                  <li className={styles.bad}>
                    {t('translations.missing', { slots: slots(entry.missing) })}
                  </li>
                )}
                {entry.stale.length > 0 && (
                  <li className={styles.warn}>
                    {t('translations.stale', { slots: slots(entry.stale) })}
                  </li>
                )}
                {entry.unreviewed.length > 0 && (
                  <li>{t('translations.unreviewed', { slots: slots(entry.unreviewed) })}</li>
                )}
                {entry.englishExplanations.length > 0 && (
                  <li>
                    {entry.players > 0
                      ? t('translations.englishExplanations', {
                          count: entry.players,
                          slots: slots(entry.englishExplanations),
                        })
                      : t('translations.englishExplanationsNobody', {
                          slots: slots(entry.englishExplanations),
                        })}
                  </li>
                )}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
