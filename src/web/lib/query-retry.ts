import { ApiError } from './api-client';

/** Quiet retries before a failure shows: a few, quickly, so an error shows within seconds. */
const MAX_RETRIES = 3;
const FIRST_DELAY_MS = 400;
const MAX_DELAY_MS = 2000;

/**
 * Whether a retry can help: the network failed (status 0) or the server is briefly unable to
 * answer (503, as while its database reconnects). A refusal (4xx) or a bug (500) answers the
 * same on a second try, so it is shown at once, with the screen's retry button.
 */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 503;
}

/** The `retry` of every query (app/providers.tsx): transient failures only, at most three times. */
export const retryTransient = (failures: number, error: unknown): boolean =>
  failures < MAX_RETRIES && isTransient(error);

/** 0.4 s, 0.8 s, 1.6 s: about 3 s in all before a lasting network failure shows. */
export const retryDelay = (attempt: number): number =>
  Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
