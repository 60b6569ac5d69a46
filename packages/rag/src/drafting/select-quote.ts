import { splitSentences } from "../answer/split-sentences";
import { answerCandidates } from "../answering/answer-candidates";
import { inferStructure } from "../answering/infer-structure";
import type { PassageStructure } from "../structure/passage-structure";
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
 * The spans weighed are the extractive answer engine's own candidates of the passage (table
 * rows read with their column headers, list items with their lead-in, joined sentences), so a
 * repaired claim is quoted the way the drafter quotes, plus runs of one or two sentences. A
 * candidate is measured by what it says (its claim text) and quoted as it is printed.
 */
export function selectQuote(claimText: string, passage: string, structure?: PassageStructure): string | null {
  const claimTerms = [...new Set(contentTerms(claimText))];
  if (claimTerms.length === 0) return null;
  const claimFigures = valueFigures(claimText);
  let best: { text: string; coverage: number } | null = null;
  for (const { quote, says } of quotableSpans(passage, structure)) {
    const terms = contentTerms(says);
    const covered = claimTerms.filter((term) => terms.some((own) => sameTerm(term, own))).length;
    const coverage = covered / claimTerms.length;
    if (coverage < MIN_COVERAGE) continue;
    const figures = new Set(valueFigures(says));
    if (!claimFigures.every((figure) => figures.has(figure))) continue;
    // A longer span must add coverage, or the shorter one is the better quote.
    const better =
      best === null ||
      coverage > best.coverage + 1e-9 ||
      (Math.abs(coverage - best.coverage) <= 1e-9 && quote.length < best.text.length);
    if (better) best = { text: quote, coverage };
  }
  return best?.text ?? null;
}

/** What may be quoted from a passage, each with the text it is judged by. */
function quotableSpans(passage: string, structure?: PassageStructure): Array<{ quote: string; says: string }> {
  const spans = answerCandidates(passage, structure ?? inferStructure(passage)).map((candidate) => ({
    quote: candidate.quote,
    says: `${candidate.context.join(" ")} ${candidate.claimText}`,
  }));
  const sentences = splitSentences(passage);
  for (let first = 0; first < sentences.length; first++) {
    for (let size = 1; size <= MAX_SENTENCES_PER_SPAN && first + size <= sentences.length; size++) {
      const start = sentences[first]?.start ?? 0;
      const end = sentences[first + size - 1]?.end ?? start;
      const text = passage.slice(start, end).trim();
      spans.push({ quote: text, says: text });
    }
  }
  return spans;
}
