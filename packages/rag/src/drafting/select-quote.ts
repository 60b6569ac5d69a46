import { splitSentences } from "../answer/split-sentences";
import { contentTerms } from "./content-terms";
import { MIN_COVERAGE, sameTerm } from "./sentence-relevance";
import { valueFigures } from "./value-figures";

/** Spans of up to this many consecutive sentences are weighed: a claim may join two sentences. */
const MAX_SENTENCES_PER_SPAN = 2;

/**
 * The best verbatim span of `passage` for a claim: the sentence, or two consecutive
 * sentences, covering the largest share of the claim's content terms, at least
 * {@link MIN_COVERAGE} of them, and stating every figure the claim states ("thirty days" is
 * not quoted for "thirty-one days"). Ties go to the shorter span. Null when no span of the
 * passage supports the claim text, so the caller must not show a quote from it.
 *
 * Shared by citation repair (a quote re-selected from the new passage) and meant for the
 * extractive drafter, which picks sentences for a question rather than for a claim today.
 */
export function selectQuote(claimText: string, passage: string): string | null {
  const claimTerms = [...new Set(contentTerms(claimText))];
  if (claimTerms.length === 0) return null;
  const claimFigures = valueFigures(claimText);
  const sentences = splitSentences(passage);
  let best: { text: string; coverage: number } | null = null;
  for (let first = 0; first < sentences.length; first++) {
    for (let size = 1; size <= MAX_SENTENCES_PER_SPAN && first + size <= sentences.length; size++) {
      const start = sentences[first]?.start ?? 0;
      const end = sentences[first + size - 1]?.end ?? start;
      const text = passage.slice(start, end).trim();
      const terms = contentTerms(text);
      const covered = claimTerms.filter((term) => terms.some((own) => sameTerm(term, own))).length;
      const coverage = covered / claimTerms.length;
      if (coverage < MIN_COVERAGE) continue;
      const figures = new Set(valueFigures(text));
      if (!claimFigures.every((figure) => figures.has(figure))) continue;
      // A second sentence must add coverage, or the single sentence is the better quote.
      const better =
        best === null ||
        coverage > best.coverage + 1e-9 ||
        (Math.abs(coverage - best.coverage) <= 1e-9 && text.length < best.text.length);
      if (better) best = { text, coverage };
    }
  }
  return best?.text ?? null;
}
