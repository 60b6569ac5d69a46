import type { Comparison } from "./eval-baseline";
import type { EvalMetrics, QuestionOutcome } from "./eval-scoring";
import { rateLabels } from "./eval-scoring";
import { formatRate } from "./wilson-interval";

export interface RunInfo {
  createdAt: string;
  configuration: string;
  topK: number;
  corpus: { present: boolean; note: string };
  documents: number;
  pages: number;
  questions: { answerable: number; unanswerable: number };
  durations: { ingestMs: number; askMs: number; totalMs: number };
}

/** The short markdown summary written next to regression-report.json. */
export function renderSummary(
  run: RunInfo,
  metrics: EvalMetrics,
  bySource: Record<string, EvalMetrics>,
  outcomes: QuestionOutcome[],
  comparison: Comparison | null,
): string {
  const lines = [
    `# Regression eval summary (${run.configuration})`,
    "",
    `${run.createdAt}: ${run.documents} documents (${run.pages} pages), ${run.questions.answerable} answerable and ${run.questions.unanswerable} unanswerable questions, top-k ${run.topK}. Corpus: ${run.corpus.note}. Ingest ${seconds(run.durations.ingestMs)}, asks ${seconds(run.durations.askMs)}, total ${seconds(run.durations.totalMs)}.`,
    "",
    "| metric | all | generated | corpus |",
    "| --- | --- | --- | --- |",
    ...rateLabels.map(
      ([key, label]) =>
        `| ${label} | ${formatRate(metrics[key])} | ${cell(bySource.generated, key)} | ${cell(bySource.corpus, key)} |`,
    ),
    "",
    `Earliest stage without an answer (answerable): retrieval ${metrics.stages.retrieval}, drafting ${metrics.stages.drafting}, validation ${metrics.stages.validation}.`,
    "",
  ];
  const misses = outcomes.filter((outcome) => outcome.verdict !== "correct" && outcome.verdict !== "refused");
  if (misses.length > 0) {
    lines.push(
      "## Questions not answered as expected",
      "",
      "| id | verdict | stage | gold rank | cited |",
      "| --- | --- | --- | --- | --- |",
    );
    for (const outcome of misses) {
      lines.push(
        `| ${outcome.id} | ${outcome.verdict} | ${outcome.stage ?? "-"} | ${outcome.goldRank ?? "-"} | ${outcome.cited.join("; ") || "-"} |`,
      );
    }
    lines.push("");
  }
  if (comparison) {
    lines.push("## Against the baseline", "");
    for (const note of comparison.notes) lines.push(`Note: ${note}.`, "");
    for (const metric of comparison.metrics) {
      const delta =
        metric.deltaPoints === null
          ? "n/a"
          : `${metric.deltaPoints >= 0 ? "+" : ""}${metric.deltaPoints.toFixed(1)} pts`;
      lines.push(`- ${metric.label}: ${formatRate(metric.before)} → ${formatRate(metric.after)} (${delta})`);
    }
    lines.push("");
    if (comparison.changed.length === 0) lines.push("No question changed its outcome.");
    for (const change of comparison.changed) lines.push(`- ${change.id}: ${change.before} → ${change.after}`);
    lines.push("");
  }
  return lines.join("\n");
}

function cell(metrics: EvalMetrics | undefined, key: (typeof rateLabels)[number][0]): string {
  // Unanswerable questions belong to no document, so the per-source columns would only repeat the total.
  if (key === "refusalRate") return "(all)";
  return metrics ? formatRate(metrics[key]) : "-";
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
