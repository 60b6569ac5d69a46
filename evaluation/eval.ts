/**
 * `npm run eval`: the real-document dev set. Ingests every PDF the dev set names (from
 * ../shared/corpus) into one app built in-process on a temporary data folder, asks every
 * question over the whole library, scores the engine and, on the same index, the "plain BM25,
 * best sentence of the top passage" baseline, and writes evaluation/results/eval-report.json,
 * eval-summary.md and eval-failures.json. `--regression` then runs the old generated-fixture set.
 *
 *   node --import tsx evaluation/eval.ts [--dev-set DIR|FILE] [--only ID_PREFIX] [--category C]
 *        [--json] [--regression] [--generator extractive|ollama] [--corpus DIR (default ../shared/corpus)]
 *        [--results DIR (default evaluation/results)] [--typos] [--lowercase]
 *
 * `--typos` asks every question with one typing slip in its longest lower-case word
 * (typing-slip.ts), and `--lowercase` all in lower case, to measure how answers hold up when the
 * question is typed in a hurry.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { AskResponse } from "@audited-rag/core";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app";
import { parseConfig } from "../apps/server/src/config";
import { bestSentence, type TermStatistics, termStatistics } from "./bm25-sentence-baseline";
import { checkGold, goldPages } from "./dev-set-gold-check";
import { summariseByCategory } from "./dev-set-metrics";
import { listFailures, renderConsoleTable, renderMarkdown, type SystemsSummary } from "./dev-set-report";
import { type DevCategory, devCategories, type LoadedDevQuestion, loadDevSet, selectQuestions } from "./dev-set-schema";
import { type DevOutcome, type ScoredAnswer, scoreDevQuestion } from "./dev-set-scoring";
import {
  appEnvironment,
  ask,
  defaultCorpusDir,
  devSetFiles,
  type EvalGenerator,
  parseGenerator,
  UsageError,
  upload,
} from "./eval-app";
import { runRegression } from "./eval-regression";
import { PopplerPages, pdftotextAvailable } from "./poppler-pages";
import { withTypingSlip } from "./typing-slip";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const defaultCorpus = defaultCorpusDir(repoRoot);
const defaultDevSet = path.join(repoRoot, "evaluation/dev-set");
const defaultResults = path.join(repoRoot, "evaluation/results");

interface Options {
  devSet: string;
  corpus: string;
  results: string;
  idPrefix?: string;
  category?: DevCategory;
  json: boolean;
  regression: boolean;
  generator: EvalGenerator;
  typos: boolean;
  lowercase: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      "dev-set": { type: "string", default: defaultDevSet },
      corpus: { type: "string", default: defaultCorpus },
      results: { type: "string", default: defaultResults },
      only: { type: "string" },
      category: { type: "string" },
      json: { type: "boolean", default: false },
      regression: { type: "boolean", default: false },
      generator: { type: "string", default: "extractive" },
      typos: { type: "boolean", default: false },
      lowercase: { type: "boolean", default: false },
    },
  });
  const category = values.category;
  if (values.json && values.regression) {
    throw new UsageError("--json prints the dev-set report alone; run npm run eval:regression separately.");
  }
  if (category !== undefined && !(devCategories as readonly string[]).includes(category)) {
    throw new UsageError(`--category must be one of ${devCategories.join(", ")}, not ${category}`);
  }
  return {
    devSet: path.resolve(values["dev-set"]),
    corpus: path.resolve(values.corpus),
    results: path.resolve(values.results),
    idPrefix: values.only,
    category: category as DevCategory | undefined,
    json: values.json,
    regression: values.regression,
    generator: parseGenerator(values.generator),
    typos: values.typos,
    lowercase: values.lowercase,
  };
}

/** A question as the run asks it: as written, with one typing slip (`--typos`), in lower case (`--lowercase`). */
function typedAs(question: LoadedDevQuestion, options: Pick<Options, "typos" | "lowercase">): string {
  const slipped = options.typos ? withTypingSlip(question.question, question.id) : question.question;
  return options.lowercase ? slipped.toLowerCase() : slipped;
}

/** Progress goes to stderr so `--json` leaves stdout to the report. */
const log = (message: string) => process.stderr.write(`${message}\n`);

async function readDevSet(location: string): Promise<LoadedDevQuestion[]> {
  if (!existsSync(location)) throw new UsageError(`No dev set at ${location}.`);
  const files = await devSetFiles(location);
  if (files.length === 0) throw new UsageError(`No dev-set JSON files in ${location}.`);
  const parsed = await Promise.all(
    files.map(async (file) => {
      try {
        return { name: path.relative(repoRoot, file), content: JSON.parse(await readFile(file, "utf8")) as unknown };
      } catch (error) {
        throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
      }
    }),
  );
  return loadDevSet(parsed);
}

