import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type AskResponse,
  askResponseSchema,
  type ComponentHealth,
  type DocumentDeletion,
  type DocumentInfo,
  documentErrorSchema,
  type IngestProgress,
  ingestProgressSchema,
  NotFoundError,
  type OcrPage,
} from "@audited-rag/core";
import BetterSqlite3, { type Database } from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { type AnswerRetention, answerCutoff, pruneEvery } from "./answer-retention";
import { type ChunkRow, chunkColumns, chunkFromRow } from "./chunk-columns";
import type { ChunkRecord, NewChunk, PageLayout, PageText } from "./chunk-record";
import { type DeletionRow, type DocumentRow, toDocument } from "./document-rows";
import { migrate } from "./migrations";
import { decodeOcrPage, encodeOcrPage } from "./ocr-page-codec";
import { packText, unpackText } from "./packed-text";
import { decodePageLayout } from "./page-layout-codec";
import { packPageRuns, type RunPage, runOf, runPageOf, type StoredPage, storedPage, unpackPageRun } from "./page-runs";
import { prepared } from "./statement-cache";

export interface NewDocument {
  id: string;
  filename: string;
  sha256: string;
  bytes: number;
  pages: number;
  /** Name of the uploading account, when login is on. */
  uploadedBy?: string;
}

/** A readable failure kept on a failed document. */
export interface DocumentError {
  code: string;
  message: string;
}

/** Restricts answers to one person's; an undefined id (accounts off) means every answer. */
export interface OwnerFilter {
  id: string | undefined;
}

export const interruptedCode = "INGEST_INTERRUPTED";

// Runs of four pages: about a thousand pages' text and layouts, a few MB.
const runCacheSize = 256;
// Reads through a memory map of the file, up to this size. Every stored answer is a write, and a
// write by another process makes SQLite drop a connection's page cache: with the map the next
// reads come from shared memory instead of read() calls into a fresh cache, which is what kept
// two HTTP workers from doing twice the asks of one (bench load: ×1.39 without, ×1.59–1.95 with).
// On Linux only, where it was measured: on macOS, processes sharing a mapped SQLite file have been
// reported to crash (SIGBUS) when another one shrinks it, and there reads go through read() as before.
const mmapBytes = process.platform === "linux" ? 256 * 1024 * 1024 : 0;

export interface MetadataStoreOptions {
  /** Stored answers beyond these are pruned at open, every `pruneEvery` saves and by `pruneAnswers()`. */
  answerRetention?: AnswerRetention;
  /**
   * `elsewhere`: this connection never checkpoints the write-ahead log itself; another process
   * calls `checkpoint()` (a cluster's primary, so no worker stalls a request on it). Default: SQLite's
   * automatic checkpoint at 1,000 pages, run by whichever commit crosses it.
   */
  checkpoints?: "automatic" | "elsewhere";
}

/** What the store noticed about the file when it opened it, for health and the log. */
export interface StartupCheck {
  /** `ok`, or the first lines `PRAGMA quick_check` reported. */
  quickCheck: string;
  /** Set when an existing file could not be converted to incremental auto-vacuum (retried at the next open). */
  vacuumProblem?: string;
}

/**
 * The SQLite file that holds documents, page texts, chunks and stored answers; the source of
 * truth for chunk text. One instance owns the connection; the embedded index borrows it.
 */
export class MetadataStore {
  private savesSincePrune = 0;
  /** Unpacked page runs, so the chunks an ask retrieves again cost no unpacking (see `pageRun`). */
  private readonly runCache = new LRUCache<string, Map<number, StoredPage>>({ max: runCacheSize });

  private constructor(
    readonly database: Database,
    readonly dataDir: string,
    /** Integrity and vacuum findings from opening the file. */
    readonly startupCheck: StartupCheck,
    private readonly options: MetadataStoreOptions,
  ) {}

