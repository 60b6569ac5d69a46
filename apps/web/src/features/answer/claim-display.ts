import { type Claim, normalizeForMatch } from "@audited-rag/core";

/**
 * True when the claim says nothing beyond its quote (the extractive drafter's claims are
 * the quoted sentence), so the answer shows it once, as the quote with its citation.
 */
export function showsQuoteOnly(claim: Pick<Claim, "text" | "quote">): boolean {
  if (claim.quote.trim() === "") return false;
  const strip = (text: string) => normalizeForMatch(text).replace(/[\s.!?;:]+$/u, "");
  return strip(claim.text) === strip(claim.quote);
}
