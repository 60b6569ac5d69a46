import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AskResponse } from "@audited-rag/core";
import { MetadataStore } from "@audited-rag/rag";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RetryingAnswerArchive } from "./retrying-answer-archive";

const answer = (id: string) =>
  ({
    id,
    question: "q",
    createdAt: "2026-12-01T00:00:00.000Z",
    jev: { mode: "off", model: "jev-1.13.0", threshold: 0.9, budgetMs: 5000 },
    parts: [],
    notAnswered: [],
    dropped: [],
    ledger: [],
    usage: { jevRequests: 0, inputTokens: 0, outputTokens: 0 },
    timings: { retrievalMs: 0, draftMs: 0, auditMs: 0, totalMs: 0 },
  }) as unknown as AskResponse;

describe("RetryingAnswerArchive", () => {
  let dataDir: string;
  let other: MetadataStore;
  let mine: MetadataStore;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-archive-"));
    other = MetadataStore.open(dataDir);
    mine = MetadataStore.open(dataDir);
  });
  afterEach(async () => {
    other.close();
    mine.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("waits for a lock held by another connection without blocking the event loop, then keeps the answer", async () => {
    const archive = new RetryingAnswerArchive(mine);
    try {
      other.database.exec("BEGIN IMMEDIATE");
      let settled = false;
      const saving = archive.saveAnswer(answer("a1")).then(() => {
        settled = true;
      });
      // Timers still fire while the write is pending: the worker's other requests would run.
      let ticks = 0;
      for (let index = 0; index < 5; index++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        ticks++;
      }
      expect(ticks).toBe(5);
      expect(settled).toBe(false);
      other.database.exec("COMMIT");
      await saving;
      expect(other.getAnswer("a1")?.id).toBe("a1");
      // The connection's own busy timeout is back for its other writes.
      expect(mine.database.pragma("busy_timeout", { simple: true })).toBe(5000);
    } finally {
      if (other.database.inTransaction) other.database.exec("ROLLBACK");
    }
  });

  it("gives up with a storage error when the lock is never released", async () => {
    const archive = new RetryingAnswerArchive(mine, 100);
    try {
      other.database.exec("BEGIN IMMEDIATE");
      await expect(archive.saveAnswer(answer("a2"))).rejects.toMatchObject({ code: "STORAGE_ERROR" });
      other.database.exec("ROLLBACK");
      expect(other.getAnswer("a2")).toBeUndefined();
    } finally {
      if (other.database.inTransaction) other.database.exec("ROLLBACK");
    }
  });
});
