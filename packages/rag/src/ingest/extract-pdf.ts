import { Worker } from "node:worker_threads";
import { PdfEncryptedError, PdfNoTextError, PdfUnreadableError } from "@audited-rag/core";
import { z } from "zod";

/** The text of one page; `pageNumber` is the 1-based PDF page index. */
export interface ExtractedPage {
  pageNumber: number;
  text: string;
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
  /** Heap limit of the extraction worker. */
  maxMemoryMb?: number;
  signal?: AbortSignal;
  /** Called after each page, readable or not. */
  onPage?: (pagesDone: number, pagesTotal: number) => void;
}

const workerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("opened"), pageCount: z.number().int().nonnegative() }),
  z.object({ type: z.literal("page"), pageNumber: z.number().int().positive(), text: z.string() }),
  z.object({ type: z.literal("pageFailed"), pageNumber: z.number().int().positive(), message: z.string() }),
  z.object({ type: z.literal("done") }),
  z.object({ type: z.literal("failed"), name: z.string(), message: z.string() }),
]);
type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** Thrown when pdf.js cannot parse the file at all; the caller decides whether it is a broken PDF or not a PDF. */
export class PdfStructureError extends PdfUnreadableError {}

export const noTextMessage =
  "This PDF has no text layer (it looks scanned); OCR is not performed, so it cannot be searched.";

/**
 * Reads the text of every page in a worker thread with a heap limit and a time limit, so a
 * hostile or broken PDF can neither hang nor crash the caller. Pages that fail while others
 * succeed become warnings.
 */
export function extractPdf(filePath: string, options: ExtractOptions): Promise<ExtractionResult> {
  options.signal?.throwIfAborted();
  const worker = new Worker(new URL("./extract-worker.mjs", import.meta.url), {
    workerData: { filePath },
    resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb ?? 512, maxYoungGenerationSizeMb: 32 },
  });
  const pages: ExtractedPage[] = [];
  const warnings: string[] = [];
  let pageCount = 0;
  let pagesDone = 0;

  return new Promise<ExtractionResult>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, result?: ExtractionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      if (result) resolve(result);
      else reject(error);
    };
    const onAbort = () => finish(options.signal?.reason);
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const timer = setTimeout(
      () => finish(new PdfUnreadableError(`Reading this PDF took longer than ${seconds} s; it may be damaged.`)),
      options.timeoutMs,
    );
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const onMessage = (message: WorkerMessage) => {
      switch (message.type) {
        case "opened":
          pageCount = message.pageCount;
          return;
        case "page":
          pages.push({ pageNumber: message.pageNumber, text: message.text });
          options.onPage?.(++pagesDone, pageCount);
          return;
        case "pageFailed":
          warnings.push(`Page ${message.pageNumber} could not be read: ${message.message}`);
          options.onPage?.(++pagesDone, pageCount);
          return;
        case "failed":
          finish(openError(message.name, message.message));
          return;
        case "done":
          try {
            finish(undefined, checkResult({ pages, pageCount, warnings }));
          } catch (error) {
            finish(error);
          }
      }
    };
    worker.on("message", (raw: unknown) => {
      const parsed = workerMessageSchema.safeParse(raw);
      if (parsed.success) onMessage(parsed.data);
      else finish(new PdfUnreadableError("The PDF reader sent an unexpected message.", { cause: parsed.error }));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const reason = error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "ran out of memory" : "crashed";
      finish(new PdfUnreadableError(`Reading this PDF ${reason}; it may be damaged.`, { cause: error }));
    });
    worker.on("exit", (code) => finish(new PdfUnreadableError(`The PDF reader stopped early (exit code ${code}).`)));
  });
}

function openError(name: string, message: string): Error {
  if (name === "PasswordException") {
    return new PdfEncryptedError("This PDF is password-protected; remove the password and upload it again.");
  }
  if (name === "InvalidPDFException") {
    return new PdfStructureError(`This PDF could not be read: ${message}`);
  }
  return new PdfUnreadableError(`This PDF could not be read: ${message}`);
}

function checkResult(result: ExtractionResult): ExtractionResult {
  if (result.pageCount === 0) throw new PdfUnreadableError("This PDF has no pages.");
  if (result.pages.length === 0) {
    throw new PdfUnreadableError(`No page of this PDF could be read. ${result.warnings[0] ?? ""}`.trim());
  }
  if (result.pages.every((page) => page.text.trim() === "")) throw new PdfNoTextError(noTextMessage);
  return result;
}
