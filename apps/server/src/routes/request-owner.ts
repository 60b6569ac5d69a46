import type { FastifyRequest } from "fastify";

/**
 * Whose answers a request may see: the signed-in person's id, or undefined when login is off
 * (`RAG_AUTH=off`), where single-person use makes every answer yours.
 */
export function requestOwner(request: FastifyRequest): { id: string | undefined } {
  return { id: request.user?.id };
}
