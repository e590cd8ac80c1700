import { GRACE_SECONDS, PLAY_SECONDS } from './scoring';

/**
 * The clock of a main set or a challenger (DESIGN.md §2 'A week's play'): 300 s from its start,
 * and answers arriving within 2 s after that (the network's latency) still count.
 */

/** @example deadlineFrom(new Date('2025-02-05T10:00:00Z')) // 2025-02-05T10:05:00.000Z */
export const deadlineFrom = (start: Date) => new Date(start.getTime() + PLAY_SECONDS * 1000);

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
