import type { OcrPage, TextItem } from "@audited-rag/core";
import { PdfUnreadableError } from "@audited-rag/core";
import { layOutPages, pageLines } from "../layout/page-layout";
import type { PageLines } from "../layout/running-lines";
import type { ExtractedPage, ExtractionResult, ExtractOptions, OcrSettings } from "./extract-pdf";
import type { ExtractThread, ThreadSession, WorkerMessage } from "./extract-thread";
import { checkResult, openError } from "./extraction-errors";
import { ocrPageItems } from "./ocr-page-items";
import type { OcrImage } from "./ocr-reader";

export interface DocumentExtractionSettings {
  ocr?: OcrSettings;
  /** Pages a worker reads before it asks for more; a document smaller than this is read by one worker. */
  pagesPerRange: number;
  /** Called once the page count is known and more workers could share the reading. */
  onWantsWorkers?: () => void;
}

interface ReadPage {
  pageNumber: number;
  lines: PageLines;
  ocr?: OcrPage;
}

/**
 * The reading of one PDF, shared by as many worker threads as are attached: each opens the
 * file itself and reads ranges of `pagesPerRange` pages, taking the next range when it
 * finishes one, so one big PDF uses every core and a slow range never holds up the others.
 * The document keeps one time limit, one progress count and one result: pages are put back
 * in order and laid out together (running headers, headings and lists across pages), exactly
 * as when one worker reads them all. A worker that fails, a timeout or an abort stops every
 * worker of the document and rejects `result`; nothing partial is returned.
 */
export class DocumentExtraction {
  readonly result: Promise<ExtractionResult>;
  private resolveResult!: (result: ExtractionResult) => void;
  private rejectResult!: (error: unknown) => void;
  /** Each attached worker's session, with what frees the worker for other work. */
  private readonly sessions = new Map<ThreadSession, () => void>();
  private readonly pages: ReadPage[] = [];
  private readonly warnings: { pageNumber: number; text: string }[] = [];
  /** Pages being read by OCR, each settling into `pages` or `warnings`. */
  private readonly reading: Promise<void>[] = [];
  private ocrPages = 0;
  private pageCount: number | undefined;
  private nextPage = 1;
  private rangesOut = 0;
  private settled = false;
  private completing = false;
  private timer: NodeJS.Timeout;
  private deadline: number;
  /** The limit in force, named in the timeout message: it grows with the page count and each OCR page. */
  private limitMs: number;
  private readonly onAbort = () => this.finish({ error: this.options.signal?.reason }, true);

