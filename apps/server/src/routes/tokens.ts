import { AuthRequiredError, newTokenSchema } from "@audited-rag/core";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { parseId } from "./id-params";
import { parseBody } from "./parse-body";

function viewer(request: FastifyRequest) {
  if (!request.user) throw new AuthRequiredError("Sign in first.");
  return request.user;
}

/** Personal API tokens: everyone manages their own, admins see and revoke all. */
export const tokenRoutes: FastifyPluginAsync = async (app) => {
  app.get("/tokens", async (request) => ({ tokens: app.accounts.listTokens(viewer(request)) }));

  app.post("/tokens", async (request, reply) => {
    const body = parseBody(newTokenSchema, request.body);
    const created = app.accounts.createToken(viewer(request), body.name);
    request.log.info({ tokenId: created.token.id, by: request.user?.name }, "API token created");
    return reply.status(201).header("cache-control", "no-store").send(created);
  });

  app.delete("/tokens/:id", async (request, reply) => {
    const id = parseId(request.params, "token");
    app.accounts.revokeToken(viewer(request), id);
    request.log.info({ tokenId: id, by: request.user?.name }, "API token revoked");
    return reply.status(204).send();
  });
};
