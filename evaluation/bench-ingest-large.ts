import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchStructuredPageTexts, makeBenchPdf } from "./bench-corpus";
import { type IngestBenchResult, measureIngestInChildProcess } from "./bench-ingest";
import { measureServerIngestMemory, type ServerIngestMemory } from "./bench-ingest-rss";

/** One configuration of the large-ingest bench: the in-process timings and one upload to a server process. */
export interface LargeIngestRun {
  /** RAG_EXTRACT_WORKERS: 1 reads the document in one worker (the code path before page ranges). */
  extractWorkers: number | "default";
  inProcess: IngestBenchResult;
  server: ServerIngestMemory;
}

export interface LargeIngestResult {
  pages: number;
  fileBytes: number;
  baseline: LargeIngestRun;
  parallel: LargeIngestRun;
}

/**
 * Generates a `pages`-page manual (prose, lists, running header and page-number footer) and, in
 * one run, measures for one extraction worker and for the default number: bare single-thread
 * pdf.js extraction against the full ingest in a child process (median of 3 each, taken in
 * turn), the full ingest timed until the document is ready and until the answer engine's
 * read-ahead ends (as the server runs it), and the peak RSS (VmHWM) of a fresh server process
 * ingesting it over HTTP.
 */
export async function measureLargeIngest(pages: number, log: (line: string) => void): Promise<LargeIngestResult> {
  const folder = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-large-"));
  try {
    const file = path.join(folder, `manual-${pages}-pages.pdf`);
    const bytes = await makeBenchPdf(benchStructuredPageTexts(5, pages), { runningHeader: "Operations Manual" });
    await writeFile(file, bytes);
    const measure = async (extractWorkers: number | "default"): Promise<LargeIngestRun> => {
      log(`  RAG_EXTRACT_WORKERS=${extractWorkers}: in-process bare vs full, then one upload to a server process…`);
      const workers = { readAhead: true, ...(extractWorkers === "default" ? {} : { extractWorkers }) };
      const env: Record<string, string> =
        extractWorkers === "default" ? {} : { RAG_EXTRACT_WORKERS: `${extractWorkers}` };
      const inProcess = await measureIngestInChildProcess(file, workers);
      const server = await measureServerIngestMemory(file, env);
      return { extractWorkers, inProcess, server };
    };
    const baseline = await measure(1);
    const parallel = await measure("default");
    return { pages, fileBytes: bytes.length, baseline, parallel };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
