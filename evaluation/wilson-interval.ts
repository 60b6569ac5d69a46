/** A proportion with its denominator and a Wilson score interval. */
export interface Rate {
  successes: number;
  total: number;
  /** successes / total; null when total is 0. */
  rate: number | null;
  /** Bounds of the 95% Wilson interval; null when total is 0. */
  low: number | null;
  high: number | null;
}

/** z for a two-sided 95% interval. */
export const z95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion. Unlike the normal approximation it stays
 * inside [0, 1] and is not degenerate at 0/n or n/n, which matters for eval sets of 10–40 items.
 */
export function wilsonInterval(successes: number, total: number, z = z95): { low: number; high: number } {
  if (!Number.isInteger(successes) || !Number.isInteger(total) || total <= 0 || successes < 0 || successes > total) {
    throw new RangeError(`wilsonInterval needs integers 0 ≤ successes ≤ total, total > 0; got ${successes}/${total}`);
  }
  const p = successes / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const margin = (z / denominator) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  // Clamp rounding noise so that 0/n starts at exactly 0 and n/n ends at exactly 1.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - margin),
    high: successes === total ? 1 : Math.min(1, centre + margin),
  };
}

/** A Rate for `successes` out of `total`, with its Wilson 95% interval. */
export function rate(successes: number, total: number): Rate {
  if (total === 0) return { successes, total, rate: null, low: null, high: null };
  const { low, high } = wilsonInterval(successes, total);
  return { successes, total, rate: successes / total, low, high };
}

/** "18/24 (75.0%, 95% CI 55.1–88.0%)", or "0/0 (n/a)". */
export function formatRate(value: Rate): string {
  if (value.rate === null || value.low === null || value.high === null)
    return `${value.successes}/${value.total} (n/a)`;
  const percent = (x: number) => (x * 100).toFixed(1);
  return `${value.successes}/${value.total} (${percent(value.rate)}%, 95% CI ${percent(value.low)}–${percent(value.high)}%)`;
}
