import { type ComponentHealth, normalizeForMatch } from "@audited-rag/core";
import { selfContainedProblem } from "../answer/self-contained";
import { splitSentences } from "../answer/split-sentences";
import { contentTerms } from "./content-terms";
import type { DraftClaim, Drafter, DraftPart, DraftPartInput, DraftPassage } from "./drafter";
import { relevanceScorer, type SentenceTerms, sameTerm } from "./sentence-relevance";

/** How many sentences answer one part at most. */
const MAX_CLAIMS_PER_PART = 3;
/** A further sentence must score at least this share of the best one, so weak ones do not pad the answer. */
const MIN_SHARE_OF_BEST = 0.7;
/** Sentences sharing this much of their vocabulary say the same thing (e.g. overlapping chunks). */
const NEAR_DUPLICATE_JACCARD = 0.7;
/** A fragment of at most this many content terms is taken for a heading ("Service areas."). */
const HEADING_MAX_TERMS = 8;

const definitional = /\b(?:is|are) (?:a|an|the|defined as)\b|\b(?:means|refers to|consists of|denotes)\b/i;
/** Questions whose answer is usually a figure: a sentence with a number is likelier to answer them. */
const asksQuantity =
  /\b(?:how (?:many|much|long|large|big|small|often|fast)|size|length|number|count|amount|duration|limit|maximum|minimum|price|cost|rate|percentage|when|year|date|version)\b/i;
const hasNumber =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|million|billion)\b/i;
const crossReference = /\bsee\s+(?:sec|section|fig|figure|table|appendix|eq|equation|ref|chapter|annex)\b/i;
const headingProblems = new Set(["too_short", "no_verb", "no_terminal_punctuation"]);

interface PassageSentence extends SentenceTerms {
  localId: number;
  rank: number;
  quote: string;
  /** Whether it may be quoted as a claim (self-contained). */
  quotable: boolean;
}

/** Every sentence of every passage, each knowing the heading it sits under within its passage. */
function readSentences(passages: DraftPassage[]): PassageSentence[] {
  return passages.flatMap((passage, position) => {
    let heading: string[] = [];
    return splitSentences(passage.text).map((sentence) => {
      const terms = contentTerms(sentence.text);
      const problem = selfContainedProblem(sentence.text, "sentence");
      const quotable = problem === null;
      const context = heading;
      if (problem !== null && headingProblems.has(problem) && terms.length > 0 && terms.length <= HEADING_MAX_TERMS) {
        heading = terms;
      }
      return { localId: passage.localId, rank: position + 1, quote: sentence.text, terms, context, quotable };
    });
  });
}

function jaccard(a: string[], b: string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  const shared = [...left].filter((term) => right.has(term)).length;
  return shared / (left.size + right.size - shared || 1);
}

/** Picks up to three verbatim, self-contained sentences that answer one part, or abstains. */
export function draftExtractive(part: DraftPartInput): DraftPart {
  const questionTerms = [...new Set(contentTerms(part.question))];
  const sentences = readSentences(part.passages);
  if (questionTerms.length === 0 || sentences.length === 0) return { index: part.index, abstained: true, claims: [] };
  const relevance = relevanceScorer(questionTerms, sentences);
  const numberBonus = asksQuantity.test(part.question) ? 0.15 : 0.05;

  const candidates: Array<PassageSentence & { score: number }> = [];
  for (const sentence of sentences) {
    const base = sentence.quotable ? relevance(sentence) : null;
    if (base === null) continue;
    let score = base - 0.01 * (sentence.rank - 1);
    if (hasNumber.test(sentence.quote)) score += numberBonus;
    if (definitional.test(sentence.quote)) score += 0.05;
    // A sentence about what was asked tends to name it first: "The State consists of …".
    if (sentence.terms.slice(0, 2).some((term) => questionTerms.some((asked) => sameTerm(asked, term)))) score += 0.1;
    // "… see Sec. 6.3." sends the reader elsewhere instead of answering.
    if (crossReference.test(sentence.quote)) score -= 0.3;
    candidates.push({ ...sentence, score });
  }
  candidates.sort((a, b) => b.score - a.score);

  const picked: typeof candidates = [];
  for (const candidate of candidates) {
    if (picked.length === MAX_CLAIMS_PER_PART) break;
    if (picked.length > 0 && candidate.score < MIN_SHARE_OF_BEST * (picked[0]?.score ?? 0)) break;
    if (picked.some((chosen) => jaccard(chosen.terms, candidate.terms) >= NEAR_DUPLICATE_JACCARD)) continue;
    picked.push(candidate);
  }
  const claims: DraftClaim[] = picked.map((candidate) => ({
    // The quote stays byte-exact; the displayed text loses the PDF's line breaks and hyphenation.
    text: normalizeForMatch(candidate.quote),
    quote: candidate.quote,
    citations: [candidate.localId],
  }));
  return { index: part.index, abstained: claims.length === 0, claims };
}

/** A drafter without a model: answers with verbatim sentences from the retrieved passages. */
export class ExtractiveDrafter implements Drafter {
  readonly name = "extractive";

  async draft(parts: DraftPartInput[], signal?: AbortSignal): Promise<DraftPart[]> {
    return parts.map((part) => {
      signal?.throwIfAborted();
      return draftExtractive(part);
    });
  }

  async health(): Promise<ComponentHealth> {
    return { status: "ok", detail: "no model needed" };
  }
}
