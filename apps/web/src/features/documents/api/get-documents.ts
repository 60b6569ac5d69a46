import { type DocumentInfo, documentListSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/documents`: every document, newest handling left to the server. */
export async function getDocuments(signal?: AbortSignal): Promise<DocumentInfo[]> {
  const body = await apiRequest("/api/documents", documentListSchema, signal ? { signal } : {});
  return body.documents;
}
