import { PdfTooComplexError } from "@audited-rag/core";
import { measureDecodedBytes } from "./decoded-size";
import { type ExtractionResult, type ExtractOptions, type OcrSettings, PdfExtractor } from "./extract-pdf";

export interface ExtractorPoolOptions {
  /** Workers reading PDFs at once (default 2); each is a `PdfExtractor` with its own thread. */
  size?: number;
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
  run: (extractor: PdfExtractor) => void;
  onQueued?: (ahead: number) => void;
  cancel: () => void;
}

/**
 * A small pool of extraction workers with a first-come queue, so one slow PDF occupies one
 * worker while the others keep reading. Each job first checks the decoded-size cap.
 */
export class ExtractorPool {
  readonly size: number;
  private readonly idle: PdfExtractor[];
  private readonly all: PdfExtractor[];
  private readonly waiting: Waiting[] = [];

  constructor(private readonly options: ExtractorPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 2);
    this.all = Array.from(
      { length: this.size },
      () => new PdfExtractor({ maxMemoryMb: options.maxMemoryMb, ...(options.ocr && { ocr: options.ocr }) }),
    );
    this.idle = [...this.all];
  }

  /** Workers a job given now could start on at once. */
  get idleWorkers(): number {
    return this.waiting.length === 0 ? this.idle.length : 0;
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
        run: (extractor) => {
          options.signal?.removeEventListener("abort", onAbort);
          options.onStarted?.();
          this.runOn(extractor, filePath, options).then(resolve, reject);
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
    await Promise.all(this.all.map((extractor) => extractor.close()));
    await this.options.ocr?.reader.close();
  }

  private async runOn(extractor: PdfExtractor, filePath: string, options: ExtractOptions): Promise<ExtractionResult> {
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
      return await extractor.extract(filePath, options);
    } finally {
      this.idle.push(extractor);
      this.dispatch();
    }
  }

  private dispatch(): void {
    let started = false;
    while (this.idle.length > 0 && this.waiting.length > 0) {
      const extractor = this.idle.shift() as PdfExtractor;
      const next = this.waiting.shift() as Waiting;
      next.run(extractor);
      started = true;
    }
    if (started) this.reportPositions();
  }

  private reportPositions(): void {
    for (const [position, entry] of this.waiting.entries()) entry.onQueued?.(position);
  }
}
