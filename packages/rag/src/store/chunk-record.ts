import { createHash } from "node:crypto";
import type { OcrPage } from "@audited-rag/core";
import type { PassageStructure, StructureBlock } from "../structure/passage-structure";

/** A stored chunk: `text` is `pageText.slice(start, end)` of page `page` (1-based) of the document. */
export interface ChunkRecord {
  id: string;
  documentId: string;
  filename: string;
  page: number;
  start: number;
  end: number;
  text: string;
  /** sha256 of `text`, hex. */
  sha256: string;
  /** Tables, lists and headings of the chunk, when extraction recorded them. */
  structure?: PassageStructure;
  /** When its page had no text layer and was read by OCR: the page's mean word confidence, 0–1. */
  ocrConfidence?: number;
}

/** A chunk as the ingestor hands it to the store; document id and filename come from the document row. */
export type NewChunk = Omit<ChunkRecord, "documentId" | "filename">;

/** The text of one page as extracted, which chunk offsets index into, with its layout when recorded. */
export interface PageText extends Partial<PageLayout> {
  pageNumber: number;
  text: string;
  /** The words of a page read by OCR, as its text was made from them. */
  ocr?: OcrPage;
}

/** How extraction laid a page out; block spans index into the page text. */
export interface PageLayout {
  /** Headings in force where the page starts (from earlier pages), outermost first; level 1 = outermost. */
  headings: { text: string; level: number }[];
  blocks: StructureBlock[];
  /** Running headers and footers left out of the page text, as printed. */
  runningLines: string[];
}

/** Hex sha256 of a string's UTF-8 bytes. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}
