import { newUserSchema } from "@audited-rag/core";
import type { FastifyPluginAsync } from "fastify";
import { parseId } from "./id-params";
import { parseBody } from "./parse-body";

/** Admins add and remove accounts. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const adminOnly = { config: { access: "admin" as const } };

  app.get("/users", adminOnly, async () => ({ users: app.accounts.listUsers() }));

  app.post("/users", adminOnly, async (request, reply) => {
    const body = parseBody(newUserSchema, request.body);
    const user = await app.accounts.createUser(body);
    request.log.info({ user: user.name, role: user.role, by: request.user?.name }, "user added");
    return reply.status(201).send({ user });
  });

  app.delete("/users/:id", adminOnly, async (request, reply) => {
    const id = parseId(request.params, "user");
    app.accounts.deleteUser(id);
    request.log.info({ userId: id, by: request.user?.name }, "user removed");
    return reply.status(204).send();
  });
};
