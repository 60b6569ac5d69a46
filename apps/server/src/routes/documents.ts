import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { NotFoundError, ServerBusyError } from "@audited-rag/core";
import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "../config";
import { rateLimited } from "../plugins/rate-limits";
import { assertFreeSpace } from "../upload/free-space";
import { receiveUpload } from "../upload/receive-upload";
import type { UploadGate } from "../upload/upload-slots";
import { parseId } from "./id-params";

/** Upload, list, read, download and delete documents. */
export const documentRoutes: FastifyPluginAsync<{ config: AppConfig; slots: UploadGate }> = async (
  app,
  { config, slots },
) => {
  const { store, intake } = app.services;
  const { limits } = config;

  const adminOnly = { config: { access: "admin" as const } };
  const uploadRoute = rateLimited(limits.uploadPerWindow, limits.rateLimitWindowMs);

  app.post(
    "/documents",
    { ...uploadRoute, config: { ...uploadRoute.config, access: "admin" as const } },
    async (request, reply) => {
      const wait = (request.query as { wait?: string }).wait === "true";
      const release = await slots.tryAcquire();
      if (!release) {
        throw new ServerBusyError(
          `The server is already receiving ${slots.capacity} uploads; retry in a few seconds.`,
          5,
        );
      }
      // Held until the answer is sent or the client goes away, whichever comes first.
      if (reply.raw.closed) release();
      else reply.raw.once("close", release);
      const declared = Number(request.headers["content-length"] ?? 0);
      await assertFreeSpace(config.dataDir, limits.minFreeBytes, Number.isFinite(declared) ? declared : 0);
      const upload = await receiveUpload(await request.file(), {
        tempDir: path.join(config.dataDir, "tmp"),
        maxBytes: config.maxUploadBytes,
        idleTimeoutMs: limits.uploadIdleTimeoutMs,
      });
      const { document, created, done } = await intake.ingest({ ...upload, uploadedBy: request.user?.name });
      // The same bytes again: the existing document, once ready when the client asked to wait.
      if (!created) return reply.status(200).send({ document: wait ? await done : document });
      if (!wait) {
        done.catch((error: unknown) => request.log.warn({ err: error, documentId: document.id }, "ingest failed"));
        return reply.status(202).send({ document });
      }
      return reply.status(201).send({ document: await done });
    },
  );

  app.get("/documents", async () => ({ documents: store.listDocuments() }));

  /** The deletion log: what was removed, by whom and when. */
  app.get("/deletions", async () => ({ deletions: store.listDeletions() }));

  app.get("/documents/:id", async (request) => {
    const id = parseId(request.params, "document");
    const document = store.getDocument(id);
    if (!document) throw new NotFoundError(`No document with id ${id}`);
    return document;
  });

  /** The OCR words of a page that had no text layer, for the viewer's overlay; 404 for a page with a text layer. */
  app.get("/documents/:id/pages/:page/ocr", async (request) => {
    const id = parseId(request.params, "document");
    const raw = (request.params as { page?: unknown }).page;
    const page = typeof raw === "string" && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
    const document = store.getDocument(id);
    if (document?.status !== "ready") throw new NotFoundError(`No document with id ${id}`);
    const ocr = page === undefined ? undefined : store.getPageOcr(id, page);
    if (!ocr) throw new NotFoundError(`Page ${String(raw).slice(0, 12)} of document ${id} was not read by OCR`);
    return ocr;
  });

  app.get("/documents/:id/file", async (request, reply) => {
    const id = parseId(request.params, "document");
    const document = store.getDocument(id);
    if (!document || document.status === "failed") throw new NotFoundError(`No document with id ${id}`);
    // The bytes are content-addressed, so their hash is a strong ETag. `no-cache` makes the
    // browser revalidate each time: a deleted document answers 404 instead of a cached copy.
    const filePath = path.join(config.dataDir, "originals", `${document.sha256}.pdf`);
    try {
      await access(filePath);
    } catch {
      throw new NotFoundError(`The original file of document ${id} is missing`);
    }
    const etag = `"${document.sha256}"`;
    reply.header("etag", etag).header("cache-control", "private, no-cache");
    if (matchesEtag(request.headers["if-none-match"], etag)) return reply.status(304).send();
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(document.filename)}`)
      .send(createReadStream(filePath));
  });

  app.delete("/documents/:id", adminOnly, async (request, reply) => {
    const id = parseId(request.params, "document");
    await intake.deleteDocument(id, { deletedBy: request.user?.name ?? null });
    return reply.status(204).send();
  });
};

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const values = (Array.isArray(header) ? header.join(",") : header).split(",").map((value) => value.trim());
  return values.some((value) => value === "*" || value.replace(/^W\//, "") === etag);
}
