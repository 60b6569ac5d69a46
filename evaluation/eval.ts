/**
 * `npm run eval`: uploads the generated eval documents (and the shared corpus when present) to
 * the real app in-process, asks every labelled question, scores the answers, writes
 * evaluation/results/eval-report.json and eval-summary.md, and compares with the baseline.
 *
 *   node --import tsx evaluation/eval.ts [--generator extractive|ollama] [--no-corpus] [--update-baseline]
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type AskResponse, askResponseSchema } from "@audited-rag/core";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app";
import { parseConfig } from "../apps/server/src/config";
import { multipartFile } from "../tests/support/multipart";
import {
  type BaselineFile,
  type Comparison,
  compareWithBaseline,
  formatComparison,
  parseBaseline,
  toBaselineEntry,
} from "./eval-baseline";
import { type EvalQuestion, parseQuestionSet } from "./eval-questions";
import { type QuestionOutcome, rateLabels, scoreQuestion, summarise } from "./eval-scoring";
import { type RunInfo, renderSummary } from "./eval-summary";
import { buildEvalDocuments } from "./fixtures/eval-documents";
import { formatRate } from "./wilson-interval";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const corpusDir = path.resolve(repoRoot, "../shared/corpus");
const corpusFiles = ["NIST.FIPS.197.pdf", "NIST.AI.100-1.pdf", "rfc7519.pdf"];
const resultsDir = path.join(repoRoot, "evaluation/results");
const baselinePath = path.join(repoRoot, "evaluation/baseline/eval-baseline.json");
const questionsPath = path.join(repoRoot, "evaluation/fixtures/eval-questions.json");

interface Options {
  generator: "extractive" | "ollama";
  corpus: boolean;
  updateBaseline: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      generator: { type: "string", default: "extractive" },
      "no-corpus": { type: "boolean", default: false },
      "update-baseline": { type: "boolean", default: false },
    },
  });
  if (values.generator !== "extractive" && values.generator !== "ollama") {
    throw new UsageError(`--generator must be extractive or ollama, not ${values.generator}`);
  }
  if (values.generator === "ollama" && !process.env.OLLAMA_HOST) {
    throw new UsageError("--generator ollama needs OLLAMA_HOST (e.g. OLLAMA_HOST=http://127.0.0.1:11434)");
  }
  return { generator: values.generator, corpus: !values["no-corpus"], updateBaseline: values["update-baseline"] };
}

class UsageError extends Error {}

/** The environment the app is built from: embedded defaults, or Ollama for drafting and embeddings. */
function appEnvironment(options: Options, dataDir: string): Record<string, string | undefined> {
  // Login off and app.inject's default Host allowed: the evaluation talks to the app in-process.
  const base = {
    RAG_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RAG_JEV_MODE: "off",
    RAG_AUTH: "off",
    RAG_ALLOWED_HOSTS: "localhost:80",
  };
  if (options.generator === "extractive") return base;
  return {
    ...base,
    RAG_GENERATOR: "ollama",
    RAG_EMBEDDER: "ollama",
    OLLAMA_HOST: process.env.OLLAMA_HOST,
    RAG_CHAT_MODEL: process.env.RAG_CHAT_MODEL,
    RAG_EMBED_MODEL: process.env.RAG_EMBED_MODEL,
  };
}

async function upload(app: FastifyInstance, filename: string, bytes: Uint8Array): Promise<{ pages: number } | string> {
  const { payload, headers } = multipartFile(bytes, filename);
  const response = await app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    return `${response.statusCode} ${response.body.slice(0, 200)}`;
  }
  return { pages: (response.json() as { document: { pages: number } }).document.pages };
}

async function ask(app: FastifyInstance, question: EvalQuestion): Promise<AskResponse> {
  const response = await app.inject({ method: "POST", url: "/api/ask", payload: { question: question.question } });
  if (response.statusCode !== 200) {
    throw new Error(`POST /api/ask for ${question.id} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return askResponseSchema.parse(response.json());
}

async function main(): Promise<void> {
  const options = readOptions();
  const started = performance.now();
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
  const config = parseConfig(appEnvironment(options, dataDir));
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
    for (const question of questions) outcomes.push(scoreQuestion(question, await ask(app, question)));
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
    await writeFile(path.join(resultsDir, "eval-report.json"), `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(
      path.join(resultsDir, "eval-summary.md"),
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
      `\nWrote evaluation/results/eval-report.json and eval-summary.md in ${(run.durations.totalMs / 1000).toFixed(1)} s.`,
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

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
