import { type PublicConfig, publicConfigSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/config`: the server's public settings (auditor mode, models, upload limit). */
export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiRequest("/api/config", publicConfigSchema, signal ? { signal } : {});
}
