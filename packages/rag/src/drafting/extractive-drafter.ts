import { type ComponentHealth, normalizeForMatch } from "@audited-rag/core";
import { expectedAnswer, statesAnswerKind } from "./answer-type";
import { measures } from "./attribute-units";
import { contentTerms, namedTerms } from "./content-terms";
import type { DraftClaim, Drafter, DraftPart, DraftPartInput } from "./drafter";
import { type PassageSentence, readSentences } from "./passage-sentences";
import { mentions, mentionsOrGiven, relevanceScorer, sameTerm } from "./sentence-relevance";
import { valueFigures } from "./value-figures";

/** How many sentences answer one part at most. */
const MAX_CLAIMS_PER_PART = 3;
/** A further sentence must score at least this share of the best one, so weak ones do not pad the answer. */
const MIN_SHARE_OF_BEST = 0.8;
/** Sentences sharing this much of their vocabulary say the same thing (e.g. overlapping chunks). */
const NEAR_DUPLICATE_JACCARD = 0.7;

const definitional = /\b(?:is|are) (?:a|an|the|defined as)\b|\b(?:means|refers to|consists of|denotes)\b/i;
const crossReference = /^see\b|\bsee\s+(?:sec|section|fig|figure|table|appendix|eq|equation|ref|chapter|annex|rfc)\b/i;

type Candidate = PassageSentence & { score: number; typed: boolean };

function jaccard(a: string[], b: string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  const shared = [...left].filter((term) => right.has(term)).length;
  return shared / (left.size + right.size - shared || 1);
}

const abstain = (index: number): DraftPart => ({ index, abstained: true, claims: [] });

/**
 * Picks up to three verbatim, self-contained sentences that answer one part, or abstains. A
 * sentence must clear the relevance floor; when the question asks for a kind of fact (a figure,
 * a length of time, a date, a frequency), sentences stating one are preferred and the others
 * must name every term asked about; and the names in the question must be known to the
 * sentence's document.
 */
export function draftExtractive(part: DraftPartInput): DraftPart {
  const questionTerms = [...new Set(contentTerms(part.question))];
  const named = namedTerms(part.question);
  const { kind, counted, attribute } = expectedAnswer(part.question);
  // A figure in the attribute's unit stands in for its name: "between 3.5 and 5 bar" is about pressure.
  const sentences = readSentences(part.passages, named).map((sentence) =>
    attribute !== null && !mentions(sentence, attribute.term) && measures(sentence.quote, attribute)
      ? { ...sentence, context: [...sentence.context, attribute.term] }
      : sentence,
  );
  if (questionTerms.length === 0 || sentences.length === 0) return abstain(part.index);
  // A document that never names what the question names answers some other question: "Oak Park"
  // when it only knows Willow Park, "JWT" when it is a bike manual.
  const known = (term: string, document: string) =>
    sentences.some((sentence) => sentence.document === document && mentionsOrGiven(sentence, term));
  const documents = new Set(sentences.map((sentence) => sentence.document));
  const onTopic = new Set([...documents].filter((document) => named.every((term) => known(term, document))));
  const relevance = relevanceScorer(questionTerms, sentences, named);

  const candidates: Candidate[] = [];
  for (const sentence of sentences) {
    const relevant = sentence.quotable && onTopic.has(sentence.document) ? relevance(sentence) : null;
    if (relevant === null) continue;
    // "How many rounds …" is not answered by a sentence that never names rounds, whatever figures it holds.
    if (counted !== null && !mentions(sentence, counted)) continue;
    const typed =
      kind !== null &&
      statesAnswerKind(sentence.quote, kind, part.question) &&
      (attribute === null || mentions(sentence, attribute.term));
    // Asked "how long", a sentence without a length of time answers only if it names everything asked about.
    if (kind !== null && !typed && relevant.missing.length > 0) continue;
    let score = relevant.score - 0.01 * (sentence.rank - 1);
    // Unasked, a figure still tends to carry the fact: "The AES algorithm uses keys of 128 bits."
    if (kind === null && valueFigures(sentence.quote).length > 0) score += 0.05;
    if (definitional.test(sentence.quote)) score += 0.05;
    // A sentence about what was asked tends to name it first: "The State consists of …".
    if (sentence.terms.slice(0, 2).some((term) => questionTerms.some((asked) => sameTerm(asked, term)))) score += 0.1;
    // "See Sec. 6.3." sends the reader elsewhere instead of answering.
    if (crossReference.test(sentence.quote)) score -= 0.3;
    candidates.push({ ...sentence, score, typed });
  }
  // When some sentence states the kind of fact asked for, the others only talk about the topic.
  const answering = candidates.some((candidate) => candidate.typed)
    ? candidates.filter((candidate) => candidate.typed)
    : candidates;
  answering.sort((a, b) => b.score - a.score);

  const picked: Candidate[] = [];
  for (const candidate of answering) {
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
