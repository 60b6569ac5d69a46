import { Worker } from "node:worker_threads";
import type { OcrPage, TextItem } from "@audited-rag/core";
import { PdfEncryptedError, PdfNoTextError, PdfUnreadableError } from "@audited-rag/core";
import { z } from "zod";
import type { OpenHeading } from "../layout/page-blocks";
import { layOutPages, pageLines } from "../layout/page-layout";
import type { PageLines } from "../layout/running-lines";
import type { StructureBlock } from "../structure/passage-structure";
import { ocrPageItems } from "./ocr-page-items";
import type { OcrImage, OcrReader } from "./ocr-reader";

/**
 * The text of one page in reading order, with its layout; `pageNumber` is the 1-based PDF page
 * index. Block spans index into `text`.
 */
export interface ExtractedPage {
  pageNumber: number;
  text: string;
  /** Headings in force where the page starts (from earlier pages), outermost first. */
  headings: OpenHeading[];
  blocks: StructureBlock[];
  /** Running headers and footers left out of `text`, as printed. */
  runningLines: string[];
  /** For a page read by OCR: its size, the words kept and their mean confidence. */
  ocr?: OcrPage;
}

export interface ExtractionResult {
  /** Pages that could be read, in order. */
  pages: ExtractedPage[];
  /** The number of pages the PDF declares, readable or not. */
  pageCount: number;
  /** One line per page that could not be read. */
  warnings: string[];
}

export interface ExtractOptions {
  /** The worker is terminated after this long and the PDF reported as unreadable. */
  timeoutMs: number;
  /**
   * Each page the PDF declares adds this much to `timeoutMs`, up to `maxTimeoutMs` in all: a
   * 3,000-page manual is not held to a 30-page paper's limit.
   */
  perPageMs?: number;
  maxTimeoutMs?: number;
  signal?: AbortSignal;
  /** Called after each page, readable or not, and as OCR starts on a page (`ocr` then true). */
  onPage?: (pagesDone: number, pagesTotal: number, ocr?: boolean) => void;
}

/** How pages without a text layer are read: `auto` OCRs those, `force` every page. */
export interface OcrSettings {
  mode: "auto" | "force";
  reader: OcrReader;
  /** Each page read by OCR adds this much to the extraction's time limit. */
  pageBudgetMs: number;
}

export interface PdfExtractorOptions {
  /** Heap limit of the extraction worker in MB (default 512, at least 8). */
  maxMemoryMb?: number;
  /** An idle worker is stopped after this long (default 30 s); the next job starts a new one. */
  idleMs?: number;
  /** Off when absent: a page without text stays empty. */
  ocr?: OcrSettings;
}

/** Thrown when pdf.js cannot parse the file at all; the caller decides whether it is a broken PDF or not a PDF. */
export class PdfStructureError extends PdfUnreadableError {}

export const noTextMessage =
  "This PDF has no text layer (it looks scanned); OCR is off (RAG_OCR=off), so it cannot be searched.";
export const nothingLegibleMessage =
  "This PDF has no text layer and OCR found nothing legible on its pages, so it cannot be searched.";

// Below about 3 MB V8 aborts the whole process instead of stopping the worker.
const minimumMemoryMb = 8;

const workerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("opened"), pageCount: z.number().int().nonnegative() }),
  z.object({
    type: z.literal("page"),
    pageNumber: z.number().int().positive(),
    width: z.number(),
    height: z.number(),
    strings: z.array(z.string()),
    geometry: z.instanceof(Float64Array),
    image: z
      .object({ png: z.instanceof(Uint8Array), scale: z.number().positive(), pixelHeight: z.number().positive() })
      .optional(),
  }),
  z.object({ type: z.literal("pageFailed"), pageNumber: z.number().int().positive(), message: z.string() }),
  z.object({ type: z.literal("scanning"), pageNumber: z.number().int().positive() }),
  z.object({ type: z.literal("done") }),
  z.object({ type: z.literal("failed"), name: z.string(), message: z.string() }),
]);
const jobMessageSchema = z.object({ jobId: z.number().int() }).passthrough();

/**
 * Reads the text of PDFs in one long-lived worker thread with a heap limit, one file at a time
 * and each under a time limit, so a hostile or broken PDF can neither hang nor crash the
 * caller: on a timeout, abort or crash the worker is terminated and the next job starts a
 * fresh one. Keeping the worker between jobs means pdf.js is loaded and compiled once.
 */
export class PdfExtractor {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private jobs = 0;

  constructor(private readonly options: PdfExtractorOptions = {}) {}

