/**
 * Points: the main set's, with its speed bonus, and the challenger's +5 or halving. Kept as
 * integers in hundredths of a point so sums are exact.
 */

export const QUESTIONS_PER_WEEK = 5;
/** Seconds to answer the main set, and separately the challenger. */
export const PLAY_SECONDS = 300;
/** Answers arriving up to this long after the deadline still count (network latency). */
export const GRACE_SECONDS = 2;
export const POINT = 100;
export const CHALLENGER_BONUS = 5 * POINT;

/**
 * The speed bonus: (correct / 5) × (1 − elapsed / allowance), in hundredths, rounded down and
 * always below one point, so more correct answers always beat fewer. No bonus after a time-out.
 * The allowance is the player's own: 300 s times their time factor in percent / 100 (ADR 0037),
 * so a player with twice the time who uses half of it earns what anyone using half of theirs does.
 * @example speedBonus(5, 60, false) // 80
 * @example speedBonus(4, 0, false) // 80 (4 correct can never beat 5 correct: 480 < 500)
 * @example speedBonus(5, 300, false, 200) // 50 (half of 10 minutes, as 150 s of 5 minutes)
 */
export function speedBonus(
  correct: number,
  elapsedSeconds: number,
  timedOut: boolean,
  timePercent = 100,
): number {
  if (timedOut || correct <= 0) return 0;
  // In whole milliseconds and integers: in floating point, (1 / 5) × (1 − 90 / 300) × 100 gives
  // 13.999…, which would round down to 13 instead of 14. (300 s × percent × 10 is whole ms.)
  const limitMs = PLAY_SECONDS * 10 * timePercent;
  const elapsedMs = Math.min(Math.max(Math.round(elapsedSeconds * 1000), 0), limitMs);
  const bonus = Math.floor(
    (correct * (limitMs - elapsedMs) * POINT) / (QUESTIONS_PER_WEEK * limitMs),
  );
  return Math.min(bonus, POINT - 1);
}

/**
 * The main set's score: 1 point per correct answer plus the speed bonus. `elapsedSeconds` runs
 * from the start to the last answer; `timePercent` is the attempt's time factor (100 = 5 min).
 * @example mainSetScore({ correct: 3, elapsedSeconds: 150, timedOut: false }) // 330
 */
export function mainSetScore(result: {
  correct: number;
  elapsedSeconds: number;
  timedOut: boolean;
  timePercent?: number;
}): number {
  const bonus = speedBonus(
    result.correct,
    result.elapsedSeconds,
    result.timedOut,
    result.timePercent,
  );
  return result.correct * POINT + bonus;
}

export type ChallengerOutcome = 'not-taken' | 'correct' | 'wrong';

/**
 * The week's score after the optional challenger: +5 points when right; when wrong, or started
 * and not answered in time, the week is halved (rounded down to the hundredth).
 * @example weekScore(480, 'correct') // 980
 * @example weekScore(481, 'wrong') // 240
 */
export function weekScore(mainScore: number, challenger: ChallengerOutcome): number {
  if (challenger === 'correct') return mainScore + CHALLENGER_BONUS;
  if (challenger === 'wrong') return Math.floor(mainScore / 2);
  return mainScore;
}

/** Points for display: hundredths to a number of points (e.g. 480 → 4.8). */
export const toPoints = (hundredths: number) => hundredths / POINT;