  constructor(
    private readonly filePath: string,
    private readonly options: ExtractOptions,
    private readonly settings: DocumentExtractionSettings,
  ) {
    this.result = new Promise<ExtractionResult>((resolve, reject) => {
      this.resolveResult = resolve;
      this.rejectResult = reject;
    });
    this.limitMs = options.timeoutMs;
    this.timer = setTimeout(() => this.timedOut(), options.timeoutMs);
    // Laying out pages runs on this thread and can delay the timer; each message checks the time too.
    this.deadline = performance.now() + options.timeoutMs;
    if (options.signal?.aborted) this.onAbort();
    else options.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  /** Whether another worker attached now would find pages left to read. */
  get wantsWorkers(): boolean {
    return !this.settled && this.pageCount !== undefined && this.nextPage <= this.pageCount;
  }

  /**
   * Reads ranges of the document on `thread` until none is left, or until `keepGoing` says the
   * worker is wanted elsewhere (then it leaves after its current range). Resolves once the
   * thread is free again; the outcome of the document is `result`.
   */
  attach(thread: ExtractThread, keepGoing: () => boolean = () => true): Promise<void> {
    if (this.settled || this.completing) return Promise.resolve();
    return new Promise<void>((release) => {
      const session = thread.session({
        onMessage: (message) => this.receive(session, message, keepGoing),
        onFailure: (error) => this.finish({ error }, true),
      });
      this.sessions.set(session, release);
      session.post({ type: "open", filePath: this.filePath, ocr: this.settings.ocr?.mode ?? "off" });
    });
  }

  private receive(session: ThreadSession, message: WorkerMessage, keepGoing: () => boolean): void {
    if (this.settled) return;
    if (performance.now() > this.deadline) {
      this.timedOut();
      return;
    }
    switch (message.type) {
      case "opened":
        if (this.pageCount === undefined) {
          this.pageCount = message.pageCount;
          const perPage = (this.options.perPageMs ?? 0) * message.pageCount;
          const ceiling = this.options.maxTimeoutMs ?? Number.POSITIVE_INFINITY;
          this.extendBy(Math.max(0, Math.min(perPage, ceiling - this.options.timeoutMs)));
          this.readNext(session, keepGoing);
          if (this.wantsWorkers) this.settings.onWantsWorkers?.();
          return;
        }
        if (message.pageCount !== this.pageCount) {
          this.finish({ error: new PdfUnreadableError("The PDF reader sent an unexpected message.") }, true);
          return;
        }
        this.readNext(session, keepGoing);
        return;
      case "rangeRead":
        this.rangesOut--;
        this.readNext(session, keepGoing);
        return;
      case "page":
        this.receivePage(session, message);
        return;
      case "scanning":
        this.settings.ocr?.reader.warm();
        return;
      case "pageFailed":
        this.warnings.push({
          pageNumber: message.pageNumber,
          text: `Page ${message.pageNumber} could not be read: ${message.message}`,
        });
        this.reportPage();
        return;
      case "failed":
        // The file could not be opened: the worker is fine and goes back to the pool.
        this.finish({ error: openError(message.name, message.message) }, false);
        return;
    }
  }

  /** Gives the session the next range, or lets its worker go; the last worker to finish completes the document. */
  private readNext(session: ThreadSession, keepGoing: () => boolean): void {
    const pageCount = this.pageCount ?? 0;
    if (this.nextPage <= pageCount && keepGoing()) {
      const firstPage = this.nextPage;
      const lastPage = Math.min(pageCount, firstPage + this.settings.pagesPerRange - 1);
      this.nextPage = lastPage + 1;
      this.rangesOut++;
      session.post({ type: "read", firstPage, lastPage });
      return;
    }
    this.leave(session, false);
    if (this.nextPage > pageCount && this.rangesOut === 0) void this.complete();
  }

  private receivePage(session: ThreadSession, message: Extract<WorkerMessage, { type: "page" }>): void {
    const { pageNumber, width, height } = message;
    if (!message.image) {
      this.pages.push({ pageNumber, lines: pageLines(toPageItems(message)) });
      this.reportPage();
      return;
    }
    const ocr = this.settings.ocr;
    if (!ocr) {
      this.finish({ error: new PdfUnreadableError("The PDF reader sent an unexpected message.") }, true);
      return;
    }
    this.ocrPages++;
    this.extendBy(ocr.pageBudgetMs);
    const image: OcrImage = message.image;
    // "Reading page 3 of 12 with OCR" once Tesseract starts on it; the worker then renders its next page.
    const started = () => {
      this.options.onPage?.(pageNumber - 1, this.pageCount ?? 0, true);
      if (!this.settled) session.post({ type: "continue" });
    };
    this.reading.push(
      ocr.reader
        .read(image, () => this.settled, started)
        .then(
          (result) => {
            this.pages.push({
              pageNumber,
              lines: pageLines(ocrPageItems(pageNumber, width, height, result)),
              ocr: { pageNumber, width, height, confidence: result.confidence, words: result.words },
            });
            this.reportPage();
          },
          (error: unknown) => {
            const reason = error instanceof Error ? error.message : String(error);
            this.warnings.push({ pageNumber, text: `Page ${pageNumber} could not be read by OCR: ${reason}` });
            this.reportPage();
          },
        ),
    );
  }

  private reportPage(): void {
    this.options.onPage?.(this.pages.length + this.warnings.length, this.pageCount ?? 0);
  }

  /** Every range is read: waits for the pages OCR is still reading, then lays the document out in page order. */
  private async complete(): Promise<void> {
    this.completing = true;
    await Promise.all(this.reading);
    if (this.settled) return;
    try {
      this.pages.sort((a, b) => a.pageNumber - b.pageNumber);
      this.warnings.sort((a, b) => a.pageNumber - b.pageNumber);
      const result = {
        pages: layOutDocument(this.pages),
        pageCount: this.pageCount ?? 0,
        warnings: this.warnings.map((warning) => warning.text),
      };
      this.finish({ result: checkResult(result, this.ocrPages > 0) }, false);
    } catch (error) {
      this.finish({ error }, false);
    }
  }

  private extendBy(ms: number): void {
    this.deadline += ms;
    this.limitMs += ms;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.timedOut(), Math.max(0, this.deadline - performance.now()));
  }

  private timedOut(): void {
    const seconds = Math.round(this.limitMs / 100) / 10;
    this.finish({ error: new PdfUnreadableError(`Reading this PDF took longer than ${seconds} s.`) }, true);
  }

  /** Frees a worker from this document: its session ends (the worker stopped when `stopWorker`). */
  private leave(session: ThreadSession, stopWorker: boolean): void {
    const release = this.sessions.get(session);
    if (!release) return;
    this.sessions.delete(session);
    session.end(stopWorker);
    release();
  }

  private finish(outcome: { error: unknown } | { result: ExtractionResult }, stopWorkers: boolean): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener("abort", this.onAbort);
    // A worker still reading a range is mid-way through a document nobody wants: stopped, not waited for.
    for (const session of [...this.sessions.keys()]) this.leave(session, stopWorkers || this.rangesOut > 0);
    if ("result" in outcome) this.resolveResult(outcome.result);
    else this.rejectResult(outcome.error);
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

function layOutDocument(pages: ReadPage[]): ExtractedPage[] {
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