/** The engine's answer as the scorer sees it: every claim of every part, the ledger's pages. */
function engineAnswer(response: AskResponse, latencyMs: number): ScoredAnswer {
  const byId = new Map(response.ledger.map((entry) => [entry.id, entry]));
  return {
    claims: response.parts
      .flatMap((part) => part.claims)
      .map((claim) => ({
        text: claim.text,
        quote: claim.quote,
        cited: claim.citations.flatMap((id) => {
          const entry = byId.get(id);
          return entry ? [{ filename: entry.filename, page: entry.page }] : [];
        }),
      })),
    retrieved: response.ledger.map((entry) => ({ filename: entry.filename, page: entry.page, rank: entry.rank })),
    latencyMs,
  };
}

/**
 * The baseline on the same index: the whole question's top passage, its best BM25 sentence,
 * always answered. No query embedding is passed, so it stays plain BM25 when the engine fuses dense vectors.
 */
async function baselineAnswer(app: FastifyInstance, question: string, topK: number, statistics: TermStatistics) {
  const started = performance.now();
  const { index, store } = app.services;
  const hits = await index.search({ text: question, topK, documentIds: store.readyDocumentIds() });
  const chunks = store.getChunks(hits.map((hit) => hit.chunkId));
  const top = chunks[0];
  const sentence = top ? bestSentence(question, top.text, statistics) : null;
  const answer: ScoredAnswer = {
    claims:
      top && sentence
        ? [{ text: sentence.text, quote: sentence.text, cited: [{ filename: top.filename, page: top.page }] }]
        : [],
    retrieved: chunks.map((chunk, k) => ({ filename: chunk.filename, page: chunk.page, rank: k + 1 })),
    latencyMs: performance.now() - started,
  };
  return answer;
}

