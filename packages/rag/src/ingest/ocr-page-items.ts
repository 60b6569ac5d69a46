import type { TextItem } from "@audited-rag/core";
import type { OcrResult } from "./ocr-reader";

/** A line's box runs from ascender to descender: about 1.2 times the font size. */
const ocrLineToFontSize = 1 / 1.2;

/**
 * A page read by OCR as positioned text for layout: each word on its line's baseline, at its
 * line's height as font size, so lines, columns and tables are rebuilt as for a text page.
 */
export function ocrPageItems(pageNumber: number, width: number, height: number, result: OcrResult) {
  const items: TextItem[] = result.words.map((word, k) => ({
    text: word.text,
    x: word.x,
    y: result.baselines[k] ?? word.y,
    width: word.width,
    size: (result.lineHeights[k] ?? word.height) * ocrLineToFontSize,
  }));
  return { pageNumber, width, height, items };
}
