import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchPageTexts, makeBenchPdf } from "./bench-corpus";
import { measureServerIngestMemory, type ServerIngestMemory } from "./bench-ingest-rss";

export interface BigPdfResult extends ServerIngestMemory {
  requestedPages: number;
  /** The upload's status: `ready`, or the error the server answered with. */
  outcome: string;
}

/**
 * Generates one PDF of `pages` pages of prose (the bench corpus) and uploads it to a fresh
 * server process on its default settings: whether a PDF that size ingests without hitting the
 * extraction time limit, how long it takes and the server's peak RSS. `env` adds settings.
 */
export async function measureBigPdf(pages: number, env: Record<string, string> = {}): Promise<BigPdfResult> {
  const folder = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-big-"));
  try {
    const file = path.join(folder, `big-${pages}-pages.pdf`);
    await writeFile(file, await makeBenchPdf(benchPageTexts(3, pages)));
    try {
      const measured = await measureServerIngestMemory(file, env);
      return { requestedPages: pages, outcome: "ready", ...measured };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        requestedPages: pages,
        outcome: message.slice(0, 200),
        pages: 0,
        chunks: 0,
        uploadMs: 0,
        pagesPerSecond: 0,
        bootPeakRssMb: null,
        peakRssMb: null,
        allProcessesPeakRssMb: null,
      };
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
