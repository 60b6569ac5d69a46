import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { type DocumentInfo, IngestUnavailableError } from "@audited-rag/core";
import type { IngestResult, Upload } from "@audited-rag/rag";
import type { DocumentIntake } from "../ingestion/document-intake";
import { type IntakeReply, type IntakeRequest, RemoteError } from "./messages";

interface Pending {
  /** Resolves at `registered` or `deleted`; rejects at a `failed` before that. */
  first: { resolve(reply: IntakeReply): void; reject(error: Error): void };
  /** Settles at `settled` or a `failed` after registration. */
  done?: { resolve(document: DocumentInfo): void; reject(error: Error): void };
  tempPath?: string;
}

const ownerLostMessage = "The ingestion process restarted before finishing this request; send it again.";

/**
 * The intake of an HTTP worker that does not own ingestion: the upload is received here into the
 * shared `tmp/` folder, then only its path and hash travel to the owner over IPC, which takes the
 * file over exactly as if it had received it itself.
 */
export class IpcDocumentIntake implements DocumentIntake {
  private readonly pending = new Map<string, Pending>();

  /** `send` posts a message to the primary, which routes it to the owner. */
  constructor(private readonly send: (message: IntakeRequest) => boolean) {}

  async ingest(upload: Upload): Promise<IngestResult> {
    const requestId = randomUUID();
    let resolveDone!: (document: DocumentInfo) => void;
    let rejectDone!: (error: Error) => void;
    const done = new Promise<DocumentInfo>((resolve, reject) => {
      resolveDone = resolve;
      rejectDone = reject;
    });
    // Callers that answer 202 never await `done`.
    done.catch(() => undefined);
    const reply = await new Promise<IntakeReply>((resolve, reject) => {
      this.pending.set(requestId, {
        first: { resolve, reject },
        done: { resolve: resolveDone, reject: rejectDone },
        tempPath: upload.tempPath,
      });
      this.post({ kind: "intake", requestId, op: "ingest", upload }, requestId);
    });
    if (!reply.document) throw new RemoteError({ code: "INTERNAL_ERROR", message: "The owner sent no document" });
    return { document: reply.document, created: reply.created ?? false, done };
  }

  async deleteDocument(id: string, options: { deletedBy?: string | null } = {}): Promise<void> {
    const requestId = randomUUID();
    await new Promise<IntakeReply>((resolve, reject) => {
      this.pending.set(requestId, { first: { resolve, reject } });
      this.post({ kind: "intake", requestId, op: "delete", id, deletedBy: options.deletedBy ?? null }, requestId);
    });
  }

  /** Feeds a reply from the owner (through the primary). */
  receive(reply: IntakeReply): void {
    const pending = this.pending.get(reply.requestId);
    if (!pending) return;
    const error = reply.error ? new RemoteError(reply.error) : undefined;
    switch (reply.stage) {
      case "registered":
        // The owner has the file now; the temporary path is no longer ours to clean up.
        pending.tempPath = undefined;
        pending.first.resolve(reply);
        return;
      case "deleted":
        this.pending.delete(reply.requestId);
        pending.first.resolve(reply);
        return;
      case "settled":
        this.pending.delete(reply.requestId);
        if (reply.document) pending.done?.resolve(reply.document);
        else pending.done?.reject(new RemoteError({ code: "INTERNAL_ERROR", message: "The owner sent no document" }));
        return;
      case "failed":
        this.pending.delete(reply.requestId);
        if (reply.afterRegistration) pending.done?.reject(error ?? new Error("ingest failed"));
        else pending.first.reject(error ?? new Error("ingest failed"));
    }
  }

  /** The owner died: nothing waiting on it will be answered, so every wait ends with a 503. */
  ownerLost(): void {
    const waiting = [...this.pending.entries()];
    this.pending.clear();
    for (const [, pending] of waiting) this.abandon(pending, new IngestUnavailableError(ownerLostMessage));
  }

  private post(message: IntakeRequest, requestId: string): void {
    let sent = false;
    try {
      sent = this.send(message);
    } catch {
      sent = false;
    }
    if (sent) return;
    const pending = this.pending.get(requestId);
    this.pending.delete(requestId);
    if (pending) this.abandon(pending, new IngestUnavailableError("The ingestion process cannot be reached."));
  }

  private abandon(pending: Pending, error: Error): void {
    if (pending.tempPath) void rm(pending.tempPath, { force: true });
    pending.first.reject(error);
    pending.done?.reject(error);
  }
}
