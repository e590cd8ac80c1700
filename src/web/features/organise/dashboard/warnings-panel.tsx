import { useTranslation, type TFunction } from '../../../adapters/i18n';
import { Link } from '../../../adapters/router';
import type { Warnings } from '#shared/contracts/organise';
import { formatDate, formatList, formatter, languageName } from '../../../lib/format';
import { useWarnings, WARNING_DAYS } from './api/get-warnings';
import styles from './dashboard.module.css';
import { daysUntil } from './week-choice';

type Problem = Warnings['warnings'][number]['problems'][number];

/**
 * Weeks open, or opening within a week, whose questions are not ready: shown first and loud,
 * because players cannot start such a week. Quiet when all is well.
 */
export function WarningsPanel({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation('organise-players');
  const warnings = useWarnings();
  const data = warnings.data;
  if (!data) return null;
  if (data.warnings.length === 0) {
    return (
      <p className={styles.allReady}>
        {t('dashboard.warnings.allReady', { days: WARNING_DAYS, count: WARNING_DAYS })}
      </p>
    );
  }
  const relative = formatter(
    `relative ${i18n.language}`,
    () => new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' }),
  );
  return (
    <section className={styles.warnings} aria-labelledby="warnings-title">
      <h2 id="warnings-title" className={styles.warningsTitle}>
        <span aria-hidden="true">⚠ </span>
        {t('dashboard.warnings.title')}
      </h2>
      <ul className={styles.warningList}>
        {data.warnings.map((warning) => (
          <li key={warning.setNum}>
            <p className={styles.warningText}>
              {warning.status === 'open'
                ? t('dashboard.warnings.open', { number: warning.setNum })
                : t('dashboard.warnings.upcoming', {
                    number: warning.setNum,
                    when: relative.format(daysUntil(warning.startsAt, new Date()), 'day'),
                    date: formatDate(warning.startsAt, i18n.language, timeZone, true),
                  })}
            </p>
            <ul>
              {warning.problems.map((problem) => (
                <li key={`${problem.slot}-${problem.problem}`}>
                  <ProblemText problem={problem} />
                </li>
              ))}
              {warning.languages.map((entry) => (
                <li key={entry.language}>
                  {t('dashboard.warnings.waiting', {
                    count: entry.players,
                    language: languageName(entry.language, entry.language, i18n.language),
                    slots: formatList(
                      entry.missing.map((slot) => slotName(slot, t)),
                      i18n.language,
                    ),
                  })}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/organise/questions">{t('dashboard.warnings.fix')}</Link>
      </p>
    </section>
  );
}

function ProblemText({ problem }: { problem: Problem }) {
  const { t, i18n } = useTranslation('organise-players');
  const slot = slotName(problem.slot, t);
  const languages = formatList(
    problem.languages.map((code) => languageName(code, code, i18n.language)),
    i18n.language,
  );
  return t(`dashboard.warnings.${problem.problem}`, { slot, languages });
}

/** 'Question 3' or 'Challenger question'. */
export function slotName(slot: number | 'challenger', t: TFunction) {
  return slot === 'challenger'
    ? t('common.slot.challenger')
    : t('common.slot.question', { number: slot });
}
