import { type OcrPage, ocrPageSchema } from "@audited-rag/core";

/**
 * A page's OCR words as stored in `pages.ocr`: the page size and confidence, and each word as
 * `[text, x, y, width, height, confidence]` with figures rounded to 0.01 (a hundredth of a PDF
 * point): about a third of the size of one object per word.
 */
interface StoredOcrPage {
  width: number;
  height: number;
  confidence: number;
  words: Array<[string, number, number, number, number, number]>;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function encodeOcrPage(page: OcrPage): string {
  const stored: StoredOcrPage = {
    width: round(page.width),
    height: round(page.height),
    confidence: page.confidence,
    words: page.words.map((word) => [
      word.text,
      round(word.x),
      round(word.y),
      round(word.width),
      round(word.height),
      word.confidence,
    ]),
  };
  return JSON.stringify(stored);
}

/** The stored words back in the API's shape, validated: a damaged row fails here, not in the viewer. */
export function decodeOcrPage(stored: string, pageNumber: number): OcrPage {
  const parsed = JSON.parse(stored) as StoredOcrPage;
  return ocrPageSchema.parse({
    pageNumber,
    width: parsed.width,
    height: parsed.height,
    confidence: parsed.confidence,
    words: parsed.words.map(([text, x, y, width, height, confidence]) => ({ text, x, y, width, height, confidence })),
  });
}