  /**
   * Opens (creating if needed) `<dataDir>/rag.sqlite` and the originals folder, migrates the
   * schema, converts an older file to incremental auto-vacuum, runs `PRAGMA quick_check` and
   * prunes stored answers past the retention limits.
   */
  static open(dataDir: string, options: MetadataStoreOptions = {}): MetadataStore {
    mkdirSync(join(dataDir, "originals"), { recursive: true });
    const database = new BetterSqlite3(join(dataDir, "rag.sqlite"));
    let store: MetadataStore;
    try {
      // Takes effect at once on a new, empty file; an existing one needs the VACUUM below.
      database.pragma("auto_vacuum = INCREMENTAL");
      database.pragma("journal_mode = WAL");
      database.pragma("busy_timeout = 5000");
      database.pragma("foreign_keys = ON");
      database.pragma("synchronous = NORMAL");
      database.pragma(`mmap_size = ${mmapBytes}`);
      if (options.checkpoints === "elsewhere") database.pragma("wal_autocheckpoint = 0");
      // A conversion of existing rows leaves free pages behind; give them back to the file system.
      if (migrate(database) > 0) database.pragma("incremental_vacuum");
      const vacuumProblem = convertToIncrementalVacuum(database);
      store = new MetadataStore(database, dataDir, { quickCheck: quickCheck(database), vacuumProblem }, options);
    } catch (error) {
      database.close();
      throw error;
    }
    try {
      store.pruneAnswers();
    } catch {
      // A full disk must not stop the server from starting; the next save or timer prunes again.
    }
    return store;
  }

  /** Folder of the retained uploads, named `<sha256>.pdf`. */
  get originalsDir(): string {
    return join(this.dataDir, "originals");
  }

  /** Where the original bytes with this hash are kept. */
  originalPath(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new NotFoundError("No original file with that hash.");
    return join(this.originalsDir, `${sha256}.pdf`);
  }

  createDocument(document: NewDocument): DocumentInfo {
    const progress: IngestProgress = { stage: "queued", fraction: 0 };
    this.database
      .prepare(
        `INSERT INTO documents (id, filename, sha256, bytes, pages, status, progress, created_at, uploaded_by)
         VALUES (?, ?, ?, ?, ?, 'processing', ?, ?, ?)`,
      )
      .run(
        document.id,
        document.filename,
        document.sha256,
        document.bytes,
        document.pages,
        JSON.stringify(progress),
        new Date().toISOString(),
        document.uploadedBy ?? null,
      );
    return this.requireDocument(document.id);
  }

  /** The document with these bytes, preferring a ready or processing one over a failed one. */
  findBySha256(sha256: string): DocumentInfo | undefined {
    const row = this.database
      .prepare(
        `SELECT * FROM documents WHERE sha256 = ?
         ORDER BY status = 'failed', created_at DESC, rowid DESC LIMIT 1`,
      )
      .get(sha256) as DocumentRow | undefined;
    return row && toDocument(row);
  }

  getDocument(id: string): DocumentInfo | undefined {
    const row = prepared(this.database, "SELECT * FROM documents WHERE id = ?").get(id) as DocumentRow | undefined;
    return row && toDocument(row);
  }

  /** Every document, newest first. */
  listDocuments(): DocumentInfo[] {
    const rows = this.database
      .prepare("SELECT * FROM documents ORDER BY created_at DESC, rowid DESC")
      .all() as DocumentRow[];
    return rows.map(toDocument);
  }

  /** Records the page count of a document registered before it was read (queued uploads). */
  setPageCount(id: string, pages: number): void {
    this.database.prepare("UPDATE documents SET pages = ? WHERE id = ?").run(pages, id);
  }

  setProgress(id: string, progress: IngestProgress): void {
    this.database
      .prepare("UPDATE documents SET progress = ? WHERE id = ? AND status = 'processing'")
      .run(JSON.stringify(ingestProgressSchema.parse(progress)), id);
  }

