import { type AskRequest, type AskResponse, askResponseSchema } from "@audited-rag/core";
import { apiRequest, jsonBody } from "../../../lib/api-client";

/** `POST /api/ask`: retrieves, drafts, validates and (by mode) audits an answer. */
export function askQuestion(request: AskRequest, signal?: AbortSignal): Promise<AskResponse> {
  return apiRequest("/api/ask", askResponseSchema, { ...jsonBody(request), ...(signal ? { signal } : {}) });
}
