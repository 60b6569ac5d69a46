import { type User, userResponseSchema } from "@audited-rag/core";
import { apiRequest, jsonBody } from "../../../lib/api-client";

/** `POST /api/auth/setup`: creates the first admin (loopback only, once) and signs them in. */
export async function setUp(name: string, password: string): Promise<User> {
  return (await apiRequest("/api/auth/setup", userResponseSchema, jsonBody({ name, password }))).user;
}
