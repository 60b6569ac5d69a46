import { type Role, type User, userResponseSchema } from "@audited-rag/core";
import { apiRequest, jsonBody } from "../../../lib/api-client";

/** `POST /api/users` (admin): adds an account. */
export async function addUser(name: string, password: string, role: Role): Promise<User> {
  return (await apiRequest("/api/users", userResponseSchema, jsonBody({ name, password, role }))).user;
}
