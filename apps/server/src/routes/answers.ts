import { NotFoundError, toAnswerListItem } from "@audited-rag/core";
import { markStaleCitations } from "@audited-rag/rag";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parseId } from "./id-params";
import { parseBody } from "./parse-body";
import { requestOwner } from "./request-owner";

const listQuerySchema = z.object({
  query: z.string().max(200, "query is longer than 200 characters").optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Stored answers: `GET /api/answers/:id` (contract; citations of deleted or replaced documents
 * marked `stale`) and the history list, newest first and searchable by question, with deletes.
 * With accounts on, each person sees only their own.
 */
export const answerRoutes: FastifyPluginAsync = async (app) => {
  app.get("/answers", async (request) => {
    const { query, limit } = parseBody(listQuerySchema, request.query);
    const answers = app.services.store.listAnswers({ owner: requestOwner(request), limit, ...(query && { query }) });
    return { answers: answers.map(toAnswerListItem) };
  });

  app.get("/answers/:id", async (request) => {
    const id = parseId(request.params, "answer");
    const answer = app.services.store.getAnswer(id, requestOwner(request));
    if (!answer) throw new NotFoundError(`No answer with id ${id}`);
    return markStaleCitations(answer, app.services.store.listDocuments());
  });

  app.delete("/answers/:id", async (request, reply) => {
    const id = parseId(request.params, "answer");
    if (!app.services.store.deleteAnswer(id, requestOwner(request))) throw new NotFoundError(`No answer with id ${id}`);
    return reply.status(204).send();
  });

  app.delete("/answers", async (request, reply) => {
    app.services.store.deleteAnswers(requestOwner(request));
    return reply.status(204).send();
  });
};
