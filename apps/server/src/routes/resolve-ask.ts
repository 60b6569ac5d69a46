import { askRequestSchema, isModeAllowed, JevModeNotAllowedError } from "@audited-rag/core";
import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { parseBody } from "./parse-body";
import { requestOwner } from "./request-owner";

/** Validates an ask body and resolves its `jevMode` (which may only lower the configured mode) and asker. */
export function resolveAsk(config: AppConfig, request: FastifyRequest) {
  const body = parseBody(askRequestSchema, request.body);
  const jevMode = body.jevMode ?? config.jev.mode;
  if (!isModeAllowed(jevMode, config.jev.mode)) {
    throw new JevModeNotAllowedError(
      `The server runs the auditor in mode '${config.jev.mode}'; a question may lower it but not raise it to '${jevMode}'`,
    );
  }
  const owner = requestOwner(request).id;
  return { ...body, jevMode, ...(owner !== undefined && { ownerId: owner }) };
}

/** An AbortController that fires when the client goes away before the reply is finished. */
export function abortOnDisconnect(raw: NodeJS.WritableStream & { writableFinished: boolean }): AbortController {
  const controller = new AbortController();
  raw.once("close", () => {
    if (!raw.writableFinished) controller.abort();
  });
  return controller;
}
