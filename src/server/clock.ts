/** The server's one source of time. Tests and demos replace it; nothing else calls `new Date()`. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that starts at `start` when created and runs at normal speed from there, so a demo
 * or an end-to-end test can stand on any day of the season.
 */
export function startingClock(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}
