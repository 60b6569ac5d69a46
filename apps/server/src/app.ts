import type { AnswerArchive } from "@audited-rag/rag";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppConfig } from "./config";
import { mapError } from "./error-status";
import type { IngestionRole } from "./ingestion/document-intake";
import { servicesPlugin } from "./plugins/services";
import { webPlugin } from "./plugins/web";
import { answerRoutes } from "./routes/answers";
import { askRoutes } from "./routes/ask";
import { configRoutes } from "./routes/config";
import { documentRoutes } from "./routes/documents";
import { healthRoutes } from "./routes/health";

export interface BuildOptions {
  /** Fastify logger setting; defaults to the configured level on stdout. */
  logger?: boolean | { level: string };
  /** Folder of the built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** This process's part in ingestion; `single` (the default) owns it, as one process always did. */
  ingestion?: IngestionRole;
  /** Where answers are kept; the metadata store itself unless given (cluster workers pass their own). */
  answers?: AnswerArchive;
}

/** Builds the whole application from a parsed config; `server.ts` only listens. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Multipart bodies are limited by the multipart plugin; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
  });

  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error, config.maxUploadBytes);
    if (mapped.internal) request.log.error({ err: error }, "request failed");
    // Outages and storage failures keep their cause in the log; the client sees the plain message only.
    else if (mapped.status >= 500)
      request.log.warn({ err: error, code: mapped.body.error.code }, mapped.body.error.message);
    else request.log.info({ code: mapped.body.error.code }, mapped.body.error.message);
    return reply.status(mapped.status).send(mapped.body);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Self-hosted installs are often plain HTTP on a LAN address; upgrading would break every asset there.
        upgradeInsecureRequests: null,
      },
    },
    // The PDF viewer fetches the original from the same origin; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  await app.register(servicesPlugin, { config, ingestion: options.ingestion, answers: options.answers });
  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(configRoutes, { prefix: "/api", config });
  await app.register(documentRoutes, { prefix: "/api", config });
  await app.register(askRoutes, { prefix: "/api", config });
  await app.register(answerRoutes, { prefix: "/api" });
  await app.register(webPlugin, { root: options.webRoot });
  return app;
}
