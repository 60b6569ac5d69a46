import { type AskResponse, askRequestSchema, isModeAllowed, JevModeNotAllowedError } from "@audited-rag/core";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../config";
import { rateLimited } from "../plugins/rate-limits";
import { parseBody } from "./parse-body";

/** `POST /api/ask`: answers a question; `jevMode` may only lower the configured mode. */
export const askRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const { limits } = config;
  app.post(
    "/ask",
    rateLimited(limits.askPerWindow, limits.rateLimitWindowMs),
    async (request, reply): Promise<AskResponse> => {
      const body = parseBody(askRequestSchema, request.body);
      const jevMode = body.jevMode ?? config.jev.mode;
      if (!isModeAllowed(jevMode, config.jev.mode)) {
        throw new JevModeNotAllowedError(
          `The server runs the auditor in mode '${config.jev.mode}'; a question may lower it but not raise it to '${jevMode}'`,
        );
      }
      // Stop drafting and auditing when the browser goes away.
      const controller = new AbortController();
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return app.services.rag.ask({ ...body, jevMode }, controller.signal);
    },
  );
};
