import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  chunkPage,
  defaultRetrievalTailSettings,
  type RetrievalTailSettings,
  SqliteVectorIndex,
} from "@audited-rag/rag";
import BetterSqlite3 from "better-sqlite3";
import { benchPageTexts, benchQuestions } from "./bench-corpus";
import { type LatencySummary, summariseLatencies } from "./percentiles";

export interface RetrievalSizeResult {
  pages: number;
  chunks: number;
  /** `search` time with the bounded tail (the default settings). */
  boundedMs: LatencySummary;
  /** The same with rule 5 off (`RAG_RETRIEVAL_DOCUMENTS=0`): the budget alone. */
  budgetOnlyMs: LatencySummary;
  /** The same questions with the tail rule off: every term in the MATCH expression, as before. */
  unboundedMs: LatencySummary;
}

export interface RetrievalBenchOptions {
  sizes?: number[];
  questions?: number;
  topK?: number;
  /** Runs of each question per setting; the median is kept. */
  repeats?: number;
  /** The bounded settings to measure; the defaults unless given (for choosing them). */
  tail?: RetrievalTailSettings;
  log?: (line: string) => void;
}

// Nothing is ever dropped: the behaviour before the tail rule.
const unbounded: RetrievalTailSettings = {
  maxTermShare: Number.POSITIVE_INFINITY,
  postingBudget: Number.POSITIVE_INFINITY,
  boundFromChunks: 0,
  documentsSearched: 0,
  documentPostingBudget: Number.POSITIVE_INFINITY,
};

/**
 * Retrieval alone (BM25 over FTS5, `SqliteVectorIndex.search`) at growing library sizes, with
 * and without the bounded tail, on one SQLite file. Pages are chunked as ingest chunks them and
 * upserted straight into the index, so 5,000 pages take seconds instead of a full PDF ingest.
 * Figures are, per question, the median of `repeats` runs (the first run of a new word also pays
 * for its document-frequency lookup, which is cached per index generation), then p50/p95 across
 * the questions.
 */
export async function measureRetrieval(options: RetrievalBenchOptions = {}): Promise<RetrievalSizeResult[]> {
  const { sizes = [100, 5000], questions = 300, topK = 8, repeats = 5 } = options;
  const log = options.log ?? (() => {});
  const folder = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-retrieval-"));
  const database = new BetterSqlite3(path.join(folder, "index.sqlite"));
  database.pragma("journal_mode = WAL");
  try {
    const bounded = new SqliteVectorIndex(database, { tail: options.tail ?? defaultRetrievalTailSettings });
    const plain = new SqliteVectorIndex(database, { tail: unbounded });
    const tail = options.tail ?? defaultRetrievalTailSettings;
    const budgetOnly = new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 0 } });
    const pages: string[] = [];
    let chunks = 0;
    const results: RetrievalSizeResult[] = [];
    for (const size of sizes) {
      for (let seed = 1000 + pages.length; pages.length < size; seed++) {
        const texts = benchPageTexts(seed, Math.min(50, size - pages.length));
        const documentId = `doc-${seed}`;
        const indexed = texts.flatMap((text, page) =>
          chunkPage(text).map((chunk, position) => ({
            chunkId: `${documentId}:${pages.length + page + 1}:${position}`,
            documentId,
            text: chunk.text,
          })),
        );
        await bounded.upsert(indexed);
        chunks += indexed.length;
        pages.push(...texts);
      }
      const asked = benchQuestions(size, pages, questions);
      // Each question runs `repeats` times per setting, alternating settings, and keeps its median:
      // on a shared machine single samples are dominated by scheduling and GC pauses, not by the query.
      const medians = { bounded: [] as number[], budgetOnly: [] as number[], unbounded: [] as number[] };
      for (const question of asked) {
        const runs = { bounded: [] as number[], budgetOnly: [] as number[], unbounded: [] as number[] };
        for (let repeat = 0; repeat < repeats; repeat++) {
          for (const [name, index] of [
            ["unbounded", plain],
            ["budgetOnly", budgetOnly],
            ["bounded", bounded],
          ] as const) {
            const started = performance.now();
            await index.search({ text: question, topK });
            runs[name].push(performance.now() - started);
          }
        }
        medians.bounded.push(median(runs.bounded));
        medians.budgetOnly.push(median(runs.budgetOnly));
        medians.unbounded.push(median(runs.unbounded));
      }
      const boundedMs = summariseLatencies(medians.bounded);
      const budgetOnlyMs = summariseLatencies(medians.budgetOnly);
      const unboundedMs = summariseLatencies(medians.unbounded);
      log(
        `retrieval: ${size} pages, ${chunks} chunks: p95 ${boundedMs.p95} ms bounded (default), ${budgetOnlyMs.p95} ms with rule 5 off, ${unboundedMs.p95} ms unbounded`,
      );
      results.push({ pages: size, chunks, boundedMs, budgetOnlyMs, unboundedMs });
    }
    return results;
  } finally {
    database.close();
    await rm(folder, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
