import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { AppConfig } from "./config";
import { mapError } from "./error-status";
import { AskTurns } from "./http/ask-turns";
import { handleClientError, isClientAbort } from "./http/client-errors";
import { parseJsonBody } from "./http/parse-json-body";
import type { IngestionRole } from "./ingestion/document-intake";
import { authPlugin } from "./plugins/auth";
import { rateLimitPlugin } from "./plugins/rate-limits";
import { servicesPlugin } from "./plugins/services";
import { webPlugin } from "./plugins/web";
import { answerRoutes } from "./routes/answers";
import { askRoutes } from "./routes/ask";
import { askStreamRoutes } from "./routes/ask-stream";
import { authRoutes } from "./routes/auth";
import { configRoutes } from "./routes/config";
import { documentRoutes } from "./routes/documents";
import { healthRoutes } from "./routes/health";
import { tokenRoutes } from "./routes/tokens";
import { userRoutes } from "./routes/users";
import { type UploadGate, UploadSlots } from "./upload/upload-slots";

export interface BuildOptions {
  /** Fastify logger setting; defaults to the configured level on stdout. */
  logger?: boolean | { level: string };
  /** Folder of the built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** This process's part in ingestion; a single process (the default) does all of it. */
  ingestion?: IngestionRole;
  /** Where upload slots come from; a count of this process's own by default. */
  uploadSlots?: UploadGate;
  /** Where rate-limit counts are kept; this process's memory by default. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
}

/** Builds the whole application from a parsed config; `server.ts` only listens. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { limits } = config;
  const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (isClientAbort(error, request.raw.destroyed && !request.raw.complete)) {
      // Nobody is left to read an answer; a closed tab is routine, not a server fault.
      request.log.info({ code: "CLIENT_ABORTED" }, "the client closed the request");
      if (!reply.sent && !reply.raw.destroyed) return reply.status(499).send();
      return reply;
    }
    const mapped = mapError(error, config.maxUploadBytes);
    if (mapped.internal) request.log.error({ err: error }, "request failed");
    // Outages and storage failures keep their cause in the log; the client sees the plain message only.
    else if (mapped.status >= 500)
      request.log.warn({ err: error, code: mapped.body.error.code }, mapped.body.error.message);
    else request.log.info({ code: mapped.body.error.code }, mapped.body.error.message);
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === "number") reply.header("retry-after", String(Math.max(1, Math.ceil(retryAfter))));
    // A refused upload whose body is still arriving: close rather than read megabytes nobody wants.
    if (!request.raw.complete) reply.header("connection", "close");
    return reply.status(mapped.status).send(mapped.body);
  };
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Multipart bodies are limited by the multipart plugin; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    // Decides whether X-Forwarded-Proto/-For/-Host are believed (Secure cookies, client address).
    trustProxy: config.auth.trustProxy,
    // Whole request (headers and body) must arrive within this; a trickling client cannot hold a socket forever.
    requestTimeout: limits.requestTimeoutMs,
    // A socket with no traffic either way is closed; longer than any ask may take to compute.
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts above only this often (default 30 s): a slow client is dropped within 2 s of its deadline.
    http: { connectionsCheckingInterval: 2_000 },
    // Bad percent-encoding and over-long path parameters, answered in the contract's shape.
    frameworkErrors: (error: FastifyError, request, reply) => sendError(error, request, reply),
    clientErrorHandler: (error, socket) => handleClientError(app.log, error, socket),
  });
  // Node applies it to the request line and headers only; it must not exceed requestTimeout.
  app.server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  // Fastify's own parser reports a refused __proto__ key as "not valid JSON"; this one says what is wrong.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
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
  await app.register(rateLimitPlugin, { store: options.rateLimitStore });
  await app.register(servicesPlugin, { config, ingestion: options.ingestion ?? { kind: "single" } });
  await app.register(authPlugin, { config });
  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(authRoutes, { prefix: "/api", config });
  if (config.auth.enabled) {
    await app.register(userRoutes, { prefix: "/api" });
    await app.register(tokenRoutes, { prefix: "/api" });
  }
  await app.register(configRoutes, { prefix: "/api", config });
  await app.register(documentRoutes, {
    prefix: "/api",
    config,
    slots: options.uploadSlots ?? new UploadSlots(limits.maxConcurrentUploads),
  });
  // One queue of starts for both ask routes: see AskTurns.
  const turns = new AskTurns();
  await app.register(askRoutes, { prefix: "/api", config, turns });
  await app.register(askStreamRoutes, { prefix: "/api", config, turns });
  await app.register(answerRoutes, { prefix: "/api" });
  await app.register(webPlugin, { root: options.webRoot });
  return app;
}
