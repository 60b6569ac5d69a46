import { apiRequestNoContent } from "../../../lib/api-client";

/** `DELETE /api/users/:id` (admin): removes an account with its sessions and tokens. */
export function removeUser(id: string): Promise<void> {
  return apiRequestNoContent(`/api/users/${encodeURIComponent(id)}`, { method: "DELETE" });
}
