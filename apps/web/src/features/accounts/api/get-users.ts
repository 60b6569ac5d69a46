import { type User, userListSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/users` (admin): every account. */
export async function getUsers(): Promise<User[]> {
  return (await apiRequest("/api/users", userListSchema)).users;
}
