import type { AskResponse } from "@audited-rag/core";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../config";
import type { AskTurns } from "../http/ask-turns";
import { rateLimited } from "../plugins/rate-limits";
import { abortOnDisconnect, resolveAsk } from "./resolve-ask";

/** `POST /api/ask`: answers a question; `jevMode` may only lower the configured mode. */
export const askRoutes: FastifyPluginAsync<{ config: AppConfig; turns: AskTurns }> = async (app, { config, turns }) => {
  const { limits } = config;
  app.post(
    "/ask",
    rateLimited(limits.askPerWindow, limits.rateLimitWindowMs),
    async (request, reply): Promise<AskResponse> => {
      const ask = resolveAsk(config, request);
      // Stop drafting and auditing when the browser goes away.
      const controller = abortOnDisconnect(reply.raw);
      await turns.take(controller.signal);
      const response = await app.services.rag.ask(ask, controller.signal);
      // The same stages as `timings`, for the browser's network panel and for load tests that skip the body.
      const { retrievalMs, draftMs, auditMs, totalMs } = response.timings;
      const ms = (value: number) => Math.round(value * 100) / 100;
      reply.header(
        "server-timing",
        `retrieval;dur=${ms(retrievalMs)}, draft;dur=${ms(draftMs)}, audit;dur=${ms(auditMs)}, total;dur=${ms(totalMs)}`,
      );
      return response;
    },
  );
};
