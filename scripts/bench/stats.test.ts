import { describe, expect, it } from 'vitest';
import { drift, median, percentile, summarize } from './stats';

describe('benchmark figures', () => {
  it('takes the nearest-rank percentile', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 1)).toBe(100);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('takes the median of unsorted scores numerically, the lower middle one of an even count', () => {
    expect(median([99, 87, 100])).toBe(99);
    expect(median([9, 100, 10, 98])).toBe(10);
    expect(median([])).toBeNaN();
  });

  it('summarises unsorted samples, counting every request in the rate', () => {
    const summary = summarize([30, 10, 20, 40], 1, 2000);
    expect(summary).toEqual({
      requests: 4,
      errors: 1,
      perSecond: 2,
      p50: 20,
      p95: 40,
      p99: 40,
      max: 40,
    });
  });

  it('sorts numerically, not as text', () => {
    expect(summarize([9, 100, 10], 0, 1000).p50).toBe(10);
  });

  it('measures how far two rates drifted apart, either way round', () => {
    expect(drift(30_000, 24_000)).toBeCloseTo(0.222, 3);
    expect(drift(24_000, 30_000)).toBeCloseTo(0.222, 3);
    expect(drift(40_000, 40_000)).toBe(0);
    expect(drift(0, 0)).toBe(0);
  });
});
