import path from "node:path";
import type { DevCategory, LoadedDevQuestion } from "./dev-set-schema";
import { factMatches, matchQuoteOnPage, type QuoteMatch } from "./text-judge";

/** A page of a library document, as the ledger names it. */
export interface PageRef {
  filename: string;
  page: number;
}

/** One claim of an answer, engine or baseline, with where its citations point. */
export interface AnswerClaim {
  text: string;
  quote: string;
  cited: PageRef[];
}

/** What the scorer needs of one answer; the engine's AskResponse and the baseline both map to it. */
export interface ScoredAnswer {
  claims: AnswerClaim[];
  /** The retrieved passages' pages (the ledger), best rank first. */
  retrieved: Array<PageRef & { rank: number }>;
  latencyMs: number;
}

/**
 * poppler's renderings of a page (default and -layout), or undefined when they could not be
 * made (pdftotext missing): the quote check is then "not measured", never passed or failed.
 */
export type PageRenderings = (ref: PageRef) => readonly string[] | undefined;

/**
 * The earliest stage at which an answerable question failed: no gold page retrieved, no claim
 * drafted, claims that miss a fact, or every fact found but not cited on its page. An
 * unanswerable question that got claims is a false answer.
 */
export type FailureStage = "retrieval" | "drafting-abstained" | "wrong-claim" | "page" | "false-answer";

export interface ClaimDetail {
  text: string;
  quote: string;
  cited: string[];
  /** Indices of the question's facts that this claim matches. */
  facts: number[];
  /** Whether the quote is on a cited page by poppler's text; null when not measured. */
  verbatim: boolean | null;
  /** The best match over the cited pages; null when not measured. */
  quoteMatch: QuoteMatch | null;
}

export interface DevOutcome {
  id: string;
  category: DevCategory;
  question: string;
  document: string;
  answerable: boolean;
  claims: number;
  /** Per fact, whether some claim's text or quote matches its pattern. */
  factsMatched: boolean[];
  correct: boolean;
  atLeastOneFact: boolean;
  /** Null for an answerable question, where it has no meaning. */
  abstained: boolean | null;
  /** Every matched fact is matched by a claim citing one of that fact's pages; null when no fact matched. */
  citationPageCorrect: boolean | null;
  /** Claims checked against poppler's text: verbatim, differing only in spacing, or not measured. */
  quotes: { verbatim: number; spacingOnly: number; checked: number; unmeasured: number };
  /** A passage on a gold page among the retrieved ones; null for unanswerable questions. */
  retrievalHasGold: boolean | null;
  /** Best 1-based rank of a gold-page passage, null when none. */
  goldRank: number | null;
  stage: FailureStage | null;
  latencyMs: number;
  claimDetails: ClaimDetail[];
}

const describe = (ref: PageRef) => `${ref.filename} p.${ref.page}`;

// A claim citing no passage has nowhere its quote could be: absent.
const bestMatch = (matches: QuoteMatch[]): QuoteMatch =>
  matches.includes("verbatim") ? "verbatim" : matches.includes("spacing-only") ? "spacing-only" : "absent";

/** Scores one answer to one dev-set question. Pure: page texts come in through `pages`. */
export function scoreDevQuestion(question: LoadedDevQuestion, answer: ScoredAnswer, pages: PageRenderings): DevOutcome {
  const filename = path.basename(question.document);
  const answerable = question.category !== "unanswerable";
  const onPages = (ref: PageRef, wanted: readonly number[]) => ref.filename === filename && wanted.includes(ref.page);

  const claimDetails: ClaimDetail[] = answer.claims.map((claim) => {
    const facts = question.patterns.flatMap((pattern, index) =>
      factMatches(pattern, [claim.text, claim.quote]) ? [index] : [],
    );
    const renderings = claim.cited.map((ref) => pages(ref));
    const quoteMatch = renderings.some((rendering) => rendering === undefined)
      ? null
      : bestMatch(renderings.map((rendering) => matchQuoteOnPage(claim.quote, rendering ?? [])));
    const verbatim = quoteMatch === null ? null : quoteMatch === "verbatim";
    return { text: claim.text, quote: claim.quote, cited: claim.cited.map(describe), facts, verbatim, quoteMatch };
  });

  const factsMatched = question.facts.map((_, index) => claimDetails.some((detail) => detail.facts.includes(index)));
  const matchedCount = factsMatched.filter(Boolean).length;
  const correct = answerable && matchedCount === question.facts.length;
  const citationPageCorrect =
    matchedCount === 0
      ? null
      : question.facts.every(
          (fact, index) =>
            !factsMatched[index] ||
            answer.claims.some(
              (claim, k) =>
                claimDetails[k]?.facts.includes(index) && claim.cited.some((ref) => onPages(ref, fact.pages)),
            ),
        );
  const goldPages = question.facts.flatMap((fact) => fact.pages);
  const goldRanks = answer.retrieved.filter((ref) => onPages(ref, goldPages)).map((ref) => ref.rank);
  const goldRank = goldRanks.length > 0 ? Math.min(...goldRanks) : null;

  let stage: FailureStage | null = null;
  if (!answerable) stage = answer.claims.length > 0 ? "false-answer" : null;
  else if (!(correct && citationPageCorrect)) {
    if (goldRank === null) stage = "retrieval";
    else if (answer.claims.length === 0) stage = "drafting-abstained";
    else if (!correct) stage = "wrong-claim";
    else stage = "page";
  }

  return {
    id: question.id,
    category: question.category,
    question: question.question,
    document: question.document,
    answerable,
    claims: answer.claims.length,
    factsMatched,
    correct,
    atLeastOneFact: answerable && matchedCount > 0,
    abstained: answerable ? null : answer.claims.length === 0,
    citationPageCorrect,
    quotes: {
      verbatim: claimDetails.filter((detail) => detail.verbatim === true).length,
      spacingOnly: claimDetails.filter((detail) => detail.quoteMatch === "spacing-only").length,
      checked: claimDetails.filter((detail) => detail.verbatim !== null).length,
      unmeasured: claimDetails.filter((detail) => detail.verbatim === null).length,
    },
    retrievalHasGold: answerable ? goldRank !== null : null,
    goldRank,
    stage,
    latencyMs: answer.latencyMs,
    claimDetails,
  };
}
