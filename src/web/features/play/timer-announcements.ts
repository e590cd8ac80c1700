/**
 * When a screen reader hears the countdown (WCAG 2.2.1): not every second, only as it passes
 * 2 minutes, 1 minute and 30 seconds left, through one polite live region.
 */
export const ANNOUNCED_SECONDS = [120, 60, 30] as const;

/**
 * The threshold passed between two readings of the time left (in ms), or null. A threshold
 * already behind when the timer first showed (`previousMs` null) is not announced.
 * @example thresholdPassed(61_000, 59_500) // 60
 * @example thresholdPassed(59_000, 58_000) // null
 * @example thresholdPassed(null, 20_000) // null
 */
export function thresholdPassed(previousMs: number | null, remainingMs: number): number | null {
  if (previousMs === null) return null;
  const passed = ANNOUNCED_SECONDS.filter(
    (seconds) => previousMs > seconds * 1000 && remainingMs <= seconds * 1000,
  );
  // After a pause in the ticks (a sleeping tab), only the latest one is worth saying.
  return passed.length > 0 ? passed[passed.length - 1]! : null;
}