  /**
   * Replaces the pages and chunks of a document in one transaction. Rows are packed first, so the
   * write lock is held only for the inserts; a chunk that is its page's text between its offsets
   * is stored as those offsets (chunk-columns.ts).
   */
  saveChunks(documentId: string, pages: PageText[], chunks: NewChunk[]): void {
    const insertRun = this.database.prepare("INSERT INTO page_runs (document_id, run, pages) VALUES (?, ?, ?)");
    const insertOcr = this.database.prepare(
      "INSERT INTO page_ocr (document_id, page_number, words, confidence) VALUES (?, ?, ?, ?)",
    );
    const insertChunk = this.database.prepare(
      `INSERT INTO chunks (id, document_id, ordinal, page, start_offset, end_offset, sha256, text, structure)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const runPages = pages.map(runPageOf);
    const runs = packPageRuns(runPages);
    const ocrRows = pages.flatMap((page) => (page.ocr ? [{ page, words: packText(encodeOcrPage(page.ocr)) }] : []));
    const storedPages = new Map(runPages.map((page) => [page.pageNumber, storedPage(page)]));
    const chunkRows = chunks.map((chunk) => ({ chunk, ...chunkColumns(chunk, storedPages.get(chunk.page)) }));
    this.database.transaction(() => {
      this.deleteChunks(documentId);
      for (const run of runs) insertRun.run(documentId, run.run, run.pages);
      for (const { page, words } of ocrRows) insertOcr.run(documentId, page.pageNumber, words, page.ocr?.confidence);
      for (const [ordinal, { chunk, sha256, text, structure }] of chunkRows.entries()) {
        insertChunk.run(chunk.id, documentId, ordinal, chunk.page, chunk.start, chunk.end, sha256, text, structure);
      }
    })();
  }

  /** Removes the pages and chunks of a document, keeping its row. */
  deleteChunks(documentId: string): void {
    this.runCache.clear();
    this.database.prepare("DELETE FROM chunks WHERE document_id = ?").run(documentId);
    this.database.prepare("DELETE FROM page_runs WHERE document_id = ?").run(documentId);
    this.database.prepare("DELETE FROM page_ocr WHERE document_id = ?").run(documentId);
  }

  markReady(id: string, outcome: { chunks: number; warnings: string[] }): DocumentInfo {
    this.database
      .prepare(
        `UPDATE documents SET status = 'ready', chunks = ?, warnings = ?, progress = NULL, error = NULL
         WHERE id = ?`,
      )
      .run(outcome.chunks, outcome.warnings.length > 0 ? JSON.stringify(outcome.warnings) : null, id);
    return this.requireDocument(id);
  }

  markFailed(id: string, error: DocumentError): DocumentInfo {
    this.database
      .prepare("UPDATE documents SET status = 'failed', chunks = 0, progress = NULL, error = ? WHERE id = ?")
      .run(JSON.stringify(documentErrorSchema.parse(error)), id);
    return this.requireDocument(id);
  }

  /**
   * Removes the document with its pages and chunks; false when there was none. With `log`, a user's
   * deletion is recorded in the deletion log in the same transaction (replacing a failed upload is not).
   */
  deleteDocument(id: string, log?: { deletedBy: string | null }): boolean {
    this.runCache.clear();
    return this.database.transaction(() => {
      const row = this.database.prepare("SELECT * FROM documents WHERE id = ?").get(id) as DocumentRow | undefined;
      if (!row) return false;
      if (log) {
        this.database
          .prepare(
            `INSERT INTO document_deletions (document_id, filename, sha256, uploaded_by, deleted_by, deleted_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(row.id, row.filename, row.sha256, row.uploaded_by, log.deletedBy, new Date().toISOString());
      }
      this.database.prepare("DELETE FROM documents WHERE id = ?").run(id);
      return true;
    })();
  }

  /** The deletion log, newest first. */
  listDeletions(limit = 1000): DocumentDeletion[] {
    const rows = this.database
      .prepare("SELECT * FROM document_deletions ORDER BY id DESC LIMIT ?")
      .all(limit) as DeletionRow[];
    return rows.map((row) => ({
      documentId: row.document_id,
      filename: row.filename,
      sha256: row.sha256,
      uploadedBy: row.uploaded_by,
      deletedBy: row.deleted_by,
      deletedAt: row.deleted_at,
    }));
  }

  countReadyDocuments(): number {
    return (this.database.prepare("SELECT count(*) AS n FROM documents WHERE status = 'ready'").get() as { n: number })
      .n;
  }

  /** Ids of ready documents; restricted to `ids` (in their order) when given. */
  readyDocumentIds(ids?: string[]): string[] {
    if (!ids) {
      const rows = prepared(
        this.database,
        "SELECT id FROM documents WHERE status = 'ready' ORDER BY created_at DESC, rowid DESC",
      ).all() as { id: string }[];
      return rows.map((row) => row.id);
    }
    const ready = new Set(
      (
        prepared(
          this.database,
          "SELECT id FROM documents WHERE status = 'ready' AND id IN (SELECT value FROM json_each(?))",
        ).all(JSON.stringify(ids)) as { id: string }[]
      ).map((row) => row.id),
    );
    return [...new Set(ids)].filter((id) => ready.has(id));
  }

  /** Whether a ready or processing document other than `exceptDocumentId` keeps the original with this hash. */
  isOriginalInUse(sha256: string, exceptDocumentId?: string): boolean {
    const row = this.database
      .prepare("SELECT 1 FROM documents WHERE sha256 = ? AND status != 'failed' AND id != ? LIMIT 1")
      .get(sha256, exceptDocumentId ?? "");
    return row !== undefined;
  }

  /**
   * Marks documents a crash left in `processing` as failed (code INGEST_INTERRUPTED) and returns
   * their ids; call once at boot, before any ingest starts.
   */
  markInterruptedIngestsFailed(): string[] {
    const error = JSON.stringify({
      code: interruptedCode,
      message: "The server stopped before this upload finished processing; upload the file again.",
    });
    const rows = this.database
      .prepare(
        `UPDATE documents SET status = 'failed', chunks = 0, progress = NULL, error = ?
         WHERE status = 'processing' RETURNING id`,
      )
      .all(error) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** The chunks with these ids, in the order asked; unknown ids are skipped. */
  getChunks(ids: string[]): ChunkRecord[] {
    const rows = prepared(
      this.database,
      `SELECT c.id, c.document_id, d.filename, d.created_at, c.page, c.start_offset, c.end_offset, c.sha256, c.text,
              c.structure, o.confidence AS ocr_confidence
       FROM chunks c JOIN documents d ON d.id = c.document_id
       LEFT JOIN page_ocr o ON o.document_id = c.document_id AND o.page_number = c.page
       WHERE c.id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as ChunkOfDocumentRow[];
    const byId = new Map(this.chunksFromRows(rows).map((chunk) => [chunk.id, chunk]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The chunks of one document in reading order. */
  listChunks(documentId: string): ChunkRecord[] {
    const rows = this.database
      .prepare(
        `SELECT c.id, c.document_id, d.filename, d.created_at, c.page, c.start_offset, c.end_offset, c.sha256, c.text,
                c.structure
         FROM chunks c JOIN documents d ON d.id = c.document_id
         WHERE c.document_id = ? ORDER BY c.ordinal`,
      )
      .all(documentId) as ChunkOfDocumentRow[];
    return this.chunksFromRows(rows);
  }

  /** The stored text of one page, which chunk offsets index into. */
  getPageText(documentId: string, pageNumber: number): string | undefined {
    return this.runPage(documentId, pageNumber)?.text;
  }

  /** The OCR words of one page; undefined when the page had a text layer (or does not exist). */
  getPageOcr(documentId: string, pageNumber: number): OcrPage | undefined {
    const words = this.database
      .prepare("SELECT words FROM page_ocr WHERE document_id = ? AND page_number = ?")
      .pluck()
      .get(documentId, pageNumber);
    return words === undefined ? undefined : decodeOcrPage(unpackText(words), pageNumber);
  }

  /** How extraction laid out one page (blocks indexing into its stored text); undefined when not recorded. */
  getPageLayout(documentId: string, pageNumber: number): PageLayout | undefined {
    const layout = this.runPage(documentId, pageNumber)?.layout;
    return layout ? decodePageLayout(layout) : undefined;
  }

  /** One page as its run holds it; undefined when the document has no such page. */
  private runPage(documentId: string, pageNumber: number): RunPage | undefined {
    if (!Number.isInteger(pageNumber) || pageNumber < 1) return undefined;
    const pages = this.database
      .prepare("SELECT pages FROM page_runs WHERE document_id = ? AND run = ?")
      .pluck()
      .get(documentId, runOf(pageNumber));
    return pages === undefined ? undefined : unpackPageRun(pages).find((page) => page.pageNumber === pageNumber);
  }

  /** Stores an answer; `owner` is the id of the person who asked, when accounts are on. */
  saveAnswer(response: AskResponse, owner?: string): void {
    prepared(
      this.database,
      "INSERT OR REPLACE INTO answers (id, created_at, body, owner, question) VALUES (?, ?, ?, ?, ?)",
    ).run(response.id, response.createdAt, JSON.stringify(response), owner ?? null, response.question);
    this.savesSincePrune += 1;
    if (this.savesSincePrune >= pruneEvery) {
      try {
        this.pruneAnswers();
      } catch {
        // The answer is saved; pruning is retried after the next saves.
      }
    }
  }

  /**
   * Deletes stored answers older than the retention age and beyond the newest `maxCount`, and
   * gives the freed pages back to the file system. Returns how many were deleted.
   */
  pruneAnswers(now: Date = new Date()): number {
    this.savesSincePrune = 0;
    const retention = this.options.answerRetention;
    if (!retention) return 0;
    let deleted = 0;
    const cutoff = answerCutoff(retention, now);
    if (cutoff) deleted += this.database.prepare("DELETE FROM answers WHERE created_at < ?").run(cutoff).changes;
    if (retention.maxCount > 0) {
      deleted += this.database
        .prepare(
          `DELETE FROM answers WHERE rowid IN
             (SELECT rowid FROM answers ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)`,
        )
        .run(retention.maxCount).changes;
    }
    if (deleted > 0) this.reclaimSpace();
    return deleted;
  }

  countAnswers(): number {
    return (this.database.prepare("SELECT count(*) AS n FROM answers").get() as { n: number }).n;
  }

  /** Copies what it can of the write-ahead log into the file without waiting for, or blocking, anyone. */
  checkpoint(): void {
    this.database.pragma("wal_checkpoint(PASSIVE)");
  }

  /**
   * Returns free pages to the file system: incremental vacuum moves them to the end of the
   * file, and in WAL mode the file is truncated when the log is checkpointed.
   */
  reclaimSpace(): void {
    this.database.pragma("incremental_vacuum");
    this.database.pragma("wal_checkpoint(TRUNCATE)");
  }

  /** Ids of documents whose status is `processing`, oldest first. */
  processingDocumentIds(): string[] {
    const rows = this.database
      .prepare("SELECT id FROM documents WHERE status = 'processing' ORDER BY created_at, rowid")
      .all() as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** The stored answer; with `owner.id` set, only when that person asked it. */
  getAnswer(id: string, owner?: OwnerFilter): AskResponse | undefined {
    const row = this.database
      .prepare("SELECT body FROM answers WHERE id = ? AND (? IS NULL OR owner = ?)")
      .get(id, owner?.id ?? null, owner?.id ?? null) as { body: string } | undefined;
    return row && askResponseSchema.parse(JSON.parse(row.body));
  }

  /** Stored answers newest first, optionally only those whose question contains `query` (any case). */
  listAnswers(options: { owner?: OwnerFilter; query?: string; limit: number }): AskResponse[] {
    const owner = options.owner?.id ?? null;
    const pattern = `%${(options.query ?? "").replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const rows = this.database
      .prepare(
        `SELECT body FROM answers
         WHERE (? IS NULL OR owner = ?) AND question LIKE ? ESCAPE '\\'
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(owner, owner, pattern, options.limit) as { body: string }[];
    return rows.map((row) => askResponseSchema.parse(JSON.parse(row.body)));
  }

  /** Removes one answer (the owner's only, when given); false when there was none. */
  deleteAnswer(id: string, owner?: OwnerFilter): boolean {
    const ownerId = owner?.id ?? null;
    return (
      this.database.prepare("DELETE FROM answers WHERE id = ? AND (? IS NULL OR owner = ?)").run(id, ownerId, ownerId)
        .changes > 0
    );
  }

  /** Removes every answer (the owner's only, when given) and returns how many went. */
  deleteAnswers(owner?: OwnerFilter): number {
    const ownerId = owner?.id ?? null;
    return this.database.prepare("DELETE FROM answers WHERE (? IS NULL OR owner = ?)").run(ownerId, ownerId).changes;
  }

  /**
   * Whether the database answers and passed its check at open; for the health endpoint.
   * `stuck` are processing documents no ingest is working on (a failure that could not be recorded).
   */
  health(stuck: string[] = []): ComponentHealth {
    try {
      const ready = this.countReadyDocuments();
      const problems: string[] = [];
      if (this.startupCheck.quickCheck !== "ok") {
        problems.push(`PRAGMA quick_check failed at start: ${this.startupCheck.quickCheck}`);
      }
      if (stuck.length > 0) {
        problems.push(
          `${stuck.length} document${stuck.length === 1 ? " is" : "s are"} stuck in processing (${stuck.join(", ")}); ` +
            "they are marked failed once the disk accepts writes again, at the next start at the latest",
        );
      }
      if (problems.length > 0) return { status: "degraded", detail: problems.join("; ") };
      return { status: "ok", detail: `${ready} ready document${ready === 1 ? "" : "s"}` };
    } catch (error) {
      return { status: "degraded", detail: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): void {
    if (this.database.open) this.database.close();
  }

  /** Rebuilds chunk rows from their pages' runs, each run unpacked once (and kept for later asks). */
  private chunksFromRows(rows: ChunkOfDocumentRow[]): ChunkRecord[] {
    return rows.map((row) => {
      const needsPage = row.text === null || row.structure === null;
      const page = needsPage ? this.pageRun(row.document_id, row.created_at, runOf(row.page)).get(row.page) : undefined;
      return chunkFromRow(row, page);
    });
  }

  /**
   * The pages of one run, from the cache or unpacked. A document's runs are written once, with the
   * document (ids are not reused: the creation time in the key covers a caller that does), and are
   * dropped from the cache whenever this store replaces or removes them.
   */
  private pageRun(documentId: string, createdAt: string, run: number): Map<number, StoredPage> {
    const key = `${documentId}\u0000${createdAt}\u0000${run}`;
    let pages = this.runCache.get(key);
    if (!pages) {
      const packed = this.database
        .prepare("SELECT pages FROM page_runs WHERE document_id = ? AND run = ?")
        .pluck()
        .get(documentId, run);
      const members = packed === undefined ? [] : unpackPageRun(packed);
      pages = new Map(members.map((page) => [page.pageNumber, storedPage(page)]));
      this.runCache.set(key, pages);
    }
    return pages;
  }

  private requireDocument(id: string): DocumentInfo {
    const document = this.getDocument(id);
    if (!document) throw new NotFoundError(`No document with id ${id}.`);
    return document;
  }
}

/** A chunk row with its document's creation time, which with the document id names the document's runs. */
interface ChunkOfDocumentRow extends ChunkRow {
  created_at: string;
}

/** The first problems `PRAGMA quick_check` finds (it reads every page), or "ok". */
function quickCheck(database: Database): string {
  try {
    const rows = database.pragma("quick_check(5)") as { quick_check: string }[];
    const lines = rows.map((row) => row.quick_check);
    return lines.length === 1 && lines[0] === "ok" ? "ok" : lines.join("; ");
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Files created before auto-vacuum was turned on keep `auto_vacuum = NONE` until a VACUUM
 * rebuilds them. The VACUUM needs free space about the size of the file; when it fails the
 * file stays as it was and the conversion is tried again at the next open.
 */
function convertToIncrementalVacuum(database: Database): string | undefined {
  const incremental = 2;
  if (database.pragma("auto_vacuum", { simple: true }) === incremental) return undefined;
  try {
    database.pragma("auto_vacuum = INCREMENTAL");
    database.exec("VACUUM");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
