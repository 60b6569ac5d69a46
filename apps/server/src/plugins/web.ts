import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyReply } from "fastify";
import fastifyPlugin from "fastify-plugin";

const defaultWebRoot = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** Vite names every file under `assets/` after a hash of its content, so a name never changes meaning. */
export const immutableCacheControl = "public, max-age=31536000, immutable";
/** Everything else (index.html, pdf.js run-time files with stable names) is revalidated by ETag on every use. */
export const revalidateCacheControl = "no-cache";

export interface WebPluginOptions {
  /** Folder of the built web app; defaults to apps/web/dist. */
  root?: string;
}

/**
 * Serves the built browser app and answers unknown API paths with the contract's 404. The build
 * writes brotli and gzip variants beside each compressible file (apps/web/precompress-plugin.ts);
 * `preCompressed` picks one by Accept-Encoding and sets Content-Encoding and `Vary: accept-encoding`.
 */
export const webPlugin = fastifyPlugin<WebPluginOptions>(async (app, options) => {
  const webRoot = options.root ?? defaultWebRoot;
  const assetsDir = path.join(webRoot, "assets") + path.sep;
  const built = existsSync(webRoot);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      preCompressed: true,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header("cache-control", filePath.startsWith(assetsDir) ? immutableCacheControl : revalidateCacheControl);
      },
    });
  }

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
