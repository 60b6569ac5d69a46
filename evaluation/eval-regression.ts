/**
 * The regression set (`npm run eval:regression`, or after the dev set with `npm run eval -- --regression`):
 * uploads the generated eval documents (and three shared-corpus PDFs when present) to the real
 * app in-process, asks the project-written questions, scores the answers, writes
 * evaluation/results/regression-report.json and regression-summary.md, and compares with the
 * committed baseline. These questions were written alongside the engine, so they catch
 * regressions; the dev set (eval.ts) measures accuracy.
 *
 *   node --import tsx evaluation/eval-regression.ts [--generator extractive|ollama] [--no-corpus] [--update-baseline]
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildApp } from "../apps/server/src/app";
import { parseConfig } from "../apps/server/src/config";
import {
  appEnvironment,
  ask,
  defaultCorpusDir,
  type EvalGenerator,
  parseGenerator,
  UsageError,
  upload,
} from "./eval-app";
import {
  type BaselineFile,
  type Comparison,
  compareWithBaseline,
  formatComparison,
  parseBaseline,
  toBaselineEntry,
} from "./eval-baseline";
import { parseQuestionSet } from "./eval-questions";
import { type QuestionOutcome, rateLabels, scoreQuestion, summarise } from "./eval-scoring";
import { type RunInfo, renderSummary } from "./eval-summary";
import { buildEvalDocuments } from "./fixtures/eval-documents";
import { formatRate } from "./wilson-interval";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const defaultCorpus = defaultCorpusDir(repoRoot);
const corpusFiles = ["NIST.FIPS.197.pdf", "NIST.AI.100-1.pdf", "rfc7519.pdf"];
const resultsDir = path.join(repoRoot, "evaluation/results");
const baselinePath = path.join(repoRoot, "evaluation/baseline/eval-baseline.json");
const questionsPath = path.join(repoRoot, "evaluation/fixtures/eval-questions.json");

export interface RegressionOptions {
  generator: EvalGenerator;
  corpus: boolean;
  /** Where the shared corpus is; ../shared/corpus next to the checkout by default. */
  corpusDir?: string;
  updateBaseline: boolean;
}
type Options = RegressionOptions;

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      generator: { type: "string", default: "extractive" },
      "no-corpus": { type: "boolean", default: false },
      "update-baseline": { type: "boolean", default: false },
      corpus: { type: "string", default: defaultCorpus },
    },
  });
  return {
    generator: parseGenerator(values.generator),
    corpus: !values["no-corpus"],
    corpusDir: path.resolve(values.corpus),
    updateBaseline: values["update-baseline"],
  };
}

