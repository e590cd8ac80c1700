import { useEffect } from 'react';
import { useTranslation } from '../../adapters/i18n';
import styles from './race-home.module.css';

/** About a second and a half: long enough to read as a start signal, short enough not to wait. */
export const STOPWATCH_MS = 1500;

/** The home's opening: a stopwatch sweeping once, then `onDone`. */
export function StopwatchIntro({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(onDone, STOPWATCH_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <section className={styles.stopwatch} aria-labelledby="race-title">
      <svg viewBox="0 0 120 140" width="120" height="140" aria-hidden="true" focusable="false">
        <rect x="50" y="4" width="20" height="12" rx="3" fill="#0b2a6f" />
        <rect x="56" y="14" width="8" height="10" fill="#0b2a6f" />
        <circle cx="60" cy="80" r="52" fill="#fff" stroke="#0b2a6f" strokeWidth="8" />
        {Array.from({ length: 12 }, (_, tick) => (
          <line
            key={tick}
            x1="60"
            y1="36"
            x2="60"
            y2={tick % 3 === 0 ? 46 : 42}
            stroke="#0b2a6f"
            strokeWidth="3"
            transform={`rotate(${tick * 30} 60 80)`}
          />
        ))}
        <g className={styles.hand}>
          <line x1="60" y1="80" x2="60" y2="40" stroke="#d62828" strokeWidth="4" />
        </g>
        <circle cx="60" cy="80" r="5" fill="#ffc83d" stroke="#0b2a6f" strokeWidth="2" />
      </svg>
      <h1 id="race-title" className={styles.title}>
        {t('race.ready')}
      </h1>
    </section>
  );
}
