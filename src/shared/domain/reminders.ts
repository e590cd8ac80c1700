import { weekWindow, type CalendarWeek } from './calendar';
import { addDays, localDate, offsetMs, zonedParts } from './time-zone';

/**
 * When a week's reminders are due (ADR 0020), in the team's time zone: one at the
 * reminder hour on the day the week opens, one at the reminder hour on the last day that still
 * leaves at least `hoursBeforeClose` hours before the close.
 */

export const REMINDER_KINDS = ['opening', 'closing'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface ReminderTimes {
  /** Local hour (0–23) at which reminders go out. */
  localHour: number;
  /** The closing reminder leaves at least this many hours before the week closes. */
  hoursBeforeClose: number;
}

/**
 * The instant the wall clock of `timeZone` shows `hour`:00 on `isoDate`. Where a DST change
 * skips that hour, the first instant after the gap (e.g. 02:00 on a spring-forward day is 03:00).
 * @example localHourInstant('2025-03-10', 9, 'America/New_York') // 2025-03-10T13:00:00.000Z (EDT)
 */
export function localHourInstant(isoDate: string, hour: number, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  // Two passes settle the offset on both sides of a change.
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  const shown = zonedParts(new Date(instant), timeZone);
  if (shown.hour !== hour || localDate(new Date(instant), timeZone) !== isoDate) {
    // The hour does not exist that day: the offset after the gap moves it forward.
    instant = wall - offsetMs(new Date(wall + 12 * 3_600_000), timeZone);
    instant = Math.max(instant, wall - offsetMs(new Date(wall - 12 * 3_600_000), timeZone));
  }
  return new Date(instant);
}

/**
 * When the reminder of `kind` for `week` is due in `timeZone`; null when the week is too short
 * for a closing reminder after the opening one.
 * @example reminderDueAt({ opensOn: '2025-02-04', closesOn: '2025-02-07' }, 'Asia/Tokyo', 'opening', { localHour: 9, hoursBeforeClose: 12 }) // 2025-02-04T00:00:00.000Z
 */
export function reminderDueAt(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  timeZone: string,
  kind: ReminderKind,
  times: ReminderTimes,
): Date | null {
  const opening = localHourInstant(week.opensOn, times.localHour, timeZone);
  if (kind === 'opening') return opening;
  const latest =
    weekWindow(week, timeZone).closesAt.getTime() + 1 - times.hoursBeforeClose * 3_600_000;
  // From the last day backwards, the first reminder hour at or before `latest`.
  for (let day = week.closesOn; day >= week.opensOn; day = addDays(day, -1)) {
    const candidate = localHourInstant(day, times.localHour, timeZone);
    if (candidate.getTime() <= latest) return candidate > opening ? candidate : null;
  }
  return null;
}

/**
 * The reminder of `week` that is due at `now` in `timeZone`, if any: the latest one whose time
 * has come while the week is still open. A server that was down for the opening and comes back
 * after the closing reminder's time sends only the closing one (two at once would be noise).
 * @example dueReminder(week1, 'Asia/Tokyo', new Date('2025-02-05T00:00Z'), times) // 'opening'
 */
export function dueReminder(
  week: Pick<CalendarWeek, 'opensOn' | 'closesOn'>,
  timeZone: string,
  now: Date,
  times: ReminderTimes,
): { kind: ReminderKind; dueAt: Date } | null {
  if (now > weekWindow(week, timeZone).closesAt) return null;
  for (const kind of ['closing', 'opening'] as const) {
    const dueAt = reminderDueAt(week, timeZone, kind, times);
    if (dueAt && dueAt <= now) return { kind, dueAt };
  }
  return null;
}
