import { type OcrPage, ocrPageSchema } from "@audited-rag/core";
import { ApiError, apiRequest } from "../../../lib/api-client";

/**
 * `GET /api/documents/:id/pages/:page/ocr`: the OCR words of a scanned page, or null when the
 * server has none for it (the page has a text layer, or was not read by OCR).
 */
export async function getOcrPage(
  documentId: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<OcrPage | null> {
  const path = `/api/documents/${encodeURIComponent(documentId)}/pages/${pageNumber}/ocr`;
  try {
    return await apiRequest(path, ocrPageSchema, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
