import { findNormalizedSpan } from "@audited-rag/core";

/** A run of passage text, marked when it belongs to the highlighted quote. */
export interface TextSegment {
  text: string;
  highlighted: boolean;
}

/**
 * Splits `text` around the first normalised occurrence of `quote`. When the quote cannot
 * be found the text comes back whole and unmarked: no highlight rather than a wrong one.
 */
export function highlightQuote(text: string, quote: string | null | undefined): TextSegment[] {
  const span = quote ? findNormalizedSpan(text, quote) : null;
  if (!span || span.end <= span.start) return [{ text, highlighted: false }];
  return [
    { text: text.slice(0, span.start), highlighted: false },
    { text: text.slice(span.start, span.end), highlighted: true },
    { text: text.slice(span.end), highlighted: false },
  ].filter((segment) => segment.text.length > 0);
}

/** Where the quote lies in the original text, or null when it cannot be found. */
export function quoteSpan(text: string, quote: string | null | undefined): { start: number; end: number } | null {
  const span = quote ? findNormalizedSpan(text, quote) : null;
  return span && span.end > span.start ? span : null;
}

/** True when the quote can be highlighted in the text. */
export function quoteFound(text: string, quote: string | null | undefined): boolean {
  return highlightQuote(text, quote).some((segment) => segment.highlighted);
}
