import { type AskResponse, containsNormalized, type LedgerEntry } from "@audited-rag/core";
import type { EvalQuestion } from "./eval-questions";
import { type Rate, rate } from "./wilson-interval";

/** The earliest stage at which a question got no answer. */
export type Stage = "retrieval" | "drafting" | "validation";

/**
 * correct: ≥1 claim cites a gold page and quotes the gold fact; wrong: claims, none correct;
 * no_answer: answerable, no claim; refused: unanswerable, no claim; false_answer: unanswerable, claims.
 */
export type Verdict = "correct" | "wrong" | "no_answer" | "refused" | "false_answer";

export interface QuestionOutcome {
  id: string;
  question: string;
  answerable: boolean;
  source: "generated" | "corpus" | "none";
  verdict: Verdict;
  /** Null when the question got an answer. */
  stage: Stage | null;
  /** Answerable only: best 1-based retrieval rank of a passage on a gold page, null when none was retrieved. */
  goldRank: number | null;
  parts: number;
  claims: number;
  correctClaims: number;
  droppedClaims: number;
  /** Where the claims' citations point, as "filename p.N". */
  cited: string[];
  /** Each claim's quote, where it points and whether it counts as correct, for reading the report. */
  claimDetails: Array<{ quote: string; cited: string[]; correct: boolean }>;
  totalMs: number;
}

/** Scores one response. A claim is correct when a cited passage is on a gold page and its quote holds the gold fact. */
export function scoreQuestion(question: EvalQuestion, response: AskResponse): QuestionOutcome {
  const claims = response.parts.flatMap((part) => part.claims);
  const byId = new Map(response.ledger.map((entry) => [entry.id, entry]));
  const onGoldPage = (entry: LedgerEntry | undefined) =>
    question.answerable &&
    entry !== undefined &&
    entry.filename === question.document &&
    question.pages.includes(entry.page);
  const isCorrect = (claim: (typeof claims)[number]) =>
    question.answerable &&
    containsNormalized(claim.quote, question.gold) &&
    claim.citations.some((id) => onGoldPage(byId.get(id)));
  const correctClaims = claims.filter(isCorrect).length;
  const citedPages = (citations: number[]) =>
    citations.flatMap((id) => {
      const entry = byId.get(id);
      return entry ? [`${entry.filename} p.${entry.page}`] : [];
    });
  const goldRanks = response.ledger.filter((entry) => onGoldPage(entry)).map((entry) => entry.rank);
  const goldRank = goldRanks.length > 0 ? Math.min(...goldRanks) : null;
  const answered = claims.length > 0;

  let stage: Stage | null = null;
  if (!answered) {
    const retrieved = question.answerable ? goldRank !== null : response.ledger.length > 0;
    if (!retrieved) stage = "retrieval";
    else if (response.dropped.length > 0) stage = "validation";
    else stage = "drafting";
  }
  let verdict: Verdict;
  if (question.answerable) verdict = !answered ? "no_answer" : correctClaims > 0 ? "correct" : "wrong";
  else verdict = answered ? "false_answer" : "refused";

  return {
    id: question.id,
    question: question.question,
    answerable: question.answerable,
    source: question.answerable ? question.source : "none",
    verdict,
    stage,
    goldRank,
    parts: response.parts.length,
    claims: claims.length,
    correctClaims,
    droppedClaims: response.dropped.length,
    cited: [...new Set(claims.flatMap((claim) => citedPages(claim.citations)))],
    claimDetails: claims.map((claim) => ({
      quote: claim.quote,
      cited: citedPages(claim.citations),
      correct: isCorrect(claim),
    })),
    totalMs: response.timings.totalMs,
  };
}

export interface EvalMetrics {
  /** Answerable questions with a gold-page passage among the retrieved ones (k = the configured top-k). */
  recallAtK: Rate;
  recallAt1: Rate;
  recallAt3: Rate;
  /** Answerable questions with ≥1 claim. */
  answerRate: Rate;
  /** Answerable questions with ≥1 correct claim. */
  correctAnswerRate: Rate;
  /** Unanswerable questions that got no claim. */
  refusalRate: Rate;
  /** Correct claims over all claims made for answerable questions. */
  citationPrecision: Rate;
  /** Answerable questions by the earliest stage that produced no answer. */
  stages: Record<Stage, number>;
}

/** Aggregates outcomes into rates, each with its denominator and Wilson 95% interval. */
export function summarise(outcomes: QuestionOutcome[]): EvalMetrics {
  const answerable = outcomes.filter((outcome) => outcome.answerable);
  const unanswerable = outcomes.filter((outcome) => !outcome.answerable);
  const count = (list: QuestionOutcome[], test: (outcome: QuestionOutcome) => boolean) => list.filter(test).length;
  const recallAt = (k: number) =>
    rate(
      count(answerable, (outcome) => outcome.goldRank !== null && outcome.goldRank <= k),
      answerable.length,
    );
  const stages: Record<Stage, number> = { retrieval: 0, drafting: 0, validation: 0 };
  for (const outcome of answerable) if (outcome.stage) stages[outcome.stage]++;
  return {
    recallAtK: rate(
      count(answerable, (outcome) => outcome.goldRank !== null),
      answerable.length,
    ),
    recallAt1: recallAt(1),
    recallAt3: recallAt(3),
    answerRate: rate(
      count(answerable, (outcome) => outcome.claims > 0),
      answerable.length,
    ),
    correctAnswerRate: rate(
      count(answerable, (outcome) => outcome.verdict === "correct"),
      answerable.length,
    ),
    refusalRate: rate(
      count(unanswerable, (outcome) => outcome.verdict === "refused"),
      unanswerable.length,
    ),
    citationPrecision: rate(
      answerable.reduce((sum, outcome) => sum + outcome.correctClaims, 0),
      answerable.reduce((sum, outcome) => sum + outcome.claims, 0),
    ),
    stages,
  };
}

/** The rate-valued metrics, in display order, with their labels. */
export const rateLabels: Array<[keyof Omit<EvalMetrics, "stages">, string]> = [
  ["recallAtK", "retrieval recall@k"],
  ["recallAt3", "retrieval recall@3"],
  ["recallAt1", "retrieval recall@1"],
  ["answerRate", "answer rate (answerable, ≥1 claim)"],
  ["correctAnswerRate", "correct answer rate (≥1 correct claim)"],
  ["refusalRate", "refusal rate (unanswerable)"],
  ["citationPrecision", "citation precision (claims)"],
];
