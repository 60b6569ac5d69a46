import { type SessionState, sessionStateSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/auth/session`: whether login is on, whether setup is pending, and who is signed in. */
export function getSession(signal?: AbortSignal): Promise<SessionState> {
  return apiRequest("/api/auth/session", sessionStateSchema, signal ? { signal } : {});
}
