import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isTransient, retryDelay, retryTransient } from './query-retry';

describe('query retries', () => {
  it('retries a network failure and a 503, quietly and at most three times', () => {
    const network = new ApiError('NETWORK', 0, 'Failed to fetch');
    const unavailable = new ApiError('UNAVAILABLE', 503, '');
    expect(isTransient(network)).toBe(true);
    expect(isTransient(unavailable)).toBe(true);
    expect(retryTransient(2, unavailable)).toBe(true);
    expect(retryTransient(3, unavailable)).toBe(false);
  });

  it('shows a refusal or a server bug at once: a second try would answer the same', () => {
    expect(retryTransient(0, new ApiError('NOT_REGISTERED', 409, ''))).toBe(false);
    expect(retryTransient(0, new ApiError('FORBIDDEN', 403, ''))).toBe(false);
    expect(retryTransient(0, new ApiError('INTERNAL', 500, ''))).toBe(false);
  });

  it('waits 0.4, 0.8 and 1.6 s, so a lasting failure shows within about 3 s', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([400, 800, 1600]);
    expect(retryDelay(0) + retryDelay(1) + retryDelay(2)).toBeLessThan(3000);
  });
});
