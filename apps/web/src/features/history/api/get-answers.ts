import { type AnswerListItem, answerListSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/answers?query=&limit=`: past questions, newest first, with their status summary. */
export async function getAnswers(query: string, signal?: AbortSignal): Promise<AnswerListItem[]> {
  const params = new URLSearchParams({ limit: "100" });
  if (query.trim() !== "") params.set("query", query.trim());
  const body = await apiRequest(`/api/answers?${params}`, answerListSchema, signal ? { signal } : {});
  return body.answers;
}
