import { useTranslation } from '../../adapters/i18n';
import { clockLabel } from '#shared/domain/durations';
import styles from './play.module.css';

const RADIUS = 44;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The circular mm:ss countdown of the player's time (five minutes × their time factor). Silent
 * for screen readers (a timer is not live): CalmTimer says the time left at a few thresholds.
 */
export function CountdownRing({ remainingMs, limitMs }: { remainingMs: number; limitMs: number }) {
  const { t } = useTranslation();
  const fraction = Math.min(1, remainingMs / limitMs);
  const label = clockLabel(remainingMs);
  return (
    <div
      className={styles.ring}
      role="timer"
      aria-live="off"
      aria-label={t('play.timeLeft', { time: label })}
    >
      <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle cx="50" cy="50" r={RADIUS} className={styles.ringTrack} />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          className={`${styles.ringValue} ${remainingMs < 60_000 ? styles.ringLow : ''}`}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
        />
      </svg>
      <span className={styles.ringLabel} aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