  /** Extracts every page; pages that fail while others succeed become warnings. Jobs run one after another. */
  extract(filePath: string, options: ExtractOptions): Promise<ExtractionResult> {
    const job = this.queue.then(() => this.run(filePath, options));
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** Stops the worker; a later `extract` starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(filePath: string, options: ExtractOptions): Promise<ExtractionResult> {
    options.signal?.throwIfAborted();
    clearTimeout(this.idleTimer);
    const worker = this.startedWorker();
    worker.ref();
    const jobId = ++this.jobs;
    // Each page is put in reading order as it arrives, while the worker reads the next one.
    const pages: { pageNumber: number; lines: PageLines; ocr?: OcrPage }[] = [];
    const warnings: string[] = [];
    // Pages being read by OCR, each settling into `pages` or `warnings`.
    const reading: Promise<void>[] = [];
    let ocrPages = 0;
    let pageCount = 0;

    return new Promise<ExtractionResult>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: { error: unknown } | { result: ExtractionResult }, stopWorker: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (stopWorker) this.stop(worker);
        else this.idleLater(worker);
        if ("result" in outcome) resolve(outcome.result);
        else reject(outcome.error);
      };
      // The limit grows with the page count and each OCR page; the message names the limit that applied.
      let limitMs = options.timeoutMs;
      const timedOut = () => {
        const seconds = Math.round(limitMs / 100) / 10;
        finish({ error: new PdfUnreadableError(`Reading this PDF took longer than ${seconds} s.`) }, true);
      };
      let timer = setTimeout(timedOut, options.timeoutMs);
      // Laying out pages runs on this thread and can delay the timer; each message checks the time too.
      let deadline = performance.now() + options.timeoutMs;
      const extendBy = (ms: number) => {
        deadline += ms;
        limitMs += ms;
        clearTimeout(timer);
        timer = setTimeout(timedOut, Math.max(0, deadline - performance.now()));
      };
      const onAbort = () => finish({ error: options.signal?.reason }, true);
      const onError = (error: Error & { code?: string }) => {
        const reason = error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "ran out of memory" : "crashed";
        finish({ error: new PdfUnreadableError(`Reading this PDF ${reason}.`, { cause: error }) }, true);
      };
      const onExit = (code: number) =>
        finish({ error: new PdfUnreadableError(`The PDF reader stopped early (exit code ${code}).`) }, true);
      const onMessage = (raw: unknown) => {
        const tagged = jobMessageSchema.safeParse(raw);
        if (tagged.success && tagged.data.jobId !== jobId) return;
        if (performance.now() > deadline) {
          timedOut();
          return;
        }
        const parsed = workerMessageSchema.safeParse(raw);
        if (!parsed.success) {
          finish({ error: new PdfUnreadableError("The PDF reader sent an unexpected message.") }, true);
          return;
        }
        const message = parsed.data;
        switch (message.type) {
          case "opened": {
            pageCount = message.pageCount;
            const perPage = (options.perPageMs ?? 0) * pageCount;
            const ceiling = options.maxTimeoutMs ?? Number.POSITIVE_INFINITY;
            extendBy(Math.max(0, Math.min(perPage, ceiling - options.timeoutMs)));
            return;
          }
          case "page":
            if (message.geometry.length !== message.strings.length * 4) {
              finish({ error: new PdfUnreadableError("The PDF reader sent an unexpected message.") }, true);
              return;
            }
            if (message.image) {
              const ocr = this.options.ocr;
              if (!ocr) {
                finish({ error: new PdfUnreadableError("The PDF reader sent an unexpected message.") }, true);
                return;
              }
              ocrPages++;
              extendBy(ocr.pageBudgetMs);
              const { pageNumber, width, height } = message;
              const image: OcrImage = message.image;
              // "Reading page 3 of 12 with OCR" once Tesseract starts on it; the worker then renders the next page.
              const started = () => {
                options.onPage?.(pageNumber - 1, pageCount, true);
                if (!settled) worker.postMessage({ jobId, type: "continue" });
              };
              reading.push(
                ocr.reader
                  .read(image, () => settled, started)
                  .then(
                    (result) => {
                      pages.push({
                        pageNumber,
                        lines: pageLines(ocrPageItems(pageNumber, width, height, result)),
                        ocr: { pageNumber, width, height, confidence: result.confidence, words: result.words },
                      });
                      options.onPage?.(pages.length + warnings.length, pageCount);
                    },
                    (error: unknown) => {
                      const reason = error instanceof Error ? error.message : String(error);
                      warnings.push(`Page ${pageNumber} could not be read by OCR: ${reason}`);
                      options.onPage?.(pages.length + warnings.length, pageCount);
                    },
                  ),
              );
              return;
            }
            pages.push({ pageNumber: message.pageNumber, lines: pageLines(toPageItems(message)) });
            options.onPage?.(pages.length + warnings.length, pageCount);
            return;
          case "scanning":
            this.options.ocr?.reader.warm();
            return;
          case "pageFailed":
            warnings.push(`Page ${message.pageNumber} could not be read: ${message.message}`);
            options.onPage?.(pages.length + warnings.length, pageCount);
            return;
          case "failed":
            finish({ error: openError(message.name, message.message) }, false);
            return;
          case "done":
            // The result waits for the pages OCR is still reading; their order is restored first.
            void Promise.all(reading).then(() => {
              try {
                pages.sort((a, b) => a.pageNumber - b.pageNumber);
                const result = { pages: layOutDocument(pages), pageCount, warnings };
                finish({ result: checkResult(result, ocrPages > 0) }, false);
              } catch (error) {
                finish({ error }, false);
              }
            });
        }
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage({ jobId, filePath, ocr: this.options.ocr?.mode ?? "off" });
    });
  }

  private startedWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./extract-worker.mjs", import.meta.url), {
      // The worker is plain JavaScript: no need for the parent's loaders (tsx) in it.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: Math.max(minimumMemoryMb, this.options.maxMemoryMb ?? 512),
      },
    });
    // A job's own listeners report failures; these keep a failure between jobs from throwing here.
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  private stop(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
  }

  /** Lets the process exit while the worker idles, and stops it after `idleMs`. */
  private idleLater(worker: Worker): void {
    worker.unref();
    this.idleTimer = setTimeout(() => this.stop(worker), this.options.idleMs ?? 30_000);
    this.idleTimer.unref();
  }
}