/** Runs the regression set and prints and writes its report. */
export async function runRegression(options: RegressionOptions): Promise<void> {
  const started = performance.now();
  const corpusDir = options.corpusDir ?? defaultCorpus;
  const questionSet = parseQuestionSet(JSON.parse(await readFile(questionsPath, "utf8")));
  const missingCorpus = corpusFiles.filter((file) => !existsSync(path.join(corpusDir, file)));
  const useCorpus = options.corpus && missingCorpus.length === 0;
  const corpusNote = !options.corpus
    ? "skipped (--no-corpus)"
    : useCorpus
      ? `${corpusFiles.join(", ")} from ../shared/corpus`
      : `skipped: ${missingCorpus.join(", ")} not found in ${corpusDir}`;
  if (!useCorpus) console.log(`Corpus questions ${corpusNote}.`);

  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-eval-"));
  const config = parseConfig(appEnvironment(options.generator, dataDir));
  const configuration = `${config.generator}+${config.embedder}`;
  const app = await buildApp(config, { logger: false });
  try {
    const documents: Array<{ filename: string; bytes: Uint8Array }> = await buildEvalDocuments();
    if (useCorpus) {
      for (const file of corpusFiles) {
        documents.push({ filename: file, bytes: new Uint8Array(await readFile(path.join(corpusDir, file))) });
      }
    }
    const ingestStarted = performance.now();
    let pages = 0;
    const failedUploads = new Set<string>();
    for (const document of documents) {
      const result = await upload(app, document.filename, document.bytes);
      if (typeof result === "string") {
        failedUploads.add(document.filename);
        console.error(`Upload of ${document.filename} failed: ${result}; its questions are skipped.`);
      } else {
        pages += result.pages;
      }
    }
    const ingestMs = performance.now() - ingestStarted;
    console.log(
      `Ingested ${documents.length - failedUploads.size} documents, ${pages} pages, in ${(ingestMs / 1000).toFixed(1)} s.`,
    );

    const questions = questionSet.questions.filter(
      (question) =>
        !question.answerable ||
        ((question.source === "generated" || useCorpus) && !failedUploads.has(question.document)),
    );
    const askStarted = performance.now();
    const outcomes: QuestionOutcome[] = [];
    for (const question of questions)
      outcomes.push(scoreQuestion(question, await ask(app, question.id, question.question)));
    const askMs = performance.now() - askStarted;

    const metrics = summarise(outcomes);
    const bySource = {
      generated: summarise(outcomes.filter((outcome) => outcome.source !== "corpus")),
      ...(useCorpus ? { corpus: summarise(outcomes.filter((outcome) => outcome.source !== "generated")) } : {}),
    };
    const createdAt = new Date().toISOString();
    const run: RunInfo = {
      createdAt,
      configuration,
      topK: config.topK,
      corpus: { present: useCorpus, note: corpusNote },
      documents: documents.length - failedUploads.size,
      pages,
      questions: {
        answerable: outcomes.filter((outcome) => outcome.answerable).length,
        unanswerable: outcomes.filter((outcome) => !outcome.answerable).length,
      },
      durations: { ingestMs, askMs, totalMs: performance.now() - started },
    };

    const entry = toBaselineEntry(createdAt, useCorpus, metrics, outcomes);
    const baseline = await readBaseline();
    const previous = baseline?.configurations[configuration];
    const comparison: Comparison | null = previous ? compareWithBaseline(previous, entry) : null;

    await mkdir(resultsDir, { recursive: true });
    const report = { run, metrics, bySource, outcomes, comparison };
    await writeFile(path.join(resultsDir, "regression-report.json"), `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(
      path.join(resultsDir, "regression-summary.md"),
      renderSummary(run, metrics, bySource, outcomes, comparison),
    );

    console.log(
      `\n${configuration}, ${run.questions.answerable} answerable + ${run.questions.unanswerable} unanswerable questions:`,
    );
    for (const [key, label] of rateLabels) console.log(`  ${label}: ${formatRate(metrics[key])}`);
    const { stages } = metrics;
    console.log(
      `  no answer, by earliest stage: retrieval ${stages.retrieval}, drafting ${stages.drafting}, validation ${stages.validation}`,
    );
    if (comparison) {
      console.log(`\nAgainst the baseline of ${previous?.createdAt}:`);
      for (const line of formatComparison(comparison)) console.log(line);
    } else if (!options.updateBaseline) {
      console.log(`\nNo baseline for ${configuration} yet; run with --update-baseline to record this run as one.`);
    }
    if (options.updateBaseline) {
      const next: BaselineFile = { configurations: { ...baseline?.configurations, [configuration]: entry } };
      await mkdir(path.dirname(baselinePath), { recursive: true });
      await writeFile(baselinePath, `${JSON.stringify(next, null, 2)}\n`);
      console.log(`Baseline for ${configuration} written to ${path.relative(repoRoot, baselinePath)}.`);
    }
    console.log(
      `\nWrote evaluation/results/regression-report.json and regression-summary.md in ${(run.durations.totalMs / 1000).toFixed(1)} s.`,
    );
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function readBaseline(): Promise<BaselineFile | null> {
  if (!existsSync(baselinePath)) return null;
  return parseBaseline(JSON.parse(await readFile(baselinePath, "utf8")));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runRegression(readOptions()).catch((error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(1);
  });
}
