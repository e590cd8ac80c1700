import { useTranslation } from '../adapters/i18n';
import type { PlayerWeek } from '#shared/contracts/me';
import { EVENT_KEYS } from '#shared/domain/calendar';
import { formatWeekStart } from '../lib/format';
import styles from './week-calendar.module.css';

/**
 * The event calendar: three phases (canoe, cyclocross, marathon) of two weeks, numbered 1–6.
 * Each week toggles active or inactive until the day before it opens; locked weeks say why.
 * Without a team (`disabled`) the phases are dimmed and cannot be used.
 */
export function WeekCalendar({
  weeks,
  value,
  onToggle,
  timeZone,
  disabled = false,
}: {
  weeks: PlayerWeek[];
  value: boolean[];
  onToggle: (setNum: number) => void;
  timeZone: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className={`${styles.phases} ${disabled ? styles.dimmed : ''}`}>
      {EVENT_KEYS.map((eventKey, index) => (
        <fieldset key={eventKey} className={styles.phase} disabled={disabled}>
          <legend className={styles.legend}>{t(`events.${eventKey}`)}</legend>
          {weeks
            .filter((week) => week.eventId === index + 1)
            .map((week) => {
              const active = value[week.setNum - 1] ?? true;
              const locked = !week.changeable;
              const hintId = `week-${week.setNum}-hint`;
              return (
                <label
                  key={week.setNum}
                  className={`${styles.week} ${active ? styles.active : styles.inactive}`}
                >
                  <input
                    type="checkbox"
                    className={styles.switch}
                    checked={active}
                    disabled={disabled || locked}
                    aria-describedby={hintId}
                    onChange={() => onToggle(week.setNum)}
                  />
                  <span className={styles.text}>
                    <span className={styles.name}>
                      {t('calendar.week', { number: week.setNum })}
                      <span className={styles.date}>
                        {' '}
                        · {formatWeekStart(week, i18n.language, timeZone)}
                      </span>
                    </span>
                    <span id={hintId} className={styles.hint}>
                      {active ? t('calendar.active') : t('calendar.inactive')}
                      {locked &&
                        ` · ${week.status === 'upcoming' ? t('calendar.lockedSoon') : t('calendar.locked')}`}
                    </span>
                  </span>
                </label>
              );
            })}
        </fieldset>
      ))}
    </div>
  );
}
