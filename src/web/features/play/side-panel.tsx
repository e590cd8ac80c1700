import type { ReactNode } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { formatPoints } from '../../lib/format';
import styles from './play.module.css';

/** Spec §2: game week number, the countdown, this week's score and the personal best week. */
export function SidePanel({
  setNum,
  timer,
  weekScore,
  bestWeekScore,
}: {
  setNum: number;
  timer: ReactNode;
  weekScore: number | null;
  bestWeekScore: number | null;
}) {
  const { t, i18n } = useTranslation();
  const points = (value: number | null) =>
    value === null ? '–' : formatPoints(value, i18n.language);
  return (
    <aside className={styles.panel} aria-label={t('play.panel')}>
      <div className={styles.panelWeek}>
        <span>{t('play.gameWeek')}</span>
        <strong>{setNum}</strong>
      </div>
      {timer}
      <dl className={styles.panelScores}>
        <div>
          <dt>{t('play.weekScore')}</dt>
          <dd>{points(weekScore ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('play.bestWeek')}</dt>
          <dd>{points(bestWeekScore)}</dd>
        </div>
      </dl>
    </aside>
  );
}
