import { PdfEncryptedError, PdfNoTextError, PdfUnreadableError } from "@audited-rag/core";
import type { ExtractionResult } from "./extract-pdf";

/** Thrown when pdf.js cannot parse the file at all; the caller decides whether it is a broken PDF or not a PDF. */
export class PdfStructureError extends PdfUnreadableError {}

export const noTextMessage =
  "This PDF has no text layer (it looks scanned); OCR is off (RAG_OCR=off), so it cannot be searched.";
export const nothingLegibleMessage =
  "This PDF has no text layer and OCR found nothing legible on its pages, so it cannot be searched.";

// pdf.js's own failures carry messages meant for readers; anything else (file system, bugs) may name server paths.
const pdfjsErrorNames = new Set(["InvalidPDFException", "UnknownErrorException", "FormatError", "ResponseException"]);

/** The error a user sees for a PDF the worker could not open, from the name and message it reported. */
export function openError(name: string, message: string): Error {
  if (name === "PasswordException") {
    return new PdfEncryptedError("This PDF is password-protected; remove the password and upload it again.");
  }
  const cause = new Error(`${name}: ${message}`);
  if (name === "InvalidPDFException") return new PdfStructureError(`This PDF could not be read: ${message}`, { cause });
  if (pdfjsErrorNames.has(name)) return new PdfUnreadableError(`This PDF could not be read: ${message}`, { cause });
  return new PdfUnreadableError("This PDF could not be read.", { cause });
}

/** Refuses a result with no pages, no readable page or no text at all. */
export function checkResult(result: ExtractionResult, readByOcr: boolean): ExtractionResult {
  if (result.pageCount === 0) throw new PdfUnreadableError("This PDF has no pages.");
  if (result.pages.length === 0) {
    throw new PdfUnreadableError(`No page of this PDF could be read. ${result.warnings[0] ?? ""}`.trim());
  }
  if (result.pages.every((page) => page.text.trim() === "")) {
    throw new PdfNoTextError(readByOcr ? nothingLegibleMessage : noTextMessage);
  }
  return result;
}
