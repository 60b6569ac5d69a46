import { type AskResponse, StorageError } from "@audited-rag/core";
import { type AnswerArchive, type MetadataStore, prepared } from "@audited-rag/rag";

// An answer that cannot be written for this long is reported as a storage failure.
const defaultGiveUpMs = 5_000;
const maxDelayMs = 50;
const busyTimeoutMs = 5_000;

/**
 * Keeps a cluster worker's answers without ever waiting inside SQLite. Several processes write
 * the one SQLite file, and a writer that finds it locked is made to wait by SQLite's busy
 * handler, which sleeps: with better-sqlite3 that stops the whole worker, every other request
 * with it. Here the answer's INSERT runs with a busy timeout of 0 and a locked write is retried
 * after a short, growing, jittered pause on the event loop. Each answer is one INSERT, so nothing
 * is lost or half-written; the route answers only once it is stored.
 */
export class RetryingAnswerArchive implements AnswerArchive {
  constructor(
    private readonly store: MetadataStore,
    private readonly giveUpMs = defaultGiveUpMs,
  ) {}

  async saveAnswer(response: AskResponse, owner?: string): Promise<void> {
    const deadline = Date.now() + this.giveUpMs;
    for (let delay = 1; ; delay = Math.min(maxDelayMs, delay * 2)) {
      try {
        this.saveWithoutWaiting(response, owner);
        return;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() > deadline) {
          throw new StorageError("The answer could not be stored: the database stayed locked.", { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
      }
    }
  }

  private saveWithoutWaiting(response: AskResponse, owner: string | undefined): void {
    // Prepared once per connection: this runs on every ask.
    const { database } = this.store;
    prepared(database, "PRAGMA busy_timeout = 0").get();
    try {
      this.store.saveAnswer(response, owner);
    } finally {
      prepared(database, `PRAGMA busy_timeout = ${busyTimeoutMs}`).get();
    }
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}
