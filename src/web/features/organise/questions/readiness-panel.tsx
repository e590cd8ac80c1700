import { useTranslation } from '../../../adapters/i18n';
import type { Readiness } from '#shared/contracts/organise';
import { useLabels } from './labels';
import styles from './questions.module.css';

/** Whether the week may open, and otherwise every reason why not, in words. */
export function ReadinessPanel({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation('organise-questions');
  const { slotName, languageList } = useLabels();
  return (
    <section
      className={`${styles.readiness} ${readiness.ready ? styles.readyBox : styles.notReadyBox}`}
      aria-labelledby="readiness-title"
    >
      <h3 id="readiness-title">
        {readiness.ready ? t('readiness.ready') : t('readiness.notReady')}
      </h3>
      {readiness.ready ? (
        <p>{t('readiness.readyBody')}</p>
      ) : (
        <ul>
          {readiness.problems.map((problem) => (
            <li key={`${problem.slot}-${problem.problem}`}>
              {t(`readiness.${problem.problem}`, {
                slot: slotName(problem.slot),
                languages: languageList(problem.languages),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
