import { PLAY_SECONDS } from './scoring';

/**
 * Time accommodations (ADR 0037): an organiser may give a player more time, as a factor of the
 * five minutes (1 = the usual time, at most 10), in the manner of D2L's and Canvas's per-learner
 * time limits. Stored as a whole percentage (150 for 1.5), so that every computation with it is
 * exact in integers.
 */

export const MIN_TIME_FACTOR = 1;
export const MAX_TIME_FACTOR = 10;
/** The factors offered with one click; any other between 1 and 10 can be typed. */
export const TIME_FACTOR_CHOICES = [1.5, 2, 3] as const;

/** @example timePercent(1.5) // 150 */
export const timePercent = (factor: number) => Math.round(factor * 100);

/** @example timeFactorOf(150) // 1.5 */
export const timeFactorOf = (percent: number) => percent / 100;

/**
 * The seconds a set gives a player with this factor (before the week's close cuts it short).
 * @example allowanceSeconds(200) // 600
 * @example allowanceSeconds(150) // 450
 */
export const allowanceSeconds = (percent = 100) => (PLAY_SECONDS * percent) / 100;
