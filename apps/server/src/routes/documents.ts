import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { NotFoundError } from "@audited-rag/core";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../config";
import { receiveUpload } from "../upload/receive-upload";
import { parseId } from "./id-params";

/** Upload, list, read, download and delete documents. */
export const documentRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const { store, intake } = app.services;

  app.post("/documents", async (request, reply) => {
    const wait = (request.query as { wait?: string }).wait === "true";
    const upload = await receiveUpload(await request.file(), {
      tempDir: path.join(config.dataDir, "tmp"),
      maxBytes: config.maxUploadBytes,
    });
    const { document, created, done } = await intake.ingest(upload);
    // The same bytes again: the existing document, once ready when the client asked to wait.
    if (!created) return reply.status(200).send({ document: wait ? await done : document });
    if (!wait) {
      done.catch((error: unknown) => request.log.warn({ err: error, documentId: document.id }, "ingest failed"));
      return reply.status(202).send({ document });
    }
    return reply.status(201).send({ document: await done });
  });

  app.get("/documents", async () => ({ documents: store.listDocuments() }));

  app.get("/documents/:id", async (request) => {
    const id = parseId(request.params, "document");
    const document = store.getDocument(id);
    if (!document) throw new NotFoundError(`No document with id ${id}`);
    return document;
  });

  app.get("/documents/:id/file", async (request, reply) => {
    const id = parseId(request.params, "document");
    const document = store.getDocument(id);
    if (!document || document.status === "failed") throw new NotFoundError(`No document with id ${id}`);
    const filePath = path.join(config.dataDir, "originals", `${document.sha256}.pdf`);
    try {
      await access(filePath);
    } catch {
      throw new NotFoundError(`The original file of document ${id} is missing`);
    }
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(document.filename)}`)
      .header("cache-control", "private, max-age=3600")
      .send(createReadStream(filePath));
  });

  app.delete("/documents/:id", async (request, reply) => {
    const id = parseId(request.params, "document");
    await intake.deleteDocument(id);
    return reply.status(204).send();
  });
};
