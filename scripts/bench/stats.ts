/** Pure figures for the benchmark: latency percentiles and a phase's summary. */

export interface Summary {
  requests: number;
  errors: number;
  /** Requests (successful or not) per second of wall time. */
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * The nearest-rank percentile of ascending `sorted` samples: the smallest sample with at
 * least `q` of all samples at or below it. `percentile([1, 2, 3, 4], 0.5)` is 2.
 */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The nearest-rank median of `values` in any order (of an even count, the lower middle one). */
export function median(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 0.5);
}

/** A phase's figures from its latencies (ms, any order), its error count and its duration. */
export function summarize(latencies: number[], errors: number, durationMs: number): Summary {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    perSecond: durationMs > 0 ? (latencies.length * 1000) / durationMs : 0,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/**
 * How far apart two rates of the same work are, as a fraction of their mean (0.2 = 20 %): the
 * minimal route measured before and after the other phases shows whether the host kept its
 * speed through the run. `drift(30_000, 24_000)` is 0.22.
 */
export function drift(before: number, after: number): number {
  const mean = (before + after) / 2;
  return mean > 0 ? Math.abs(before - after) / mean : 0;
}
