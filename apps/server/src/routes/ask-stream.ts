import { PassThrough } from "node:stream";
import type { AskStreamEvent } from "@audited-rag/core";
import type { AskObserver } from "@audited-rag/rag";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../config";
import { mapError } from "../error-status";
import type { AskTurns } from "../http/ask-turns";
import { rateLimited } from "../plugins/rate-limits";
import { abortOnDisconnect, resolveAsk } from "./resolve-ask";

/**
 * `POST /api/ask/stream`: the same ask as `POST /api/ask`, answered as NDJSON events
 * (see `askStreamEventSchema`) while it runs. Failures found before work starts (bad body,
 * no documents) keep their HTTP status; later ones arrive as an `error` event. Closing the
 * connection cancels the work and nothing is stored. Like `POST /api/ask` it needs a signed-in
 * user (the default access) and has the ask rate limit (`RAG_ASK_RATE_LIMIT`).
 */
export const askStreamRoutes: FastifyPluginAsync<{ config: AppConfig; turns: AskTurns }> = async (
  app,
  { config, turns },
) => {
  const { limits } = config;
  app.post("/ask/stream", rateLimited(limits.askPerWindow, limits.rateLimitWindowMs), async (request, reply) => {
    const ask = resolveAsk(config, request);
    const controller = abortOnDisconnect(reply.raw);
    await turns.take(controller.signal);
    const stream = new PassThrough();
    let began: () => void = () => undefined;
    const beginning = new Promise<void>((resolve) => {
      began = resolve;
    });
    let streaming = false;
    const send = (event: AskStreamEvent) => {
      streaming = true;
      began();
      if (!stream.writableEnded) stream.write(`${JSON.stringify(event)}\n`);
    };
    const observer: AskObserver = {
      stage: (stage) => send({ type: "stage", ...stage }),
      partDrafted: (part) => send({ type: "part", part }),
      drafted: (parts, ledger) => send({ type: "drafted", parts, ledger }),
      verdicts: (part, claims) => send({ type: "verdicts", part, claims }),
    };

    const work = app.services.rag.ask(ask, controller.signal, observer).then(
      (answer) => {
        send({ type: "answer", answer });
        stream.end();
      },
      (error: unknown) => {
        if (!streaming) throw error;
        if (controller.signal.aborted) {
          request.log.info("ask cancelled by the client; nothing stored");
        } else {
          const mapped = mapError(error, config.maxUploadBytes);
          request.log[mapped.status >= 500 ? "error" : "info"]({ err: error }, "streamed ask failed");
          send({ type: "error", error: mapped.body.error });
        }
        stream.end();
      },
    );
    // Up to the first event the ask can still fail with a plain HTTP error.
    await Promise.race([beginning, work]);
    return reply
      .header("content-type", "application/x-ndjson; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-accel-buffering", "no")
      .send(stream);
  });
};
