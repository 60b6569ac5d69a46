import type { PDFPageProxy } from "pdfjs-dist";
import type { TextContent } from "pdfjs-dist/types/src/display/api";
import { getOcrPage } from "./api/get-ocr-page";
import { hasText, ocrTextContent } from "./ocr-text-content";

/** Where the text laid over a page came from. */
export type PageTextSource =
  | { kind: "text-layer" }
  /** A scan the server read by OCR; `confidence` is the mean word confidence, 0–1. */
  | { kind: "ocr"; confidence: number }
  /** A scan the server has no words for. */
  | { kind: "no-text" }
  /** A scan whose OCR words could not be fetched. */
  | { kind: "ocr-failed"; message: string };

/** A page's text for the text layer, and where it came from. */
export interface PageText {
  content: TextContent;
  source: PageTextSource;
}

/**
 * The page's own text layer, or, for a scanned page without one, the words the server read
 * from it by OCR laid out as pdf.js text. A scan without words keeps its empty text content,
 * so the page is still drawn and nothing is highlighted on it.
 */
export async function loadPageText(page: PDFPageProxy, documentId: string, signal: AbortSignal): Promise<PageText> {
  const content = await page.getTextContent();
  if (hasText(content)) return { content, source: { kind: "text-layer" } };
  try {
    const ocr = await getOcrPage(documentId, page.pageNumber, signal);
    if (!ocr) return { content, source: { kind: "no-text" } };
    return { content: ocrTextContent(ocr.words), source: { kind: "ocr", confidence: ocr.confidence } };
  } catch (failure) {
    if (signal.aborted) throw failure;
    const message = failure instanceof Error ? failure.message : "The request failed.";
    return { content, source: { kind: "ocr-failed", message } };
  }
}
