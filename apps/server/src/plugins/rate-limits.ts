import { RateLimitedError } from "@audited-rag/core";
import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";

/** Whose budget a request spends: the signed-in user when there is one, else the client address. */
export function rateLimitKey(request: FastifyRequest): string {
  const user = (request as FastifyRequest & { user?: { id?: unknown } | null }).user;
  return typeof user?.id === "string" && user.id !== "" ? `user:${user.id}` : `ip:${request.ip}`;
}

/**
 * Route options for a per-user limit of `max` requests per `windowMs`; `{}` (no limit) when
 * `max` is 0. Used as `app.post(path, rateLimited(max, windowMs), handler)`.
 */
export function rateLimited(
  max: number,
  windowMs: number,
): { config?: { rateLimit: { max: number; timeWindow: number } } } {
  return max > 0 ? { config: { rateLimit: { max, timeWindow: windowMs } } } : {};
}

/** @fastify/rate-limit for the routes that ask for it (never global), failing with the contract's error. */
const rateLimits: FastifyPluginAsync<{ store?: FastifyRateLimitStoreCtor }> = async (app, { store }) => {
  await app.register(rateLimit, {
    global: false,
    // A cluster worker counts in its primary, so a limit holds across processes.
    ...(store && { store }),
    // After authentication hooks (onRequest) have set `request.user`; multipart bodies are still unread here.
    hook: "preHandler",
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(
        `Too many requests: at most ${context.max} per ${context.after}; retry in ${Math.ceil(context.ttl / 1000)} s`,
        context.ttl / 1000,
      ),
  });
};

export const rateLimitPlugin = fastifyPlugin(rateLimits, { name: "rate-limits" });
