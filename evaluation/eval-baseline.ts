import { z } from "zod";
import type { EvalMetrics, QuestionOutcome, Stage, Verdict } from "./eval-scoring";
import { rateLabels } from "./eval-scoring";
import type { Rate } from "./wilson-interval";

/** What a baseline keeps of one run: the rates and each question's outcome. */
export interface BaselineEntry {
  createdAt: string;
  /** Whether the ../shared/corpus questions were part of the run. */
  corpus: boolean;
  metrics: EvalMetrics;
  questions: Record<string, { verdict: Verdict; stage: Stage | null; goldRank: number | null }>;
}

/** One baseline per configuration (generator+embedder), so an Ollama run never compares with an extractive one. */
export interface BaselineFile {
  configurations: Record<string, BaselineEntry>;
}

const rateSchema = z.object({
  successes: z.number(),
  total: z.number(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
const baselineFileSchema = z.object({
  configurations: z.record(
    z.string(),
    z.object({
      createdAt: z.string(),
      corpus: z.boolean(),
      metrics: z.looseObject({
        recallAtK: rateSchema,
        recallAt1: rateSchema,
        recallAt3: rateSchema,
        answerRate: rateSchema,
        correctAnswerRate: rateSchema,
        refusalRate: rateSchema,
        citationPrecision: rateSchema,
        stages: z.object({ retrieval: z.number(), drafting: z.number(), validation: z.number() }),
      }),
      questions: z.record(
        z.string(),
        z.object({
          verdict: z.enum(["correct", "wrong", "no_answer", "refused", "false_answer"]),
          stage: z.enum(["retrieval", "drafting", "validation"]).nullable(),
          goldRank: z.number().nullable(),
        }),
      ),
    }),
  ),
});

/** Validates a parsed baseline file. */
export function parseBaseline(value: unknown): BaselineFile {
  return baselineFileSchema.parse(value) as BaselineFile;
}

/** The baseline entry of a finished run. */
export function toBaselineEntry(
  createdAt: string,
  corpus: boolean,
  metrics: EvalMetrics,
  outcomes: QuestionOutcome[],
): BaselineEntry {
  return {
    createdAt,
    corpus,
    metrics,
    questions: Object.fromEntries(
      outcomes.map((outcome) => [
        outcome.id,
        { verdict: outcome.verdict, stage: outcome.stage, goldRank: outcome.goldRank },
      ]),
    ),
  };
}

export interface MetricDelta {
  label: string;
  before: Rate;
  after: Rate;
  /** after.rate − before.rate, in percentage points; null when either has no denominator. */
  deltaPoints: number | null;
}

export interface OutcomeChange {
  id: string;
  before: string;
  after: string;
}

export interface Comparison {
  metrics: MetricDelta[];
  changed: OutcomeChange[];
  /** Questions in this run that the baseline does not have, and the reverse. */
  added: string[];
  removed: string[];
  notes: string[];
}

const describeOutcome = (outcome: { verdict: Verdict; stage: Stage | null; goldRank: number | null }) =>
  `${outcome.verdict}${outcome.stage ? ` at ${outcome.stage}` : ""}, gold rank ${outcome.goldRank ?? "-"}`;

/** What moved between a baseline and this run: rate deltas and questions whose outcome changed. */
export function compareWithBaseline(baseline: BaselineEntry, current: BaselineEntry): Comparison {
  const metrics = rateLabels.map(([key, label]) => {
    const before = baseline.metrics[key];
    const after = current.metrics[key];
    const deltaPoints = before.rate === null || after.rate === null ? null : (after.rate - before.rate) * 100;
    return { label, before, after, deltaPoints };
  });
  const changed: OutcomeChange[] = [];
  const added: string[] = [];
  for (const [id, outcome] of Object.entries(current.questions)) {
    const previous = baseline.questions[id];
    if (!previous) {
      added.push(id);
      continue;
    }
    const before = describeOutcome(previous);
    const after = describeOutcome(outcome);
    if (before !== after) changed.push({ id, before, after });
  }
  const removed = Object.keys(baseline.questions).filter((id) => !(id in current.questions));
  const notes: string[] = [];
  if (baseline.corpus !== current.corpus) {
    notes.push(
      `the baseline was made ${baseline.corpus ? "with" : "without"} the shared corpus and this run ${current.corpus ? "with" : "without"} it; rates cover different question sets`,
    );
  }
  return { metrics, changed, added, removed, notes };
}

/** Plain-text lines for the console. */
export function formatComparison(comparison: Comparison): string[] {
  const lines = comparison.notes.map((note) => `note: ${note}`);
  for (const metric of comparison.metrics) {
    const delta =
      metric.deltaPoints === null ? "n/a" : `${metric.deltaPoints >= 0 ? "+" : ""}${metric.deltaPoints.toFixed(1)} pts`;
    lines.push(
      `  ${metric.label}: ${metric.before.successes}/${metric.before.total} → ${metric.after.successes}/${metric.after.total} (${delta})`,
    );
  }
  if (comparison.changed.length === 0) lines.push("  no question changed its outcome");
  for (const change of comparison.changed) lines.push(`  ${change.id}: ${change.before} → ${change.after}`);
  if (comparison.added.length > 0) lines.push(`  new questions: ${comparison.added.join(", ")}`);
  if (comparison.removed.length > 0) lines.push(`  questions not in this run: ${comparison.removed.join(", ")}`);
  return lines;
}
