import { type DevCategory, devCategories } from "./dev-set-schema";
import type { DevOutcome, FailureStage } from "./dev-set-scoring";
import { percentile } from "./percentiles";
import { type Rate, rate } from "./wilson-interval";

/** The figures of one system (engine or baseline) over one set of questions. */
export interface DevMetrics {
  questions: number;
  /** Answerable questions with every fact matched. */
  correct: Rate;
  /** Answerable questions with at least one fact matched. */
  atLeastOneFact: Rate;
  /** Answerable questions with at least one claim. */
  answered: Rate;
  /** Unanswerable questions without any claim. */
  abstainedOnUnanswerable: Rate;
  /** Questions with a matched fact whose matching claims cite a page of that fact. */
  citationPageCorrect: Rate;
  /** Claims whose quote poppler finds on a cited page; null when no claim could be checked (pdftotext missing). */
  quotesVerbatim: Rate | null;
  /** Of the checked claims that are not verbatim, those whose characters are on the page with other spacing. */
  quotesSpacingOnly: number;
  /** Padding: claims that meet no asked fact in answers where another claim does meet one. */
  paddingClaims: number;
  /** Answerable questions with a gold-page passage among the retrieved ones. */
  retrievalHasGold: Rate;
  /** Claims that meet an asked fact, of all claims given to answerable questions: the rest are padding or wrong. */
  claimsOnFact: Rate;
  latencyMs: { p50: number; p95: number } | null;
  stages: Record<FailureStage, number>;
}

/** The rate-valued metrics in display order, with short labels for the console table. */
export const metricColumns: Array<{ key: RateKey; label: string; long: string }> = [
  { key: "correct", label: "correct", long: "correct (every fact matched)" },
  { key: "atLeastOneFact", label: "≥1 fact", long: "at least one fact matched" },
  { key: "answered", label: "answered", long: "answered (≥ 1 claim)" },
  { key: "abstainedOnUnanswerable", label: "abstained", long: "abstained on unanswerable" },
  { key: "citationPageCorrect", label: "cite page", long: "citation page correct (for matched facts)" },
  { key: "quotesVerbatim", label: "verbatim", long: "quotes verbatim on the cited page (claims, pdftotext)" },
  { key: "retrievalHasGold", label: "retrieval", long: "retrieval contains a gold page" },
  { key: "claimsOnFact", label: "on fact", long: "claims meeting an asked fact (answerable questions)" },
];
export type RateKey =
  | "correct"
  | "atLeastOneFact"
  | "answered"
  | "abstainedOnUnanswerable"
  | "citationPageCorrect"
  | "quotesVerbatim"
  | "retrievalHasGold"
  | "claimsOnFact";

const count = (list: DevOutcome[], test: (outcome: DevOutcome) => boolean) => list.filter(test).length;

/** Rates with Wilson intervals, latency percentiles and failure stages over some outcomes. */
export function summariseDev(outcomes: DevOutcome[]): DevMetrics {
  const answerable = outcomes.filter((outcome) => outcome.answerable);
  const unanswerable = outcomes.filter((outcome) => !outcome.answerable);
  const withFact = outcomes.filter((outcome) => outcome.citationPageCorrect !== null);
  const checked = outcomes.reduce((sum, outcome) => sum + outcome.quotes.checked, 0);
  const verbatim = outcomes.reduce((sum, outcome) => sum + outcome.quotes.verbatim, 0);
  const unmeasured = outcomes.reduce((sum, outcome) => sum + outcome.quotes.unmeasured, 0);
  const stages: Record<FailureStage, number> = {
    retrieval: 0,
    "drafting-abstained": 0,
    "wrong-claim": 0,
    page: 0,
    "false-answer": 0,
  };
  for (const outcome of outcomes) if (outcome.stage) stages[outcome.stage]++;
  const latencies = outcomes.map((outcome) => outcome.latencyMs);
  const claimsGiven = answerable.flatMap((outcome) => outcome.claimDetails);
  return {
    questions: outcomes.length,
    correct: rate(
      count(answerable, (o) => o.correct),
      answerable.length,
    ),
    atLeastOneFact: rate(
      count(answerable, (o) => o.atLeastOneFact),
      answerable.length,
    ),
    answered: rate(
      count(answerable, (o) => o.claims > 0),
      answerable.length,
    ),
    abstainedOnUnanswerable: rate(
      count(unanswerable, (o) => o.abstained === true),
      unanswerable.length,
    ),
    citationPageCorrect: rate(
      count(withFact, (o) => o.citationPageCorrect === true),
      withFact.length,
    ),
    quotesVerbatim: checked === 0 && unmeasured > 0 ? null : rate(verbatim, checked),
    quotesSpacingOnly: outcomes.reduce((sum, outcome) => sum + outcome.quotes.spacingOnly, 0),
    paddingClaims: answerable
      .filter((outcome) => outcome.atLeastOneFact)
      .reduce((sum, outcome) => sum + outcome.claimDetails.filter((detail) => detail.facts.length === 0).length, 0),
    retrievalHasGold: rate(
      count(answerable, (o) => o.retrievalHasGold === true),
      answerable.length,
    ),
    claimsOnFact: rate(claimsGiven.filter((detail) => detail.facts.length > 0).length, claimsGiven.length),
    latencyMs:
      latencies.length === 0
        ? null
        : { p50: round(percentile(latencies, 0.5)), p95: round(percentile(latencies, 0.95)) },
    stages,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Overall and per category, categories in the fixed order, only those present. */
export function summariseByCategory(outcomes: DevOutcome[]): {
  overall: DevMetrics;
  categories: Partial<Record<DevCategory, DevMetrics>>;
} {
  const categories: Partial<Record<DevCategory, DevMetrics>> = {};
  for (const category of devCategories) {
    const subset = outcomes.filter((outcome) => outcome.category === category);
    if (subset.length > 0) categories[category] = summariseDev(subset);
  }
  return { overall: summariseDev(outcomes), categories };
}

/** "14/41 = 34% [22–49]", "—" without a denominator, "not measured" for null. */
export function compactRate(value: Rate | null): string {
  if (value === null) return "not measured";
  if (value.rate === null || value.low === null || value.high === null) return "—";
  const percent = (x: number) => Math.round(x * 100);
  return `${value.successes}/${value.total} = ${percent(value.rate)}% [${percent(value.low)}–${percent(value.high)}]`;
}
