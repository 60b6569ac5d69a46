import type { Distribution, Suggestion } from "@audited-rag/core";

/** Changes whenever the rules below change. */
export const POLICY_VERSION = "threshold-v1";
export const DEFAULT_THRESHOLD = 0.9;

/**
 * keep when support ≥ threshold; withhold when contradiction or insufficient ≥ threshold;
 * review otherwise. The reply's `confidence` is deliberately not an input.
 */
export function suggest(distribution: Distribution, threshold: number): Suggestion {
  if (distribution.support >= threshold) return "keep";
  if (distribution.contradiction >= threshold || distribution.insufficient >= threshold) return "withhold";
  return "review";
}

/** True when insufficient is strictly the largest probability; ties favour nothing, so no repair. */
export function favoursInsufficient(distribution: Distribution): boolean {
  return distribution.insufficient > distribution.support && distribution.insufficient > distribution.contradiction;
}

/** The label with the largest probability (first of support, contradiction, insufficient on ties). */
export function topLabel(distribution: Distribution): keyof Distribution {
  const { support, contradiction, insufficient } = distribution;
  if (support >= contradiction && support >= insufficient) return "support";
  return contradiction >= insufficient ? "contradiction" : "insufficient";
}

/** A pinned version such as jev-1.13.0, as opposed to an alias such as jev-latest. */
export function isPinnedModel(model: string): boolean {
  return /^jev-\d+\.\d+\.\d+$/.test(model);
}

/**
 * A pinned model (jev-1.13.0) must come back unchanged; an alias such as jev-latest accepts
 * whichever jev-* model answered, and the record keeps the returned name.
 */
export function acceptsReturnedModel(requested: string, returned: string): boolean {
  if (isPinnedModel(requested)) return returned === requested;
  return returned.startsWith("jev-");
}
