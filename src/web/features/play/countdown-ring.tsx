import { useTranslation } from '../../adapters/i18n';
import { clockLabel } from '#shared/domain/durations';
import { PLAY_SECONDS } from '#shared/domain/scoring';
import styles from './play.module.css';

const RADIUS = 44;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The circular mm:ss countdown of the five minutes. */
export function CountdownRing({ remainingMs }: { remainingMs: number }) {
  const { t } = useTranslation();
  const fraction = Math.min(1, remainingMs / (PLAY_SECONDS * 1000));
  const label = clockLabel(remainingMs);
  return (
    <div className={styles.ring} role="timer" aria-label={t('play.timeLeft', { time: label })}>
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
