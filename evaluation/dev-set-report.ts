import { compactRate, type DevMetrics, metricColumns } from "./dev-set-metrics";
import { type DevCategory, devCategories, type LoadedDevQuestion } from "./dev-set-schema";
import type { DevOutcome, FailureStage } from "./dev-set-scoring";
import type { QuoteMatch } from "./text-judge";

/** Engine and baseline figures over the same questions, overall and per category. */
export interface SystemsSummary {
  engine: { overall: DevMetrics; categories: Partial<Record<DevCategory, DevMetrics>> };
  baseline: { overall: DevMetrics; categories: Partial<Record<DevCategory, DevMetrics>> };
}

/** One question the engine did not get fully right, with what is needed to diagnose it. */
export interface FailureEntry {
  id: string;
  category: DevCategory;
  question: string;
  document: string;
  stage: FailureStage;
  goldRank: number | null;
  expected: Array<{ pattern: string; pages: number[]; evidence: string; matched: boolean }>;
  answered: Array<{ text: string; quote: string; cited: string[]; quoteMatch: QuoteMatch | null }>;
  /** What the baseline said, for comparison. */
  baseline: { correct: boolean; sentence: string | null };
}

/** The failures list: every engine outcome with a stage, in dev-set order. */
export function listFailures(
  questions: LoadedDevQuestion[],
  engine: DevOutcome[],
  baseline: DevOutcome[],
): FailureEntry[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const baselineById = new Map(baseline.map((outcome) => [outcome.id, outcome]));
  return engine.flatMap((outcome): FailureEntry[] => {
    const question = byId.get(outcome.id);
    if (!outcome.stage || !question) return [];
    const other = baselineById.get(outcome.id);
    return [
      {
        id: outcome.id,
        category: outcome.category,
        question: outcome.question,
        document: outcome.document,
        stage: outcome.stage,
        goldRank: outcome.goldRank,
        expected: question.facts.map((fact, index) => ({ ...fact, matched: outcome.factsMatched[index] ?? false })),
        answered: outcome.claimDetails.map(({ text, quote, cited, quoteMatch }) => ({
          text,
          quote,
          cited,
          quoteMatch,
        })),
        baseline: { correct: other?.correct ?? false, sentence: other?.claimDetails[0]?.quote ?? null },
      },
    ];
  });
}

const rows = (summary: SystemsSummary): Array<{ label: string; engine: DevMetrics; baseline: DevMetrics }> => [
  { label: "all", engine: summary.engine.overall, baseline: summary.baseline.overall },
  ...devCategories.flatMap((category) => {
    const engine = summary.engine.categories[category];
    const baseline = summary.baseline.categories[category];
    return engine && baseline ? [{ label: category, engine, baseline }] : [];
  }),
];

const latency = (metrics: DevMetrics) =>
  metrics.latencyMs ? `${metrics.latencyMs.p50}/${metrics.latencyMs.p95}` : "—";

/** Metrics that mean nothing for a row (abstention on answerable questions and the reverse) print blank. */
function cell(metrics: DevMetrics, key: (typeof metricColumns)[number]["key"]): string {
  const value = metrics[key];
  if (value !== null && value.total === 0) return "";
  return compactRate(value);
}

/** The console table: a row per category and system, a column per metric. */
export function renderConsoleTable(summary: SystemsSummary): string {
  const header = ["category", "n", "system", ...metricColumns.map((column) => column.label), "p50/p95 ms"];
  const body: string[][] = [];
  for (const row of rows(summary)) {
    for (const [system, metrics] of [
      ["engine", row.engine],
      ["baseline", row.baseline],
    ] as const) {
      body.push([
        system === "engine" ? row.label : "",
        system === "engine" ? String(metrics.questions) : "",
        system,
        ...metricColumns.map((column) => cell(metrics, column.key)),
        latency(metrics),
      ]);
    }
  }
  const widths = header.map((title, index) =>
    Math.max(title.length, ...body.map((line) => (line[index] ?? "").length)),
  );
  const format = (line: string[]) =>
    line
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  return [format(header), ...body.map(format)].join("\n");
}

