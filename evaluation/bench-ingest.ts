/**
 * Ingestion throughput: bare pdf.js text extraction against the full pipeline (worker
 * extraction, chunking, SQLite + FTS5 index, no embedder) on one PDF, in one process; with
 * `readAhead`, also the extractive answer engine's read-ahead the server runs after indexing.
 * Run: node --import tsx evaluation/bench-ingest.ts [file.pdf]
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  answerEngineSettings,
  DocumentIngestor,
  ExtractiveDrafter,
  MetadataStore,
  SqliteVectorIndex,
} from "@audited-rag/rag";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export const defaultBenchFile = fileURLToPath(new URL("../../shared/corpus/varied/rfc2616.pdf", import.meta.url));

export interface IngestBenchResult {
  file: string;
  pages: number;
  chunks: number;
  /** Median wall time of bare pdf.js extraction, ms. */
  bareMs: number;
  /** Median wall time of the full ingestion until the document is ready (without the read-ahead), ms. */
  fullMs: number;
  barePagesPerSecond: number;
  fullPagesPerSecond: number;
  /** fullMs / bareMs; the target is at most 1.5. */
  ratio: number;
  /** Peak resident set size of the process, MB. */
  peakRssMb: number;
  /** Extraction workers the ingestor had; one document uses all of them. */
  extractWorkers: number;
  /** With `readAhead`: what the server adds after the document is ready, and the whole ingest as it runs it. */
  readAhead?: ReadAheadResult;
}

export interface ReadAheadResult {
  /** Median wall time from the first `onChunksReady` batch until `done` settles, ms. */
  readAheadMs: number;
  /** Median wall time of the full ingestion with the read-ahead, as the server runs it, ms. */
  serverMs: number;
  /** serverMs / bareMs. */
  serverRatio: number;
}

export interface IngestBenchOptions {
  /** Timed runs of each, after one warm-up (default 3). */
  runs?: number;
  /** Extraction workers of the ingestor (default: the package's default, the machine's cores capped). */
  extractWorkers?: number;
  /**
   * Wires `onChunksReady` to the extractive drafter's `prepare`, as the server does, with a fresh
   * answer engine (server defaults) for each run, so no run finds the last one's passages cached.
   */
  readAhead?: boolean;
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

/** The median of some timings, ms. */
function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Measures bare and full extraction of `file`: one warm-up of each, then `runs` of each taken
 * in turn (bare, full, bare, full…) so a busy moment on the machine weighs on both; medians.
 * The full runs share one ingestor, as a server does, and delete the document between runs;
 * copying the upload into place is not timed, since a server does that while receiving it.
 */
export async function measureIngest(file: string, options: IngestBenchOptions = {}): Promise<IngestBenchResult> {
  const runs = options.runs ?? 3;
  const dataDir = await mkdtemp(join(tmpdir(), "bench-ingest-"));
  const store = MetadataStore.open(dataDir);
  let drafter = new ExtractiveDrafter({ settings: answerEngineSettings });
  let readAheadStarted: number | undefined;
  const ingestor = new DocumentIngestor({
    store,
    index: new SqliteVectorIndex(store.database),
    extractTimeoutMs: 120_000,
    ...(options.extractWorkers !== undefined && { extractWorkers: options.extractWorkers }),
    ...(options.readAhead && {
      onChunksReady: (chunks) => {
        readAheadStarted ??= performance.now();
        drafter.prepare(chunks);
      },
    }),
  });
  try {
    const bytes = await readFile(file);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    let uploads = 0;
    const fullRun = async () => {
      const tempPath = join(dataDir, `${++uploads}.upload`);
      await copyFile(file, tempPath);
      drafter = new ExtractiveDrafter({ settings: answerEngineSettings });
      readAheadStarted = undefined;
      const started = performance.now();
      const run = await timed(async () => {
        const { done } = await ingestor.ingest({ tempPath, filename: "bench.pdf", sha256, bytes: bytes.length });
        return done;
      });
      await ingestor.deleteDocument(run.value.id);
      // Without the read-ahead the document is done when it is ready; with it, ready is when the first batch is handed over.
      const readyMs = readAheadStarted === undefined ? run.ms : readAheadStarted - started;
      return { ms: readyMs, serverMs: run.ms, value: run.value.chunks };
    };
    let pages = (await timed(() => bareExtraction(file))).value;
    let chunks = (await fullRun()).value;
    const bareTimes: number[] = [];
    const fullTimes: number[] = [];
    const serverTimes: number[] = [];
    const readAheadTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      const bare = await timed(() => bareExtraction(file));
      bareTimes.push(bare.ms);
      pages = bare.value;
      const full = await fullRun();
      fullTimes.push(full.ms);
      serverTimes.push(full.serverMs);
      readAheadTimes.push(full.serverMs - full.ms);
      chunks = full.value;
    }
    const bareMs = median(bareTimes);
    const fullMs = median(fullTimes);
    return {
      file,
      pages,
      chunks,
      bareMs: round(bareMs),
      fullMs: round(fullMs),
      barePagesPerSecond: round((pages * 1000) / bareMs),
      fullPagesPerSecond: round((pages * 1000) / fullMs),
      ratio: round(fullMs / bareMs, 2),
      peakRssMb: round(process.resourceUsage().maxRSS / 1024),
      extractWorkers: ingestor.extractWorkers,
      ...(options.readAhead && {
        readAhead: {
          readAheadMs: round(median(readAheadTimes)),
          serverMs: round(median(serverTimes)),
          serverRatio: round(median(serverTimes) / bareMs, 2),
        },
      }),
    };
  } finally {
    await ingestor.close();
    store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * Runs `measureIngest` in a child process, so the peak RSS it reports is that of the ingest
 * alone and not of whatever this process ran before.
 */
export async function measureIngestInChildProcess(
  file: string,
  options: IngestBenchOptions = {},
): Promise<IngestBenchResult> {
  const script = `import { measureIngest } from "./evaluation/bench-ingest.ts";
console.log(JSON.stringify(await measureIngest(${JSON.stringify(file)}, ${JSON.stringify(options)})));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "--eval", script],
    { cwd: repoRoot, maxBuffer: 1024 * 1024, timeout: 10 * 60_000 },
  );
  const line = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(line) as IngestBenchResult;
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
