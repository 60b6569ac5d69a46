import { randomUUID } from "node:crypto";
import type { AskResponse } from "@audited-rag/core";
import type { AnswerArchive } from "@audited-rag/rag";
import { type ArchiveReply, type ArchiveRequest, RemoteError } from "./messages";

/** What the primary answers when no owner is running. */
export const ownerUnavailableCode = "INGEST_UNAVAILABLE";
// Past this the owner is taken to be gone and the answer is written here instead.
const replyTimeoutMs = 5_000;

/**
 * Keeps the answers of a relay worker by handing them to the owner, so one process writes to
 * the SQLite file. Two processes writing the same file contend for its lock, and SQLite's busy
 * handler waits by sleeping, which blocks the whole worker (measured: p99 of an insert 12 → 52 ms,
 * worst 246 ms, with a second writer). When the owner cannot be reached (it is restarting), the
 * answer is written locally, where the busy timeout serialises it: an answer is never lost.
 */
export class IpcAnswerArchive implements AnswerArchive {
  private readonly pending = new Map<string, { resolve(): void; reject(error: Error): void }>();

  constructor(
    private readonly send: (message: ArchiveRequest) => boolean,
    private readonly local: AnswerArchive,
  ) {}

  async saveAnswer(response: AskResponse): Promise<void> {
    const requestId = randomUUID();
    const kept = new Promise<void>((resolve, reject) => this.pending.set(requestId, { resolve, reject }));
    let sent = false;
    try {
      sent = this.send({ kind: "archive", requestId, answer: response });
    } catch {
      sent = false;
    }
    if (!sent) {
      this.pending.delete(requestId);
      return this.local.saveAnswer(response);
    }
    const timer = setTimeout(() => this.fail(requestId, new Error("no reply")), replyTimeoutMs);
    try {
      await kept;
    } catch (error) {
      // The owner refused it (a storage error is the answer's to report) or could not be reached.
      if (error instanceof RemoteError && error.code !== ownerUnavailableCode) throw error;
      await this.local.saveAnswer(response);
    } finally {
      clearTimeout(timer);
    }
  }

  receive(reply: ArchiveReply): void {
    const pending = this.pending.get(reply.requestId);
    if (!pending) return;
    this.pending.delete(reply.requestId);
    if (reply.error) pending.reject(new RemoteError(reply.error));
    else pending.resolve();
  }

  /** The owner died: every answer waiting on it is written locally instead. */
  ownerLost(): void {
    for (const requestId of [...this.pending.keys()]) this.fail(requestId, new Error("owner lost"));
  }

  private fail(requestId: string, error: Error): void {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    this.pending.delete(requestId);
    pending.reject(error);
  }
}
