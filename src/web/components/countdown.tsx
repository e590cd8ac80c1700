import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../adapters/i18n';
import { countdownParts } from '#shared/domain/durations';
import styles from './countdown.module.css';

/** Spec §2: refreshed every 100 ms. */
const REFRESH_MS = 100;

/**
 * Countdown to a moment: days, hours and minutes while days remain; hours, minutes and seconds
 * under a day. Runs on the server's clock (`serverNow`, when the page learnt it), so a wrong
 * device clock does not change it. Calls `onZero` once when it reaches zero.
 */
export function Countdown({
  target,
  serverNow,
  label,
  onZero,
}: {
  target: string;
  serverNow: string;
  label: string;
  onZero?: () => void;
}) {
  const { t } = useTranslation();
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const targetMs = Date.parse(target) - offset;
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const remaining = targetMs - now;
  useEffect(() => {
    if (remaining <= 0 && !fired.current) {
      fired.current = true;
      onZero?.();
    }
  }, [remaining, onZero]);
  const parts = countdownParts(remaining);
  return (
    <section className={styles.countdown} aria-label={label}>
      <h2 className={styles.label}>{label}</h2>
      <div className={styles.units} role="timer">
        {parts.units.map((unit) => (
          <div key={unit} className={styles.unit}>
            <span className={styles.value}>{String(parts[unit]).padStart(2, '0')}</span>
            <span className={styles.name}>{t(`countdown.${unit}`, { count: parts[unit] })}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
