/** Summary of a latency sample, in the sample's unit. */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * The q-quantile (0 < q ≤ 1) by the nearest-rank method: the smallest value with at least
 * q·n values at or below it. No interpolation, so every reported figure was actually observed.
 */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new RangeError("percentile of an empty sample");
  if (!(q > 0 && q <= 1)) throw new RangeError(`quantile must be in (0, 1], got ${q}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length);
  return sorted[rank - 1] as number;
}

/** p50/p95/p99/max/mean of a non-empty sample, rounded to 0.01. */
export function summariseLatencies(values: readonly number[]): LatencySummary {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    count: values.length,
    p50: round(percentile(values, 0.5)),
    p95: round(percentile(values, 0.95)),
    p99: round(percentile(values, 0.99)),
    max: round(Math.max(...values)),
    mean: round(values.reduce((sum, value) => sum + value, 0) / values.length),
  };
}
