import { NotFoundError } from "@audited-rag/core";
import { markStaleCitations } from "@audited-rag/rag";
import type { FastifyPluginAsync } from "fastify";
import { parseId } from "./id-params";

/** `GET /api/answers/:id`: a stored AskResponse, its citations of deleted or replaced documents marked `stale`. */
export const answerRoutes: FastifyPluginAsync = async (app) => {
  app.get("/answers/:id", async (request) => {
    const id = parseId(request.params, "answer");
    const answer = app.services.store.getAnswer(id);
    if (!answer) throw new NotFoundError(`No answer with id ${id}`);
    return markStaleCitations(answer, app.services.store.listDocuments());
  });
};