async function runDevSet(options: Options): Promise<void> {
  const started = performance.now();
  const corpusDir = options.corpus;
  const read = await readDevSet(options.devSet);
  const all = read.map((question) => ({ ...question, question: typedAs(question, options) }));
  const selected = selectQuestions(all, { idPrefix: options.idPrefix, category: options.category });
  log(
    `Dev set: ${all.length} questions from ${path.relative(repoRoot, options.devSet) || options.devSet}; ${selected.length} selected.`,
  );
  if (selected.length === 0) throw new UsageError("No question matches --only / --category.");
  if (!existsSync(corpusDir)) {
    log(`Dev-set eval skipped: the corpus folder ${corpusDir} is absent (the dev set reads its PDFs from there).`);
    return;
  }
  // The whole dev set's library even under --only / --category: a smaller library would make retrieval easier.
  const documents = [...new Set(all.map((question) => question.document))];
  const missing = documents.filter((document) => !existsSync(path.join(corpusDir, document)));
  for (const document of missing) log(`Skipping the questions on ${document}: not found in ${corpusDir}.`);
  // The ledger names documents by filename, so two dev-set paths with one basename could not be told apart.
  const byFilename = new Map<string, string>();
  for (const document of documents.filter((d) => !missing.includes(d))) {
    const filename = path.basename(document);
    const other = byFilename.get(filename);
    if (other !== undefined && other !== document) {
      throw new UsageError(`${document} and ${other} share the filename ${filename}; rename one in the dev set.`);
    }
    byFilename.set(filename, document);
  }

  const hasPoppler = await pdftotextAvailable();
  if (!hasPoppler) log("pdftotext (poppler) is not installed: 'quotes verbatim on the cited page' is not measured.");

  const files = new Map([...byFilename].map(([filename, document]) => [filename, path.join(corpusDir, document)]));
  const poppler = new PopplerPages(files, hasPoppler);
  const present = selected.filter((question) => !missing.includes(question.document));
  await poppler.load(goldPages(present));
  const goldProblems = checkGold(present, poppler.renderings);
  for (const problem of goldProblems) {
    log(
      `Dev-set gold check: ${problem.id} fact ${problem.fact} /${problem.pattern}/ is not in pdftotext's text of p. ${problem.pages.join(", ")}.`,
    );
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-dev-eval-"));
  const config = parseConfig(appEnvironment(options.generator, dataDir));
  const configuration = `${config.generator}+${config.embedder}`;
  const app = await buildApp(config, { logger: false });
  try {
    const ingestStarted = performance.now();
    let pages = 0;
    const failed = new Set(missing);
    for (const [filename, document] of byFilename) {
      const result = await upload(app, filename, new Uint8Array(await readFile(path.join(corpusDir, document))));
      if (typeof result === "string") {
        failed.add(document);
        log(`Upload of ${document} failed: ${result}; its questions are skipped.`);
      } else pages += result.pages;
    }
    const ingested = documents.length - failed.size;
    const ingestMs = performance.now() - ingestStarted;
    log(`Ingested ${ingested} documents, ${pages} pages, in ${(ingestMs / 1000).toFixed(1)} s.`);
    const questions = selected.filter((question) => !failed.has(question.document));
    if (questions.length === 0) throw new UsageError("No selected question has its document in the library.");

    const { store } = app.services;
    const statistics = termStatistics(
      store.listDocuments().flatMap((document) => store.listChunks(document.id).map((chunk) => chunk.text)),
    );

    // One untimed round first, so the percentiles measure asks rather than the first JIT compilation.
    const warmUp = questions[0] as LoadedDevQuestion;
    await ask(app, warmUp.id, warmUp.question);
    await baselineAnswer(app, warmUp.question, config.topK, statistics);

    const askStarted = performance.now();
    const engineAnswers: ScoredAnswer[] = [];
    const baselineAnswers: ScoredAnswer[] = [];
    for (const question of questions) {
      const asked = performance.now();
      const response = await ask(app, question.id, question.question);
      engineAnswers.push(engineAnswer(response, performance.now() - asked));
      baselineAnswers.push(await baselineAnswer(app, question.question, config.topK, statistics));
    }
    const askMs = performance.now() - askStarted;

    await poppler.load(
      [...engineAnswers, ...baselineAnswers].flatMap((answer) => answer.claims.flatMap((c) => c.cited)),
    );
    const score = (answers: ScoredAnswer[]): DevOutcome[] =>
      questions.map((question, k) => scoreDevQuestion(question, answers[k] as ScoredAnswer, poppler.renderings));
    const engine = score(engineAnswers);
    const baseline = score(baselineAnswers);
    const summary: SystemsSummary = { engine: summariseByCategory(engine), baseline: summariseByCategory(baseline) };
    const failures = listFailures(questions, engine, baseline);

    const createdAt = new Date().toISOString();
    const filters = [
      options.idPrefix !== undefined ? `--only ${options.idPrefix}` : "",
      options.category !== undefined ? `--category ${options.category}` : "",
    ].filter(Boolean);
    const note = [
      missing.length > 0 ? `Not in the corpus (questions skipped): ${missing.join(", ")}.` : "",
      filters.length > 0 ? `Selection: ${filters.join(" ")}.` : "",
      options.typos ? "Questions asked with one typing slip each (--typos)." : "",
      options.lowercase ? "Questions asked in lower case (--lowercase)." : "",
      hasPoppler
        ? "Quotes judged against pdftotext (default and -layout)."
        : "pdftotext missing: verbatim not measured.",
      "Latency: wall time of one in-process ask (engine) or search + sentence choice (baseline).",
    ]
      .filter(Boolean)
      .join(" ");
    const run = {
      createdAt,
      configuration,
      topK: config.topK,
      devSet: path.relative(repoRoot, options.devSet),
      filters,
      documents: ingested,
      pages,
      questions: questions.length,
      skippedQuestions: selected.length - questions.length,
      pdftotext: hasPoppler,
      goldProblems,
      popplerFailures: poppler.failures,
      note,
      durations: { ingestMs, askMs, totalMs: performance.now() - started },
    };
    const report = { run, summary, engine, baseline };

    const resultsDir = options.results;
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, "eval-report.json"), `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(path.join(resultsDir, "eval-failures.json"), `${JSON.stringify(failures, null, 2)}\n`);
    await writeFile(path.join(resultsDir, "eval-summary.md"), renderMarkdown(run, summary, failures));

    if (options.json) {
      process.stdout.write(`${JSON.stringify({ run, summary, failures }, null, 2)}\n`);
    } else {
      console.log(
        `\nDev set, ${configuration}: ${questions.length} questions, ${ingested} documents (${pages} pages), whole library, top-k ${config.topK}.`,
      );
      console.log(
        "Cells: k/n = p% [Wilson 95%]. Baseline: plain BM25, best sentence of the top passage, same index.\n",
      );
      console.log(renderConsoleTable(summary));
      const stages = summary.engine.overall.stages;
      console.log(
        `\nEngine misses by earliest failing stage: retrieval ${stages.retrieval}, drafting-abstained ${stages["drafting-abstained"]}, wrong-claim ${stages["wrong-claim"]}, page ${stages.page}; false answers on unanswerable ${stages["false-answer"]}.`,
      );
      if (goldProblems.length > 0) {
        console.log(
          `Dev-set gold check: ${goldProblems.length} facts whose pattern is not in pdftotext's text of their pages (listed above and in the report): ${goldProblems.map((problem) => problem.id).join(", ")}.`,
        );
      }
      if (!hasPoppler) console.log("verbatim: not measured (pdftotext is not installed).");
      else {
        console.log(
          `Quotes not verbatim but on the page with other spacing: engine ${summary.engine.overall.quotesSpacingOnly}, baseline ${summary.baseline.overall.quotesSpacingOnly}.`,
        );
      }
      console.log(
        `Padding (claims meeting no asked fact in answers with one that does): engine ${summary.engine.overall.paddingClaims}, baseline ${summary.baseline.overall.paddingClaims}.`,
      );
      console.log(`\n${note}`);
      console.log(
        `Wrote ${path.relative(process.cwd(), path.join(resultsDir, "eval-report.json"))}, eval-summary.md and eval-failures.json (${failures.length} failures) in ${(run.durations.totalMs / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  await runDevSet(options);
  if (options.regression) {
    log("\nRegression set (generated fixtures and project-written questions):");
    await runRegression({
      generator: options.generator,
      corpus: true,
      corpusDir: options.corpus,
      updateBaseline: false,
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError || error instanceof Error ? error.message : error);
  if (!(error instanceof UsageError) && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
