import { type ApiToken, apiTokenListSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/tokens`: your tokens (an admin sees everyone's), prefixes only. */
export async function getTokens(): Promise<ApiToken[]> {
  return (await apiRequest("/api/tokens", apiTokenListSchema)).tokens;
}
