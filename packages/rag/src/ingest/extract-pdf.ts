import type { OcrPage } from "@audited-rag/core";
import type { OpenHeading } from "../layout/page-blocks";
import type { StructureBlock } from "../structure/passage-structure";
import { DocumentExtraction } from "./document-extraction";
import { ExtractThread, type ExtractThreadOptions } from "./extract-thread";
import type { OcrReader } from "./ocr-reader";

export { noTextMessage, nothingLegibleMessage, PdfStructureError } from "./extraction-errors";

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

export interface PdfExtractorOptions extends ExtractThreadOptions {
  /** Off when absent: a page without text stays empty. */
  ocr?: OcrSettings;
}

/**
 * Reads the text of PDFs in one long-lived worker thread with a heap limit, one file at a time
 * and each under a time limit, so a hostile or broken PDF can neither hang nor crash the
 * caller: on a timeout, abort or crash the worker is terminated and the next job starts a
 * fresh one. Keeping the worker between jobs means pdf.js is loaded and compiled once.
 * `ExtractorPool` shares one document among several such workers.
 */
export class PdfExtractor {
  private readonly thread: ExtractThread;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PdfExtractorOptions = {}) {
    this.thread = new ExtractThread(options);
  }

  /** Extracts every page; pages that fail while others succeed become warnings. Jobs run one after another. */
  extract(filePath: string, options: ExtractOptions): Promise<ExtractionResult> {
    const job = this.queue.then(() => this.run(filePath, options));
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** Stops the worker; a later `extract` starts a new one. */
  close(): Promise<void> {
    return this.thread.close();
  }

  private async run(filePath: string, options: ExtractOptions): Promise<ExtractionResult> {
    options.signal?.throwIfAborted();
    const document = new DocumentExtraction(filePath, options, {
      ...(this.options.ocr && { ocr: this.options.ocr }),
      pagesPerRange: Number.POSITIVE_INFINITY,
    });
    const [, result] = await Promise.all([document.attach(this.thread), document.result]);
    return result;
  }
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
