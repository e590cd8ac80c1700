/** The server's one source of time. Tests and demos replace it; nothing else calls `new Date()`. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
