/**
 * Ingestion throughput: bare pdf.js text extraction against the full pipeline (worker
 * extraction, chunking, SQLite + FTS5 index, no embedder) on one PDF, in one process.
 * Run: node --import tsx evaluation/bench-ingest.ts [file.pdf]
 */
import { createHash } from "node:crypto";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DocumentIngestor, MetadataStore, SqliteVectorIndex } from "@audited-rag/rag";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export const defaultBenchFile = fileURLToPath(new URL("../../shared/corpus/varied/rfc2616.pdf", import.meta.url));

export interface IngestBenchResult {
  file: string;
  pages: number;
  chunks: number;
  /** Median wall time of bare pdf.js extraction, ms. */
  bareMs: number;
  /** Median wall time of the full ingestion, ms. */
  fullMs: number;
  barePagesPerSecond: number;
  fullPagesPerSecond: number;
  /** fullMs / bareMs; the target is at most 1.5. */
  ratio: number;
  /** Peak resident set size of the process, MB. */
  peakRssMb: number;
}

const pdfjsFolder = (relative: string) =>
  fileURLToPath(new URL(relative, import.meta.resolve("pdfjs-dist/legacy/build/pdf.mjs")));

/** getDocument + getTextContent on every page, in this thread, as a floor for extraction cost. */
async function bareExtraction(file: string): Promise<number> {
  const task = getDocument({
    data: new Uint8Array(await readFile(file)),
    disableFontFace: true,
    verbosity: 0,
    standardFontDataUrl: pdfjsFolder("../../standard_fonts/"),
  });
  const document = await task.promise;
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const page = await document.getPage(pageNumber);
    await page.getTextContent();
    page.cleanup();
  }
  const pages = document.numPages;
  await task.destroy();
  return pages;
}

/** Times one run of `work`, passing its value through. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Warms up once, then returns the median time of `runs` runs and the last value. */
async function medianOf<T>(runs: number, work: () => Promise<{ ms: number; value: T }>) {
  let last = await work();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    last = await work();
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? Number.NaN, value: last.value };
}

/**
 * Measures bare and full extraction of `file` (warm-up once, median of `runs`). The full runs
 * share one ingestor, as a server does, and delete the document between runs; copying the
 * upload into place is not timed, since a server does that while receiving it.
 */
export async function measureIngest(file: string, runs = 3): Promise<IngestBenchResult> {
  const bare = await medianOf(runs, () => timed(() => bareExtraction(file)));
  const dataDir = await mkdtemp(join(tmpdir(), "bench-ingest-"));
  const store = MetadataStore.open(dataDir);
  const ingestor = new DocumentIngestor({
    store,
    index: new SqliteVectorIndex(store.database),
    extractTimeoutMs: 120_000,
  });
  try {
    const bytes = await readFile(file);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    let uploads = 0;
    const full = await medianOf(runs, async () => {
      const tempPath = join(dataDir, `${++uploads}.upload`);
      await copyFile(file, tempPath);
      const run = await timed(async () => {
        const { done } = await ingestor.ingest({ tempPath, filename: "bench.pdf", sha256, bytes: bytes.length });
        return done;
      });
      await ingestor.deleteDocument(run.value.id);
      return { ms: run.ms, value: run.value.chunks };
    });
    const pages = bare.value;
    return {
      file,
      pages,
      chunks: full.value,
      bareMs: round(bare.ms),
      fullMs: round(full.ms),
      barePagesPerSecond: round((pages * 1000) / bare.ms),
      fullPagesPerSecond: round((pages * 1000) / full.ms),
      ratio: round(full.ms / bare.ms, 2),
      peakRssMb: round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    await ingestor.close();
    store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function round(value: number, digits = 1): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

async function main(): Promise<void> {
  const file = process.argv[2] ?? defaultBenchFile;
  try {
    await readFile(file);
  } catch {
    console.error(`bench-ingest: ${file} is missing; pass a PDF path or provide ../shared/corpus.`);
    process.exitCode = 1;
    return;
  }
  const result = await measureIngest(file);
  console.log(`file          ${result.file}`);
  console.log(`pages         ${result.pages} (${result.chunks} chunks)`);
  console.log(`bare pdf.js   ${result.bareMs} ms, ${result.barePagesPerSecond} pages/s`);
  console.log(`full ingest   ${result.fullMs} ms, ${result.fullPagesPerSecond} pages/s`);
  console.log(`full / bare   ${result.ratio} (target ≤ 1.5)`);
  console.log(`peak RSS      ${result.peakRssMb} MB`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
