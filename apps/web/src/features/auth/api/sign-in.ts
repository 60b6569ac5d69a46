import { type User, userResponseSchema } from "@audited-rag/core";
import { apiRequest, jsonBody } from "../../../lib/api-client";

/** `POST /api/auth/login`: the server answers with the user and sets the session cookie. */
export async function signIn(name: string, password: string): Promise<User> {
  return (await apiRequest("/api/auth/login", userResponseSchema, jsonBody({ name, password }))).user;
}
