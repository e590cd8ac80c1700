import { GRACE_SECONDS, PLAY_SECONDS } from './scoring';

/**
 * The clock of a main set or a challenger (ADR 0014): 300 s from
 * its start, cut short by the week's close in the team's time zone (as Moodle caps a quiz's time
 * limit at its close date), and answers arriving within 2 s after that (the network's latency)
 * still count.
 */

/**
 * The end of a set's own time: 300 s, times the player's time factor (`timePercent`, 100 = 1×;
 * ADR 0037).
 * @example deadlineFrom(new Date('2025-02-05T10:00:00Z')) // 2025-02-05T10:05:00.000Z
 * @example deadlineFrom(new Date('2025-02-05T10:00:00Z'), 200) // 2025-02-05T10:10:00.000Z
 */
export const deadlineFrom = (start: Date, timePercent = 100) =>
  new Date(start.getTime() + PLAY_SECONDS * 10 * timePercent);

/**
 * The deadline of a set started at `start` in a week that closes at `closesAt` (its last
 * millisecond, see weekWindow): the earlier of start + 300 s × the time factor and the close;
 * null when the week has closed, so nothing can start any more.
 * @example playDeadline(new Date('2025-02-07T22:50:00Z'), new Date('2025-02-07T22:59:59.999Z')) // 2025-02-07T22:55:00.000Z
 * @example playDeadline(new Date('2025-02-07T22:59:02Z'), new Date('2025-02-07T22:59:59.999Z')) // 2025-02-07T22:59:59.999Z (58 s)
 * @example playDeadline(new Date('2025-02-07T23:00:00Z'), new Date('2025-02-07T22:59:59.999Z')) // null
 */
export function playDeadline(start: Date, closesAt: Date, timePercent = 100): Date | null {
  if (start.getTime() >= closesAt.getTime()) return null;
  return new Date(Math.min(deadlineFrom(start, timePercent).getTime(), closesAt.getTime()));
}

/**
 * Milliseconds left before the week's close when a set started at `now` would be cut short by
 * it (less than 300 s left), else null: what the instructions warn about before the start.
 * @example closingSoon(new Date('2025-02-07T22:59:02Z'), new Date('2025-02-07T22:59:59.999Z')) // 57999
 * @example closingSoon(new Date('2025-02-07T22:50:00Z'), new Date('2025-02-07T22:59:59.999Z')) // null
 */
export function closingSoon(now: Date, closesAt: Date, timePercent = 100): number | null {
  const left = closesAt.getTime() - now.getTime();
  return left < PLAY_SECONDS * 10 * timePercent ? Math.max(0, left) : null;
}

/**
 * The earliest deadline that still accepts an answer at `now`.
 * @example oldestOpenDeadline(new Date('2025-02-05T10:05:02Z')) // 2025-02-05T10:05:00.000Z
 */
export const oldestOpenDeadline = (now: Date) => new Date(now.getTime() - GRACE_SECONDS * 1000);

/**
 * Whether `now` is past the deadline and its grace: the answer is refused, the set is closed.
 * @example pastGrace(new Date('2025-02-05T10:05:00Z'), new Date('2025-02-05T10:05:02Z')) // false
 */
export const pastGrace = (deadline: Date, now: Date) => deadline < oldestOpenDeadline(now);
