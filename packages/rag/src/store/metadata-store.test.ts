import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AskResponse } from "@audited-rag/core";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { passageStructure } from "../structure/clip-structure";
import { type NewChunk, sha256Hex } from "./chunk-record";
import { MetadataStore } from "./metadata-store";
import { migrate, migrations } from "./migrations";

const sha = (seed: string) => sha256Hex(seed);

function chunk(id: string, page: number, text: string): NewChunk {
  return { id, page, start: 0, end: text.length, text, sha256: sha256Hex(text) };
}

function answer(id: string): AskResponse {
  return {
    id,
    question: "Can I cancel?",
    createdAt: "2025-01-01T00:00:00.000Z",
    jev: { mode: "off", model: "jev-1.13.0", threshold: 0.9, budgetMs: 5000 },
    parts: [{ index: 0, question: "Can I cancel?", status: "abstained", claims: [] }],
    notAnswered: [],
    dropped: [],
    ledger: [],
    usage: { jevRequests: 0, inputTokens: 0, outputTokens: 0 },
    timings: { retrievalMs: 1, draftMs: 2, auditMs: 0, totalMs: 3 },
  };
}

describe("MetadataStore", () => {
  let dataDir: string;
  let store: MetadataStore;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "rag-store-"));
    store = MetadataStore.open(join(dataDir, "nested"));
  });
  afterEach(() => {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens a WAL database with foreign keys, a busy timeout and a memory map under the data dir", () => {
    expect(store.dataDir).toBe(join(dataDir, "nested"));
    expect(store.originalsDir).toBe(join(dataDir, "nested", "originals"));
    expect(store.database.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.database.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(store.database.pragma("busy_timeout", { simple: true })).toBe(5000);
    // Reads through a memory map, so another worker's writes do not cost a re-read of every page.
    expect(store.database.pragma("mmap_size", { simple: true })).toBe(
      process.platform === "linux" ? 256 * 1024 * 1024 : 0,
    );
    expect(store.health()).toEqual({ status: "ok", detail: "0 ready documents" });
  });

  it("creates documents as processing with a queued progress and finds them by hash", () => {
    const created = store.createDocument({ id: "d1", filename: "a.pdf", sha256: sha("a"), bytes: 10, pages: 2 });
    expect(created).toMatchObject({ id: "d1", status: "processing", chunks: 0, pages: 2 });
    expect(created.progress).toEqual({ stage: "queued", fraction: 0 });
    expect(store.findBySha256(sha("a"))?.id).toBe("d1");
    expect(store.findBySha256(sha("b"))).toBeUndefined();
    store.setProgress("d1", { stage: "embedding", fraction: 0.5, pagesDone: 1, pagesTotal: 2 });
    expect(store.getDocument("d1")?.progress).toEqual({
      stage: "embedding",
      fraction: 0.5,
      pagesDone: 1,
      pagesTotal: 2,
    });
    expect(() => store.setProgress("d1", { stage: "indexing", fraction: 2 })).toThrow();
  });

  it("prefers a live document over a failed one with the same bytes", () => {
    store.createDocument({ id: "old", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
    store.markFailed("old", { code: "PDF_UNREADABLE", message: "broken" });
    expect(store.findBySha256(sha("a"))?.id).toBe("old");
    store.createDocument({ id: "new", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
    expect(store.findBySha256(sha("a"))?.id).toBe("new");
    expect(store.isOriginalInUse(sha("a"))).toBe(true);
    expect(store.isOriginalInUse(sha("a"), "new")).toBe(false);
  });

  it("lists newest first and counts only ready documents", () => {
    store.createDocument({ id: "first", filename: "1.pdf", sha256: sha("1"), bytes: 1, pages: 1 });
    store.createDocument({ id: "second", filename: "2.pdf", sha256: sha("2"), bytes: 1, pages: 1 });
    store.createDocument({ id: "third", filename: "3.pdf", sha256: sha("3"), bytes: 1, pages: 1 });
    expect(store.listDocuments().map((document) => document.id)).toEqual(["third", "second", "first"]);
    store.markReady("first", { chunks: 0, warnings: [] });
    store.markReady("third", { chunks: 0, warnings: [] });
    expect(store.countReadyDocuments()).toBe(2);
    expect(store.readyDocumentIds()).toEqual(["third", "first"]);
    expect(store.readyDocumentIds(["first", "second", "missing", "first"])).toEqual(["first"]);
    expect(store.readyDocumentIds([])).toEqual([]);
  });

  it("saves pages and chunks in one transaction and returns chunks in the order asked", () => {
    store.createDocument({ id: "d1", filename: "policy.pdf", sha256: sha("p"), bytes: 1, pages: 2 });
    const pages = [
      { pageNumber: 1, text: "Page one text." },
      { pageNumber: 2, text: "Page two text." },
    ];
    store.saveChunks("d1", pages, [chunk("c1", 1, "Page one text."), chunk("c2", 2, "Page two text.")]);
    const ready = store.markReady("d1", { chunks: 2, warnings: ["Page 3 could not be read: x"] });
    expect(ready).toMatchObject({ status: "ready", chunks: 2, warnings: ["Page 3 could not be read: x"] });
    expect(ready.progress).toBeUndefined();
    expect(store.getChunks(["c2", "nope", "c1"])).toEqual([
      { ...chunk("c2", 2, "Page two text."), documentId: "d1", filename: "policy.pdf" },
      { ...chunk("c1", 1, "Page one text."), documentId: "d1", filename: "policy.pdf" },
    ]);
    expect(store.listChunks("d1").map((stored) => stored.id)).toEqual(["c1", "c2"]);
    expect(store.getPageText("d1", 2)).toBe("Page two text.");
    expect(store.getPageText("d1", 3)).toBeUndefined();
  });

  it("keeps each page's layout and each chunk's structure", () => {
    store.createDocument({ id: "d1", filename: "aes.pdf", sha256: sha("aes"), bytes: 1, pages: 1 });
    const text = "Key Rounds\n\nAES-256 14\n\n• one item";
    const row = {
      kind: "table-row" as const,
      span: { start: 12, end: 22 },
      cells: [
        { start: 12, end: 19 },
        { start: 20, end: 22 },
      ],
      headers: ["Key", "Rounds"],
      caption: "Table 2",
    };
    const layout = {
      headings: [{ text: "5 Algorithm", level: 1 }],
      blocks: [
        { kind: "paragraph" as const, span: { start: 0, end: 10 } },
        row,
        { kind: "list-item" as const, span: { start: 24, end: 34 }, marker: "•", leadIn: "Items:" },
      ],
      runningLines: ["FIPS 197"],
    };
    const structure = { headings: ["5 Algorithm"], blocks: [{ ...row, span: { start: 0, end: 10 } }] };
    const stored = { ...chunk("c1", 1, text), structure };
    store.saveChunks("d1", [{ pageNumber: 1, text, ...layout }], [stored]);
    expect(store.getPageLayout("d1", 1)).toEqual(layout);
    expect(store.getPageLayout("d1", 2)).toBeUndefined();
    expect(store.getChunks(["c1"])[0]?.structure).toEqual(structure);
    expect(store.listChunks("d1")[0]?.structure).toEqual(structure);
    // A structure the page layout does not give back is kept as given.
    const columns = store.database.prepare("SELECT text, structure FROM chunks").get();
    expect(columns).toEqual({ text: null, structure: JSON.stringify(structure) });
    // A run of pages is several KB: in a WITHOUT ROWID table rows that size would spill into overflow pages.
    const sql = store.database.prepare("SELECT sql FROM sqlite_master WHERE name = 'page_runs'").get() as {
      sql: string;
    };
    expect(sql.sql).not.toMatch(/WITHOUT ROWID/);
  });

  it("stores a chunk that is its page's slice as offsets, and gives back its text, hash and structure", () => {
    store.createDocument({ id: "d1", filename: "aes.pdf", sha256: sha("aes"), bytes: 1, pages: 6 });
    const text = "5 Algorithm\n\nThe cipher has 14 rounds. Each round mixes columns.";
    const layout = {
      headings: [{ text: "4 Notation", level: 1 }],
      blocks: [
        { kind: "heading" as const, span: { start: 0, end: 11 }, level: 1 },
        { kind: "paragraph" as const, span: { start: 13, end: 64 } },
      ],
      runningLines: ["FIPS 197"],
    };
    const start = 13;
    const passage = text.slice(start, 38);
    const structure = passageStructure({ text, ...layout }, start, 38);
    const pages = [1, 2, 5, 6].map((pageNumber) => ({ pageNumber, text, ...layout }));
    const chunks = [5, 6].map((page) => ({ ...chunk(`c${page}`, page, passage), start, end: 38, structure }));
    store.saveChunks("d1", pages, chunks);
    const stored = store.database.prepare("SELECT text, sha256, structure FROM chunks").all();
    expect(stored).toEqual([
      { text: null, sha256: null, structure: null },
      { text: null, sha256: null, structure: null },
    ]);
    expect(store.getChunks(["c6", "c5"])).toEqual(
      [6, 5].map((page) => ({ ...chunks.find((c) => c.page === page), documentId: "d1", filename: "aes.pdf" })),
    );
    expect(store.getChunks(["c5"])[0]?.structure).toEqual({
      headings: ["5 Algorithm"],
      blocks: [{ kind: "paragraph", span: { start: 0, end: 25 } }],
      runningLines: ["FIPS 197"],
    });
    // Pages 1–4 share a run, 5–8 the next.
    expect(store.database.prepare("SELECT run FROM page_runs ORDER BY run").pluck().all()).toEqual([0, 1]);
    expect([1, 2, 3, 5].map((page) => store.getPageText("d1", page) !== undefined)).toEqual([true, true, false, true]);
    expect(store.getPageLayout("d1", 6)).toEqual(layout);
  });

  it("upgrades a database of the first schema, keeping its pages and chunks", () => {
    const path = join(dataDir, "old");
    mkdirSync(join(path, "originals"), { recursive: true });
    const raw = new BetterSqlite3(join(path, "rag.sqlite"));
    raw.exec(migrations[0] as string);
    raw.pragma("user_version = 1");
    raw
      .prepare("INSERT INTO documents VALUES ('d1', 'a.pdf', ?, 1, 1, 1, 'ready', NULL, NULL, NULL, 'now')")
      .run(sha("a"));
    raw.prepare("INSERT INTO pages VALUES ('d1', 1, 'Old page.')").run();
    raw.prepare("INSERT INTO chunks VALUES ('c1', 'd1', 0, 1, 0, 9, 'Old page.', ?)").run(sha256Hex("Old page."));
    raw.close();
    const upgraded = MetadataStore.open(path);
    try {
      expect(upgraded.getPageText("d1", 1)).toBe("Old page.");
      expect(upgraded.getPageLayout("d1", 1)).toBeUndefined();
      const [old] = upgraded.getChunks(["c1"]);
      expect(old?.text).toBe("Old page.");
      expect(old && "structure" in old).toBe(false);
      expect(() =>
        upgraded.saveChunks(
          "d1",
          [
            { pageNumber: 1, text: "a" },
            { pageNumber: 1, text: "b" },
          ],
          [],
        ),
      ).toThrow(/Page 1 is given twice/);
    } finally {
      upgraded.close();
    }
  });

  it("never serves a replaced page from its cache, in this store or another on the same file", async () => {
    const other = MetadataStore.open(join(dataDir, "nested"));
    try {
      const saveAs = (target: MetadataStore, text: string) => {
        target.createDocument({ id: "d1", filename: "a.pdf", sha256: sha(text), bytes: 1, pages: 1 });
        target.saveChunks("d1", [{ pageNumber: 1, text }], [chunk("c1", 1, text)]);
      };
      saveAs(store, "First text.");
      expect(other.getChunks(["c1"])[0]?.text).toBe("First text.");
      store.deleteDocument("d1");
      saveAs(store, "Other text.");
      expect(store.getChunks(["c1"])[0]?.text).toBe("Other text.");
      // The other store cached the first document's run; the same id created later is another document.
      await new Promise((resolve) => setTimeout(resolve, 5));
      store.deleteDocument("d1");
      saveAs(store, "Third text.");
      expect(other.getChunks(["c1"])[0]?.text).toBe("Third text.");
    } finally {
      other.close();
    }
  });

  it("rolls back every page and chunk when one insert fails", () => {
    store.createDocument({ id: "d1", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
    store.saveChunks("d1", [{ pageNumber: 1, text: "kept" }], [chunk("keep", 1, "kept")]);
    const duplicate = [chunk("x", 1, "one"), chunk("x", 1, "two")];
    expect(() => store.saveChunks("d1", [{ pageNumber: 1, text: "one two" }], duplicate)).toThrow(/UNIQUE/);
    expect(store.listChunks("d1").map((stored) => stored.id)).toEqual(["keep"]);
    expect(store.getPageText("d1", 1)).toBe("kept");
    expect(() => store.saveChunks("missing", [{ pageNumber: 1, text: "t" }], [])).toThrow(/FOREIGN KEY/);
  });

  it("deletes chunks and pages with their document", () => {
    store.createDocument({ id: "d1", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
    store.saveChunks("d1", [{ pageNumber: 1, text: "t" }], [chunk("c1", 1, "t")]);
    expect(store.deleteDocument("d1")).toBe(true);
    expect(store.deleteDocument("d1")).toBe(false);
    expect(store.getDocument("d1")).toBeUndefined();
    expect(store.getChunks(["c1"])).toEqual([]);
    expect(store.database.prepare("SELECT count(*) AS n FROM page_runs").get()).toEqual({ n: 0 });
  });

  it("keeps a readable error on failed documents", () => {
    store.createDocument({ id: "d1", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
    const failed = store.markFailed("d1", { code: "EMBEDDER_UNAVAILABLE", message: "Ollama is not reachable." });
    expect(failed).toMatchObject({ status: "failed", error: { code: "EMBEDDER_UNAVAILABLE" } });
    expect(failed.progress).toBeUndefined();
    expect(() => store.markReady("missing", { chunks: 0, warnings: [] })).toThrow(/No document/);
  });

  it("fails documents a crash left processing, and only those", () => {
    store.createDocument({ id: "stuck", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
    store.createDocument({ id: "done", filename: "b.pdf", sha256: sha("b"), bytes: 1, pages: 1 });
    store.markReady("done", { chunks: 0, warnings: [] });
    store.close();
    store = MetadataStore.open(join(dataDir, "nested"));
    expect(store.markInterruptedIngestsFailed()).toEqual(["stuck"]);
    expect(store.getDocument("stuck")).toMatchObject({ status: "failed", error: { code: "INGEST_INTERRUPTED" } });
    expect(store.getDocument("done")?.status).toBe("ready");
    expect(store.markInterruptedIngestsFailed()).toEqual([]);
  });

  it("round-trips answers as JSON", () => {
    store.saveAnswer(answer("a1"));
    expect(store.getAnswer("a1")).toEqual(answer("a1"));
    expect(store.getAnswer("a2")).toBeUndefined();
    store.saveAnswer({ ...answer("a1"), question: "Changed?" });
    expect(store.getAnswer("a1")?.question).toBe("Changed?");
  });

  it("lists answers newest first, searches questions literally and keeps each person's own", () => {
    const at = (id: string, question: string, minute: number): AskResponse => ({
      ...answer(id),
      question,
      createdAt: `2025-01-01T00:0${minute}:00.000Z`,
    });
    store.saveAnswer(at("old", "How long to cancel?", 1), "ana");
    store.saveAnswer(at("new", "Which cities are served?", 2), "ana");
    store.saveAnswer(at("odd", "What does 100%_off mean?", 3), "bo");
    expect(store.listAnswers({ limit: 10 }).map((a) => a.id)).toEqual(["odd", "new", "old"]);
    expect(store.listAnswers({ limit: 1 }).map((a) => a.id)).toEqual(["odd"]);
    expect(store.listAnswers({ query: "CITIES", limit: 10 }).map((a) => a.id)).toEqual(["new"]);
    expect(store.listAnswers({ query: "%_", limit: 10 }).map((a) => a.id)).toEqual(["odd"]);
    expect(store.listAnswers({ query: "0%", limit: 10 }).map((a) => a.id)).toEqual(["odd"]);
    expect(store.listAnswers({ owner: { id: "ana" }, limit: 10 }).map((a) => a.id)).toEqual(["new", "old"]);
    expect(store.getAnswer("odd", { id: "ana" })).toBeUndefined();
    expect(store.getAnswer("odd", { id: undefined })?.id).toBe("odd");

    expect(store.deleteAnswer("odd", { id: "ana" })).toBe(false);
    expect(store.deleteAnswer("old", { id: "ana" })).toBe(true);
    expect(store.deleteAnswer("old")).toBe(false);
    expect(store.deleteAnswers({ id: "ana" })).toBe(1);
    expect(store.listAnswers({ limit: 10 }).map((a) => a.id)).toEqual(["odd"]);
    expect(store.deleteAnswers()).toBe(1);
    expect(store.listAnswers({ limit: 10 })).toEqual([]);
  });

  it("keeps answers stored before the history columns existed searchable", () => {
    store.close();
    const path = join(dataDir, "legacy");
    mkdirSync(path, { recursive: true });
    const raw = new BetterSqlite3(join(path, "rag.sqlite"));
    // The last step before the history columns: accounts, layout and retention (steps 2 to 4) already ran.
    migrate(raw, 4);
    raw.prepare("INSERT INTO answers VALUES (?, ?, ?)").run("a1", answer("a1").createdAt, JSON.stringify(answer("a1")));
    raw.close();
    store = MetadataStore.open(path);
    expect(store.listAnswers({ query: "cancel", limit: 5 }).map((a) => a.id)).toEqual(["a1"]);
  });

  it("names originals by hash and refuses anything else", () => {
    expect(store.originalPath(sha("a"))).toBe(join(store.originalsDir, `${sha("a")}.pdf`));
    expect(() => store.originalPath("../../etc/passwd")).toThrow(/No original/);
  });

  it("reports degraded health once closed, and closes twice safely", () => {
    store.close();
    expect(store.health().status).toBe("degraded");
    store.close();
  });

  it("refuses a database written by a newer schema", () => {
    const path = join(dataDir, "newer");
    const first = MetadataStore.open(path);
    first.database.pragma("user_version = 99");
    first.close();
    expect(() => MetadataStore.open(path)).toThrow(/newer than this build/);
  });

  it("migrates an existing file only once", () => {
    store.createDocument({ id: "d1", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
    store.close();
    const raw = new BetterSqlite3(join(dataDir, "nested", "rag.sqlite"));
    const version = raw.pragma("user_version", { simple: true });
    raw.close();
    store = MetadataStore.open(join(dataDir, "nested"));
    expect(store.database.pragma("user_version", { simple: true })).toBe(version);
    expect(store.getDocument("d1")?.id).toBe("d1");
  });
});

describe("MetadataStore retention and space", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "rag-retention-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const at = (id: string, createdAt: string) => ({ ...answer(id), createdAt });

  it("prunes answers past the age limit and beyond the newest maxCount", () => {
    const store = MetadataStore.open(dataDir, { answerRetention: { maxAgeDays: 30, maxCount: 2 } });
    try {
      store.saveAnswer(at("old", "2025-01-01T00:00:00.000Z"));
      store.saveAnswer(at("a", "2025-03-01T00:00:00.000Z"));
      store.saveAnswer(at("b", "2025-03-02T00:00:00.000Z"));
      store.saveAnswer(at("c", "2025-03-03T00:00:00.000Z"));
      expect(store.pruneAnswers(new Date("2025-03-10T00:00:00.000Z"))).toBe(2);
      expect(["old", "a", "b", "c"].map((id) => store.getAnswer(id) !== undefined)).toEqual([false, false, true, true]);
    } finally {
      store.close();
    }
  });

  it("keeps everything when both limits are 0", () => {
    const store = MetadataStore.open(dataDir, { answerRetention: { maxAgeDays: 0, maxCount: 0 } });
    try {
      store.saveAnswer(at("old", "2000-01-01T00:00:00.000Z"));
      expect(store.pruneAnswers()).toBe(0);
      expect(store.countAnswers()).toBe(1);
    } finally {
      store.close();
    }
  });

  it("prunes by itself every hundred saves", () => {
    const store = MetadataStore.open(dataDir, { answerRetention: { maxAgeDays: 0, maxCount: 10 } });
    try {
      for (let index = 0; index < 99; index++)
        store.saveAnswer(at(`a${index}`, new Date(1_700_000_000_000 + index).toISOString()));
      expect(store.countAnswers()).toBe(99);
      store.saveAnswer(at("a99", new Date(1_700_000_000_099).toISOString()));
      expect(store.countAnswers()).toBe(10);
      expect(store.getAnswer("a99")).toBeDefined();
      expect(store.getAnswer("a0")).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it("converts a file made without auto-vacuum to incremental auto-vacuum at open", () => {
    const path = join(dataDir, "rag.sqlite");
    const old = new BetterSqlite3(path);
    old.pragma("journal_mode = WAL");
    old.exec("CREATE TABLE filler (text TEXT)");
    old.prepare("INSERT INTO filler VALUES (?)").run("x".repeat(100_000));
    expect(old.pragma("auto_vacuum", { simple: true })).toBe(0);
    old.close();
    const store = MetadataStore.open(dataDir);
    try {
      expect(store.database.pragma("auto_vacuum", { simple: true })).toBe(2);
      expect(store.startupCheck).toEqual({ quickCheck: "ok", vacuumProblem: undefined });
      expect(store.database.prepare("SELECT length(text) AS n FROM filler").get()).toEqual({ n: 100_000 });
    } finally {
      store.close();
    }
  });

  it("reports stuck processing documents as degraded health", () => {
    const store = MetadataStore.open(dataDir);
    try {
      store.createDocument({ id: "d1", filename: "a.pdf", sha256: sha("a"), bytes: 1, pages: 1 });
      expect(store.processingDocumentIds()).toEqual(["d1"]);
      expect(store.health().status).toBe("ok");
      expect(store.health(["d1"])).toEqual({
        status: "degraded",
        detail: expect.stringMatching(/1 document is stuck in processing \(d1\)/),
      });
    } finally {
      store.close();
    }
  });
});

describe("MetadataStore migrations", () => {
  it("removes bidi controls from file names stored by an older build", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rag-migrate-"));
    try {
      // As an older build left it: before the retention step, without the answers index or the history columns.
      const raw = new BetterSqlite3(join(dataDir, "rag.sqlite"));
      migrate(raw, 3);
      raw
        .prepare(
          `INSERT INTO documents (id, filename, sha256, bytes, pages, status, created_at)
           VALUES ('d1', ?, ?, 1, 1, 'ready', '2025-01-01T00:00:00.000Z')`,
        )
        .run("invoice\u202Efdp.exe\u2066x\u2069", sha("d1"));
      raw.close();
      const reopened = MetadataStore.open(dataDir);
      try {
        expect(reopened.getDocument("d1")?.filename).toBe("invoicefdp.exex");
      } finally {
        reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
