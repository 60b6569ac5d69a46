import { apiRequestNoContent } from "../../../lib/api-client";

/** `POST /api/auth/logout`: ends the session and clears the cookie. */
export function signOut(): Promise<void> {
  return apiRequestNoContent("/api/auth/logout", { method: "POST" });
}
