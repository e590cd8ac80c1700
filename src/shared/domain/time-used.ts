/**
 * The time figures of a week's play (a player's average speed and time to complete, the team's
 * average completion time), in milliseconds.
 */

/**
 * The time a main set used, for its time figures (not for the speed bonus, which a time-out
 * does not get): to the last answer when all five were answered; otherwise until the set
 * closed, at most its deadline. A time-out counts the time it took, never 0 (time-outs once
 * showed 00:00 and made a team's average look the fastest).
 * @example timeUsedMs({ startedAt: t0, deadlineAt: t0 + 5 min, lastAnswerAt: t0, closedAt: t0 + 7 min, complete: false }) // 300_000
 * @example timeUsedMs({ startedAt: t0, deadlineAt: t0 + 5 min, lastAnswerAt: t0 + 1 min, closedAt: t0 + 1 min, complete: true }) // 60_000
 */
export function timeUsedMs(set: {
  startedAt: Date;
  deadlineAt: Date;
  lastAnswerAt: Date;
  closedAt: Date;
  complete: boolean;
}): number {
  const end = set.complete
    ? set.lastAnswerAt.getTime()
    : Math.min(set.closedAt.getTime(), set.deadlineAt.getTime());
  return Math.max(0, end - set.startedAt.getTime());
}

/**
 * The average time of the sets played, in whole seconds, or null when nobody played.
 * @example averageSeconds(360_000, 2) // 180 (a 60 s set and a 300 s time-out)
 */
export function averageSeconds(timeSumMs: number, played: number): number | null {
  return played > 0 ? Math.round(timeSumMs / played / 1000) : null;
}