function toPageItems(message: {
  pageNumber: number;
  width: number;
  height: number;
  strings: string[];
  geometry: Float64Array;
}) {
  const items: TextItem[] = message.strings.map((text, index) => ({
    text,
    x: message.geometry[index * 4] as number,
    y: message.geometry[index * 4 + 1] as number,
    width: message.geometry[index * 4 + 2] as number,
    size: message.geometry[index * 4 + 3] as number,
  }));
  return { pageNumber: message.pageNumber, width: message.width, height: message.height, items };
}

function layOutDocument(pages: { pageNumber: number; lines: PageLines; ocr?: OcrPage }[]): ExtractedPage[] {
  const ocrByPage = new Map(pages.flatMap((page) => (page.ocr ? [[page.pageNumber, page.ocr] as const] : [])));
  return layOutPages(pages).map((page) => {
    const ocr = ocrByPage.get(page.pageNumber);
    return {
      pageNumber: page.pageNumber,
      text: page.text,
      headings: page.headings,
      blocks: page.blocks,
      runningLines: page.runningLines,
      ...(ocr && { ocr }),
    };
  });
}

/** One-off extraction in a worker of its own. */
export async function extractPdf(
  filePath: string,
  options: ExtractOptions & PdfExtractorOptions,
): Promise<ExtractionResult> {
  const extractor = new PdfExtractor(options);
  try {
    return await extractor.extract(filePath, options);
  } finally {
    await extractor.close();
  }
}

// pdf.js's own failures carry messages meant for readers; anything else (file system, bugs) may name server paths.
const pdfjsErrorNames = new Set(["InvalidPDFException", "UnknownErrorException", "FormatError", "ResponseException"]);

function openError(name: string, message: string): Error {
  if (name === "PasswordException") {
    return new PdfEncryptedError("This PDF is password-protected; remove the password and upload it again.");
  }
  const cause = new Error(`${name}: ${message}`);
  if (name === "InvalidPDFException") return new PdfStructureError(`This PDF could not be read: ${message}`, { cause });
  if (pdfjsErrorNames.has(name)) return new PdfUnreadableError(`This PDF could not be read: ${message}`, { cause });
  return new PdfUnreadableError("This PDF could not be read.", { cause });
}

function checkResult(result: ExtractionResult, readByOcr: boolean): ExtractionResult {
  if (result.pageCount === 0) throw new PdfUnreadableError("This PDF has no pages.");
  if (result.pages.length === 0) {
    throw new PdfUnreadableError(`No page of this PDF could be read. ${result.warnings[0] ?? ""}`.trim());
  }
  if (result.pages.every((page) => page.text.trim() === "")) {
    throw new PdfNoTextError(readByOcr ? nothingLegibleMessage : noTextMessage);
  }
  return result;
}
