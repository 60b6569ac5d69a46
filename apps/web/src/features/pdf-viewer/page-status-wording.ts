import { formatConfidence } from "../answer/format-numbers";
import type { PageTextSource } from "./load-page-text";

/** Where the quote highlight of a page stands: no quote, being looked for, drawn, or not found. */
export type HighlightState = "none" | "pending" | "found" | "not-found";

/** Why nothing is highlighted, in the terms of where the page's text came from. */
function notFoundSentence(source: PageTextSource | null): string {
  switch (source?.kind) {
    case "ocr":
      return "The cited quote could not be located in the words OCR read on this page, so nothing is highlighted.";
    case "no-text":
      return "This page is a scan without a text layer and no OCR words are stored for it, so nothing is highlighted.";
    case "ocr-failed":
      return `The OCR words of this scanned page could not be fetched, so nothing is highlighted. ${source.message}`;
    default:
      return "The cited quote could not be located in this page's text layer, so nothing is highlighted.";
  }
}

/**
 * The viewer's status line: whether the cited quote is highlighted and, for a scanned page,
 * that its text (and so the highlight) comes from OCR and how sure OCR was.
 */
export function describePageStatus(highlight: HighlightState, source: PageTextSource | null): string {
  const sentences: string[] = [];
  if (highlight === "found") sentences.push("The cited quote is highlighted on this page.");
  if (highlight === "not-found") sentences.push(notFoundSentence(source));
  if (source?.kind === "ocr") {
    const read = `This page was read by OCR (confidence ${formatConfidence(source.confidence)})`;
    sentences.push(highlight === "found" ? `${read}; the highlight is drawn from the OCR word boxes.` : `${read}.`);
  }
  return sentences.join(" ");
}
