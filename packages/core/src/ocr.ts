import { z } from "zod";

/**
 * One word read by OCR: its text and its box in PDF user units (origin at the page's
 * bottom-left corner, y upwards, as pdf.js positions text), with Tesseract's confidence, 0–1.
 */
export const ocrWordSchema = z.object({
  text: z.string().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  confidence: z.number().min(0).max(1),
});
export type OcrWord = z.infer<typeof ocrWordSchema>;

/**
 * `GET /api/documents/:id/pages/:page/ocr`: the words of a page that had no text layer, as
 * they went into its text (words below the confidence floor are left out of both), so the
 * viewer can lay them over the scan and highlight a quote.
 */
export const ocrPageSchema = z.object({
  pageNumber: z.number().int().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
  /** The mean confidence of the words kept, 0–1. */
  confidence: z.number().min(0).max(1),
  words: z.array(ocrWordSchema),
});
export type OcrPage = z.infer<typeof ocrPageSchema>;
