import { createdTokenSchema } from "@audited-rag/core";
import { apiRequest, jsonBody } from "../../../lib/api-client";

/** `POST /api/tokens`: a new personal token; the secret is in this answer only. */
export function createToken(name: string) {
  return apiRequest("/api/tokens", createdTokenSchema, jsonBody({ name }));
}
