import { type AskResponse, askResponseSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/answers/:id`: a stored AskResponse, so a link to an answer survives a reload. */
export function getAnswer(id: string, signal?: AbortSignal): Promise<AskResponse> {
  return apiRequest(`/api/answers/${encodeURIComponent(id)}`, askResponseSchema, signal ? { signal } : {});
}
