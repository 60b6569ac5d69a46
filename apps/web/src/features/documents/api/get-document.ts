import { type DocumentInfo, documentSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/documents/:id`: one document, with `progress` while it is processing. */
export function getDocument(id: string, signal?: AbortSignal): Promise<DocumentInfo> {
  return apiRequest(`/api/documents/${encodeURIComponent(id)}`, documentSchema, signal ? { signal } : {});
}