/** The Markdown summary: what was run, the table, failure stages and the failures list. */
export function renderMarkdown(
  run: {
    createdAt: string;
    configuration: string;
    topK: number;
    documents: number;
    pages: number;
    note: string;
    goldProblems?: Array<{ id: string; fact: number; pattern: string; pages: number[] }>;
  },
  summary: SystemsSummary,
  failures: FailureEntry[],
): string {
  const lines = [
    `# Dev-set eval (${run.configuration})`,
    "",
    `${run.createdAt}: ${summary.engine.overall.questions} questions over ${run.documents} documents (${run.pages} pages), asked over the whole library, top-k ${run.topK}. ${run.note}`,
    "",
    "Each cell: k/n = p% [Wilson 95% interval]. Baseline: plain BM25, best sentence of the top passage, same index.",
    "",
    `| category | n | system | ${metricColumns.map((column) => column.long).join(" | ")} | latency p50/p95 ms |`,
    `| --- | --- | --- | ${metricColumns.map(() => "---").join(" | ")} | --- |`,
  ];
  for (const row of rows(summary)) {
    for (const [system, metrics] of [
      ["engine", row.engine],
      ["baseline", row.baseline],
    ] as const) {
      const cells = metricColumns.map((column) => cell(metrics, column.key) || "");
      lines.push(
        `| ${system === "engine" ? row.label : ""} | ${system === "engine" ? metrics.questions : ""} | ${system} | ${cells.join(" | ")} | ${latency(metrics)} |`,
      );
    }
  }
  const stages = summary.engine.overall.stages;
  lines.push(
    "",
    `Quotes not verbatim but on the page with other spacing: engine ${summary.engine.overall.quotesSpacingOnly}, baseline ${summary.baseline.overall.quotesSpacingOnly}.`,
    "",
    `Padding (claims meeting no asked fact in answers with one that does): engine ${summary.engine.overall.paddingClaims}, baseline ${summary.baseline.overall.paddingClaims}.`,
    "",
    `Engine, earliest failing stage: retrieval ${stages.retrieval}, drafting-abstained ${stages["drafting-abstained"]}, wrong-claim ${stages["wrong-claim"]}, page ${stages.page}, false answer on unanswerable ${stages["false-answer"]}.`,
    "",
  );
  const goldProblems = run.goldProblems ?? [];
  if (goldProblems.length > 0) {
    lines.push(
      "## Dev-set gold check",
      "",
      "Facts whose pattern is not in pdftotext's text of any of their pages (a dev-set error for its writer; no answer can be right on that page):",
      "",
      ...goldProblems.map((p) => `- ${p.id} fact ${p.fact}: /${p.pattern}/ on p. ${p.pages.join(", ")}`),
      "",
    );
  }
  if (failures.length > 0) lines.push("## Engine failures", "", ...failures.flatMap(renderFailure));
  return `${lines.join("\n")}\n`;
}

const oneLine = (text: string) => text.replace(/\s+/gu, " ").trim();

function renderFailure(failure: FailureEntry): string[] {
  const lines = [
    `### ${failure.id} (${failure.category}): ${failure.stage}`,
    "",
    `Q: ${failure.question}  `,
    `Document: ${failure.document}; best gold-page rank: ${failure.goldRank ?? "not retrieved"}`,
    "",
  ];
  for (const fact of failure.expected) {
    lines.push(
      `- expected ${fact.matched ? "(matched)" : "(missed)"} /${fact.pattern}/ on p. ${fact.pages.join(", ")}: "${oneLine(fact.evidence)}"`,
    );
  }
  if (failure.answered.length === 0) lines.push("- engine: no claim");
  for (const claim of failure.answered) {
    const verbatim =
      claim.quoteMatch === "absent"
        ? " [quote NOT on the cited page]"
        : claim.quoteMatch === "spacing-only"
          ? " [quote on the cited page with other spacing]"
          : "";
    lines.push(`- engine: "${oneLine(claim.quote)}" (${claim.cited.join("; ") || "no citation"})${verbatim}`);
  }
  lines.push(
    `- baseline${failure.baseline.correct ? " (correct)" : ""}: ${failure.baseline.sentence ? `"${oneLine(failure.baseline.sentence)}"` : "nothing retrieved"}`,
    "",
  );
  return lines;
}
