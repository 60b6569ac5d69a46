import type { IngestProgress } from "@audited-rag/core";

/** Settings that make some messages precise (the upload limit). */
export interface MessageContext {
  maxUploadBytes?: number;
}

/** "1.5 MB"-style sizes for people, in powers of 1024. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Plain words for an ingest or upload failure code. Unknown codes return null so the
 * caller shows the server's own message instead of a guess.
 */
export function describeDocumentError(code: string, context: MessageContext = {}): string | null {
  switch (code) {
    case "PDF_NO_TEXT":
      return "No text could be read from this PDF: it has no text layer, and OCR found nothing legible (or is off).";
    case "PDF_ENCRYPTED":
      return "This PDF is password-protected or encrypted, so its text cannot be read.";
    case "PDF_UNREADABLE":
      return "This file could not be read as a PDF; it may be damaged or incomplete.";
    case "UNSUPPORTED_MEDIA":
      return "Only PDF files can be uploaded.";
    case "FILE_TOO_LARGE":
      return context.maxUploadBytes
        ? `This file is larger than the upload limit of ${formatBytes(context.maxUploadBytes)}.`
        : "This file is larger than the upload limit.";
    case "EMPTY_FILE":
      return "This file is empty.";
    case "PDF_TOO_COMPLEX":
      return "This PDF expands to more data or text than the server accepts for one document.";
    case "INSUFFICIENT_STORAGE":
      return "The server is out of disk space; ask its administrator to free some, then upload again.";
    case "SERVER_BUSY":
      return "The server is busy receiving other uploads; try again in a few seconds.";
    case "INGEST_UNAVAILABLE":
      return "The server's reading process is restarting; upload the file again in a moment.";
    case "RATE_LIMITED":
      return "Too many uploads in a short time; wait a minute and try again.";
    case "EMBEDDER_UNAVAILABLE":
      return "The embedding service is not reachable, so the passages could not be indexed.";
    case "VECTOR_STORE_UNAVAILABLE":
      return "The search index is not reachable, so the passages could not be stored.";
    case "STORAGE_ERROR":
      return "The server could not store this document.";
    case "NETWORK_ERROR":
      return "The server could not be reached. Check the connection and try again.";
    case "NOT_FOUND":
      return "This document no longer exists on the server.";
    default:
      return null;
  }
}

/** Warnings arrive as codes or as sentences; codes we know get plain words, anything else is shown as sent. */
export function describeWarning(warning: string): string {
  return describeDocumentError(warning) ?? warning;
}

const stageWords: Record<IngestProgress["stage"], string> = {
  queued: "Waiting to start",
  extracting: "Reading the text of each page",
  chunking: "Splitting the text into passages",
  embedding: "Computing embeddings",
  indexing: "Adding passages to the search index",
};

/** One line describing where an ingest stands, e.g. "Reading the text of each page: page 3 of 10". */
export function describeProgress(progress: IngestProgress | undefined): string {
  if (!progress) return "Processing";
  if (progress.stage === "queued" && progress.ahead !== undefined) {
    return progress.ahead === 0 ? "Queued, next to be read" : `Queued, ${progress.ahead} ahead`;
  }
  if (progress.ocr && progress.pagesTotal !== undefined && progress.pagesDone !== undefined) {
    return `Reading page ${Math.min(progress.pagesDone + 1, progress.pagesTotal)} of ${progress.pagesTotal} with OCR`;
  }
  const pages =
    progress.pagesTotal !== undefined && progress.pagesDone !== undefined
      ? `: page ${Math.min(progress.pagesDone, progress.pagesTotal)} of ${progress.pagesTotal}`
      : "";
  return `${stageWords[progress.stage]}${pages}`;
}

/** Whole percent for a 0..1 fraction, clamped so a rounding glitch never shows 101 %. */
export function percent(fraction: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}
