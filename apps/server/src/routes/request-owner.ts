import type { FastifyRequest } from "fastify";

/**
 * The id of the signed-in person, or undefined when accounts are off. Accounts are added by
 * a plugin that sets `request.user`; reading it structurally keeps these routes independent
 * of that plugin's types, and an absent user means single-person use where every answer is yours.
 */
export function requestOwner(request: FastifyRequest): { id: string | undefined } {
  const user = (request as unknown as { user?: { id?: unknown } | null }).user;
  return { id: typeof user?.id === "string" && user.id !== "" ? user.id : undefined };
}
