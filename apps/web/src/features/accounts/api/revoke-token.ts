import { apiRequestNoContent } from "../../../lib/api-client";

/** `DELETE /api/tokens/:id`: revokes a token at once. */
export function revokeToken(id: string): Promise<void> {
  return apiRequestNoContent(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}
