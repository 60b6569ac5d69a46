import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import fastifyPlugin from "fastify-plugin";

const webRoot = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** Serves the built browser app and answers unknown API paths with the contract's 404. */
export const webPlugin: FastifyPluginAsync = fastifyPlugin(async (app) => {
  const built = existsSync(webRoot);
  if (built) await app.register(fastifyStatic, { root: webRoot, wildcard: false });

  // The browser app's own routes (history, a stored answer) load the app, so links, reloads and Back work.
  const appPage = async (_request: unknown, reply: FastifyReply) =>
    built
      ? reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html")
      : reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
  app.get("/history", appPage);
  app.get("/answers/:id", appPage);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api") || request.method !== "GET") {
      return reply
        .status(404)
        .send({ error: { code: "NOT_FOUND", message: `No route ${request.method} ${request.url}` } });
    }
    if (!built) {
      return reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    }
    return reply.type("text/html").sendFile("index.html");
  });
});
