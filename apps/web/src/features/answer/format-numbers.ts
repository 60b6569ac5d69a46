/** "18 ms" under a second, "1.2 s" above: server timings arrive as fractional milliseconds. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

/**
 * Three significant digits: fused scores (RRF) are small fractions such as 0.0164, while
 * BM25 scores can be 2.37; a fixed number of decimals would print the former as 0.00.
 */
export function formatScore(score: number): string {
  if (score === 0 || !Number.isFinite(score)) return String(score);
  return String(Number(score.toPrecision(3)));
}

/** "0.87": OCR confidences are means between 0 and 1, so two decimals tell them apart. */
export function formatConfidence(confidence: number): string {
  return confidence.toFixed(2);
}
