import { availableParallelism } from "node:os";
import { PdfTooComplexError } from "@audited-rag/core";
import { measureDecodedBytes } from "./decoded-size";
import { DocumentExtraction } from "./document-extraction";
import type { ExtractionResult, ExtractOptions, OcrSettings } from "./extract-pdf";
import { ExtractThread } from "./extract-thread";

/**
 * Extraction workers by default: one per core, at least two (so a slow PDF never holds up
 * every upload) and at most four (each worker holds pdf.js and its own copy of the PDF).
 */
export function defaultExtractWorkers(): number {
  return Math.min(4, Math.max(2, availableParallelism()));
}

/**
 * Pages a worker reads before it takes its next range. Small enough that two workers finish a
 * document together and a worker lent to a big PDF returns soon to a newly queued one, large
 * enough that asking costs nothing beside reading.
 */
export const defaultPagesPerRange = 32;

export interface ExtractorPoolOptions {
  /**
   * Worker threads (default `defaultExtractWorkers()`). Up to this many PDFs are read at once;
   * a worker with no PDF of its own helps read the pages of one that is being read.
   */
  size?: number;
  /** Pages a worker reads before taking the next range of its document (default 32). */
  pagesPerRange?: number;
  /** Heap limit of each worker in MB. */
  maxMemoryMb?: number;
  /** A PDF whose Flate streams decode to more bytes than this is refused before pdf.js opens it. */
  maxDecodedBytes?: number;
  /** Pages without a text layer are read by OCR; one reader is shared by the workers. */
  ocr?: OcrSettings;
}

export interface PooledExtractOptions extends ExtractOptions {
  /** Called with the number of jobs waiting before this one, whenever it changes, until it starts. */
  onQueued?: (ahead: number) => void;
  /** Called when a worker takes the job. */
  onStarted?: () => void;
}

interface Waiting {
  run: (thread: ExtractThread) => void;
  onQueued?: (ahead: number) => void;
  cancel: () => void;
}

/**
 * A small pool of extraction workers with a first-come queue of documents. Each document
 * being read holds one worker of its own, so one slow PDF never holds up the others; workers
 * without a document of their own help read the page ranges of the documents being read, and
 * go back to the queue after their current range as soon as a document waits. Each job first
 * checks the decoded-size cap.
 */
export class ExtractorPool {
  readonly size: number;
  private readonly idle: ExtractThread[];
  private readonly all: ExtractThread[];
  private readonly waiting: Waiting[] = [];
  /** Documents whose pages are being read, in the order they started. */
  private readonly reading: DocumentExtraction[] = [];
  /** Jobs holding a worker of their own (from `extract` until their pages are read). */
  private owned = 0;

  constructor(private readonly options: ExtractorPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultExtractWorkers());
    this.all = Array.from({ length: this.size }, () => new ExtractThread({ maxMemoryMb: options.maxMemoryMb }));
    this.idle = [...this.all];
  }

  /** Workers a job given now could start on at once (or after the page range a helping worker is reading). */
  get idleWorkers(): number {
    return this.waiting.length === 0 ? this.size - this.owned : 0;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.waiting.length;
  }

  extract(filePath: string, options: PooledExtractOptions): Promise<ExtractionResult> {
    options.signal?.throwIfAborted();
    return new Promise<ExtractionResult>((resolve, reject) => {
      const onAbort = () => {
        const position = this.waiting.indexOf(entry);
        if (position >= 0) {
          this.waiting.splice(position, 1);
          this.reportPositions();
          reject(options.signal?.reason);
        }
      };
      const entry: Waiting = {
        onQueued: options.onQueued,
        cancel: onAbort,
        run: (thread) => {
          options.signal?.removeEventListener("abort", onAbort);
          options.onStarted?.();
          this.runOn(thread, filePath, options).then(resolve, reject);
        },
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(entry);
      options.onQueued?.(this.waiting.length - 1);
      this.dispatch();
    });
  }

  /** Stops every worker; jobs still waiting are rejected. */
  async close(): Promise<void> {
    for (const entry of this.waiting.splice(0)) entry.cancel();
    await Promise.all(this.all.map((thread) => thread.close()));
    await this.options.ocr?.reader.close();
  }

  private async runOn(thread: ExtractThread, filePath: string, options: ExtractOptions): Promise<ExtractionResult> {
    this.owned++;
    let document: DocumentExtraction | undefined;
    try {
      const limit = this.options.maxDecodedBytes;
      if (limit !== undefined) {
        const { exceeded } = await measureDecodedBytes(filePath, limit);
        if (exceeded) {
          throw new PdfTooComplexError(
            `This PDF's compressed streams expand to more than ${Math.round(limit / (1024 * 1024))} MB, ` +
              "the limit for one document; it is refused so it cannot exhaust the server's memory.",
          );
        }
      }
      options.signal?.throwIfAborted();
      const started = new DocumentExtraction(filePath, options, {
        ...(this.options.ocr && { ocr: this.options.ocr }),
        pagesPerRange: Math.max(1, this.options.pagesPerRange ?? defaultPagesPerRange),
        onWantsWorkers: () => this.dispatch(),
      });
      document = started;
      this.reading.push(started);
      started.result.catch(() => undefined).finally(() => this.reading.splice(this.reading.indexOf(started), 1));
      await started.attach(thread);
    } finally {
      this.owned--;
      this.idle.push(thread);
      this.dispatch();
    }
    // The worker is free while OCR finishes and the pages are laid out.
    return document.result;
  }

  /** Gives free workers to waiting jobs first, then to documents with pages left to read. */
  private dispatch(): void {
    let started = false;
    while (this.idle.length > 0) {
      const next = this.waiting.shift();
      if (next) {
        next.run(this.idle.shift() as ExtractThread);
        started = true;
        continue;
      }
      const document = this.reading.find((candidate) => candidate.wantsWorkers);
      if (!document) break;
      const helper = this.idle.shift() as ExtractThread;
      void document
        .attach(helper, () => this.waiting.length === 0)
        .then(() => {
          this.idle.push(helper);
          this.dispatch();
        });
    }
    if (started) this.reportPositions();
  }

  private reportPositions(): void {
    for (const [position, entry] of this.waiting.entries()) entry.onQueued?.(position);
  }
}
