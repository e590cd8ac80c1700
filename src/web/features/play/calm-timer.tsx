import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { CountdownRing } from './countdown-ring';
import styles from './play.module.css';
import { thresholdPassed } from './timer-announcements';

/** Where the choice to hide the countdown is kept, on this device only. */
const HIDDEN_KEY = 'podium.timer-hidden';

const readHidden = () => {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false; // storage refused (private mode): the countdown shows
  }
};

/**
 * The play countdown, calm (WCAG 2.2.1): the ring is silent (aria-live off) and one polite live
 * region says the time left at 2 minutes, 1 minute and 30 seconds. The player can hide the ring
 * (the choice is kept on the device); the deadline holds all the same.
 */
export function CalmTimer({ remainingMs, limitMs }: { remainingMs: number; limitMs: number }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(readHidden);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const passed = thresholdPassed(previous.current, remainingMs);
    previous.current = remainingMs;
    if (passed === null) return;
    setAnnouncement(
      passed >= 60
        ? t('play.minutesLeft', { count: passed / 60 })
        : t('play.secondsLeft', { count: passed }),
    );
  }, [remainingMs, t]);

  const toggle = () => {
    const next = !hidden;
    setHidden(next);
    try {
      localStorage.setItem(HIDDEN_KEY, next ? '1' : '0');
    } catch {
      // Kept for this page only.
    }
  };

  return (
    <div className={styles.calmTimer}>
      {hidden ? (
        <p className={styles.timerHidden}>{t('play.timerHidden')}</p>
      ) : (
        <CountdownRing remainingMs={remainingMs} limitMs={limitMs} />
      )}
      <button type="button" className={styles.timerToggle} onClick={toggle}>
        {hidden ? t('play.showTimer') : t('play.hideTimer')}
      </button>
      <p
        className="visually-hidden"
        role="status"
        aria-live="polite"
        data-testid="timer-announcement"
      >
        {announcement}
      </p>
    </div>
  );
}
