import { randomUUID } from "node:crypto";
import { rename } from "node:fs/promises";
import {
  AppError,
  type DocumentInfo,
  EmbedderUnavailableError,
  EmptyFileError,
  type IngestProgress,
  InvalidRequestError,
  NotFoundError,
  PdfNoTextError,
  PdfTooComplexError,
  PdfUnreadableError,
  StorageError,
  UnsupportedMediaError,
} from "@audited-rag/core";
import type { DraftPassage } from "../drafting/drafter";
import type { Embedder } from "../embedding/embedder";
import type { VectorIndex } from "../retrieval/vector-index";
import { type NewChunk, sha256Hex } from "../store/chunk-record";
import { interruptedCode, type MetadataStore } from "../store/metadata-store";
import { indexContext, passageStructure } from "../structure/clip-structure";
import { type ChunkingOptions, chunkPage, defaultChunkingOptions } from "./chunk-page";
import { diskFullOr } from "./disk-full";
import { type ExtractionResult, noTextMessage, type OcrSettings } from "./extract-pdf";
import type { PooledExtractOptions } from "./extractor-pool";
import { ExtractorPool } from "./extractor-pool";
import { moveFile, readHeadAndTail, removeFile } from "./file-moves";
import { defaultIngestLimits, passageLimitProblem } from "./passage-limits";
import { signatureWindowBytes, sniffPdfSignature } from "./pdf-signature";
import { sweepOriginals } from "./sweep-originals";

export interface DocumentIngestorOptions {
  store: MetadataStore;
  index: VectorIndex;
  /** When set, chunks are embedded and the index fuses dense and BM25 ranks. */
  embedder?: Embedder;
  /** Longest time text extraction of one PDF may take. */
  extractTimeoutMs: number;
  /** Added to `extractTimeoutMs` per page the PDF declares, up to `extractMaxTimeoutMs`. */
  extractPageTimeoutMs?: number;
  extractMaxTimeoutMs?: number;
  /** Heap limit of each extraction worker. */
  extractMaxMemoryMb?: number;
  /** Pages without a text layer are read by OCR when set. */
  ocr?: OcrSettings;
  /**
   * Extraction workers (default: one per core, 2 to 4). Up to this many PDFs are read at once,
   * further uploads wait in a queue; a worker with no PDF of its own helps read another's pages.
   */
  extractWorkers?: number;
  /** A PDF whose Flate streams decode to more than this is refused (default 256 MB). */
  maxDecodedBytes?: number;
  /** A page making more passages than this refuses the document (default 200). */
  maxChunksPerPage?: number;
  /** A document making more passages than this is refused (default 20,000). */
  maxChunksPerDocument?: number;
  /** How often failures that could not be recorded (disk full) are retried, in ms (default 5 s). */
  retryFailuresMs?: number;
  chunking?: Partial<ChunkingOptions>;
  /** Texts per embedder call; progress is reported after each. */
  embedBatchSize?: number;
  /** Chunks per index transaction (default 500); asks are served between them. */
  indexBatchSize?: number;
  createId?: () => string;
  /**
   * Called with a document's chunks once it is ready, in batches, e.g. so the drafter reads them
   * ahead of asks; `done` settles after the last batch.
   */
  onChunksReady?: (chunks: Array<Pick<DraftPassage, "text" | "structure">>) => void;
}

/** An uploaded file waiting on disk. The ingestor owns `tempPath` from here on: it moves or deletes it. */
export interface Upload {
  tempPath: string;
  filename: string;
  sha256: string;
  bytes: number;
  /** Name of the uploading account, recorded on the document. */
  uploadedBy?: string;
}

export interface IngestResult {
  document: DocumentInfo;
  /** False when the same bytes were already uploaded; `document` is the existing one. */
  created: boolean;
  /** Settles when processing ends: the ready document, or the typed error it failed with. */
  done: Promise<DocumentInfo>;
}

interface RunningIngest {
  controller: AbortController;
  done: Promise<DocumentInfo>;
}

/** An upload read and cut into passages, not yet stored. */
/** A chunk as indexed: `context` (headings, table headers, lead-ins) is searched beside its text but not stored as it. */
type IndexedChunk = NewChunk & { context?: string };

interface PreparedDocument {
  extraction: ExtractionResult;
  chunks: IndexedChunk[];
}

const defaultIndexBatchSize = 500;
/** Chunks handed to `onChunksReady` at once. */
const prepareBatchSize = 100;

// Share of the progress bar each stage ends at; extraction finishes before the row exists.
const progressAfter = { extracting: 0.4, chunking: 0.45, embedding: 0.9 } as const;

/**
 * Turns uploads into searchable documents. Everything a user can get wrong (not a PDF, empty,
 * encrypted, no text, unreadable) is found before a document row exists and thrown as a typed
 * error; later failures leave a failed row and no chunks, index rows or original file.
 */
export class DocumentIngestor {
  private readonly inflight = new Map<string, Promise<IngestResult>>();
  private readonly running = new Map<string, RunningIngest>();
  private readonly chunking: ChunkingOptions;
  private readonly createId: () => string;
  private readonly pool: ExtractorPool;
  /** Failed documents whose clean-up or `failed` mark could not be written yet (disk full). */
  private readonly unrecorded = new Map<string, { document: DocumentInfo; code: string; message: string }>();
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: DocumentIngestorOptions) {
    this.chunking = { ...defaultChunkingOptions, ...options.chunking };
    this.createId = options.createId ?? randomUUID;
    this.pool = new ExtractorPool({
      size: options.extractWorkers,
      maxMemoryMb: options.extractMaxMemoryMb,
      maxDecodedBytes: options.maxDecodedBytes ?? defaultIngestLimits.maxDecodedBytes,
      ...(options.ocr && { ocr: options.ocr }),
    });
  }

  /** Extraction workers of the pool. */
  get extractWorkers(): number {
    return this.pool.size;
  }

  /**
   * Processing documents that nothing is working on: their failure could not be written (disk
   * full) and is retried; boot marks them failed at the latest.
   */
  stuckDocuments(): string[] {
    return this.options.store.processingDocumentIds().filter((id) => !this.running.has(id));
  }

  /** Reads and registers an upload; the returned `done` carries on with chunking, embedding and indexing. */
  async ingest(upload: Upload, options: { signal?: AbortSignal } = {}): Promise<IngestResult> {
    const { store } = this.options;
    if (!/^[0-9a-f]{64}$/.test(upload.sha256)) {
      await removeFile(upload.tempPath);
      throw new InvalidRequestError("The upload's sha256 must be 64 lower-case hex digits.");
    }
    const pending = this.inflight.get(upload.sha256);
    const existing = pending ? undefined : store.findBySha256(upload.sha256);
    if (pending || (existing && existing.status !== "failed")) {
      await removeFile(upload.tempPath);
      if (existing) return { document: existing, created: false, done: Promise.resolve(existing) };
      const first = await (pending as Promise<IngestResult>);
      return { document: store.getDocument(first.document.id) ?? first.document, created: false, done: first.done };
    }
    const started = this.start(upload, options.signal);
    this.inflight.set(upload.sha256, started);
    const release = () => {
      if (this.inflight.get(upload.sha256) === started) this.inflight.delete(upload.sha256);
    };
    started.then((result) => result.done.then(release, release), release);
    return started;
  }

  /**
   * Removes a document with its index rows, chunks and (unless shared) original file, and records
   * the deletion (by `deletedBy`, null when login is off) in the deletion log.
   */
  async deleteDocument(id: string, options: { deletedBy?: string | null } = {}): Promise<void> {
    const { store, index } = this.options;
    const document = store.getDocument(id);
    if (!document) throw new NotFoundError(`No document with id ${id}.`);
    const running = this.running.get(id);
    if (running) {
      running.controller.abort(new StorageError("The document was deleted while it was processing."));
      await running.done.catch(() => undefined);
    }
    // The original goes first, parked under another name, so a folder that refuses it leaves the document whole.
    const original = store.originalPath(document.sha256);
    const parked = `${original}.deleting`;
    let isParked = false;
    if (!store.isOriginalInUse(document.sha256, id)) {
      try {
        await rename(original, parked);
        isParked = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
          throw new StorageError(
            "The original file could not be removed (the server cannot write its originals folder); the document was kept.",
            { cause: error },
          );
        }
      }
    }
    try {
      await index.deleteDocument(id);
      store.deleteDocument(id, { deletedBy: options.deletedBy ?? null });
    } catch (error) {
      if (isParked) await rename(parked, original).catch(() => undefined);
      throw diskFullOr(error);
    }
    // A parked file left by a failure here is removed at the next boot.
    if (isParked) await removeFile(parked).catch(() => undefined);
    try {
      store.reclaimSpace();
    } catch {
      // Space comes back at the next delete or prune.
    }
  }

  /**
   * For boot: fails documents a crash left processing, removes their index rows and chunks, and
   * deletes original files no document keeps. Returns the ids of the interrupted documents.
   */
  async recoverInterrupted(): Promise<string[]> {
    const { store } = this.options;
    const interrupted = store.markInterruptedIngestsFailed();
    for (const id of interrupted) {
      const document = store.getDocument(id);
      if (document) await this.cleanUp(document);
    }
    await sweepOriginals(store);
    return interrupted;
  }

  /** Stops every running ingest (their documents fail as interrupted), waits for them and stops the PDF reader. */
  async close(): Promise<void> {
    const running = [...this.running.values()];
    for (const ingest of running) ingest.controller.abort(new StorageError("The server is shutting down."));
    await Promise.allSettled(running.map((ingest) => ingest.done));
    clearInterval(this.retryTimer);
    await this.pool.close();
  }

  private async start(upload: Upload, signal: AbortSignal | undefined): Promise<IngestResult> {
    // `prepare` hands the job to the pool synchronously, so two uploads arriving together never both see the last free worker.
    if (this.pool.idleWorkers > 0) {
      // A worker is free: read before registering, so a bad file is refused with nothing stored.
      let prepared: PreparedDocument;
      try {
        prepared = await this.prepare(upload.tempPath, signal);
      } catch (error) {
        await removeFile(upload.tempPath);
        throw error;
      }
      const created = await this.register(upload, prepared.extraction.pageCount);
      return this.track(created, signal, (processing) => this.process(created, prepared, processing));
    }
    // Every worker is busy: register now so the queue shows on the document, and read when a worker frees up.
    const created = await this.register(upload, 0);
    return this.track(created, signal, async (processing) => {
      const { store } = this.options;
      let prepared: PreparedDocument;
      try {
        // Progress is called from the pool and the worker's message handler: a refused write must not throw there.
        const note = (progress: IngestProgress) => {
          try {
            store.setProgress(created.id, progress);
          } catch {
            // A full disk; the stage shown lags behind, and a later write fails the document properly.
          }
        };
        prepared = await this.prepare(store.originalPath(upload.sha256), processing, {
          onQueued: (ahead) => note({ stage: "queued", fraction: 0, ahead }),
          onPage: (pagesDone, pagesTotal, ocr) =>
            note({
              stage: "extracting",
              fraction: pagesTotal > 0 ? (progressAfter.extracting * pagesDone) / pagesTotal : 0,
              pagesDone,
              pagesTotal,
              ...(ocr && { ocr: true }),
            }),
        });
        store.setPageCount(created.id, prepared.extraction.pageCount);
      } catch (error) {
        throw await this.fail(created, processing.aborted ? processing.reason : error, processing.aborted);
      }
      return this.process(created, prepared, processing);
    });
  }

  /** Keeps the original and creates the `processing` row; a failed earlier upload of the same bytes is replaced. */
  private async register(upload: Upload, pages: number): Promise<DocumentInfo> {
    const { store, index } = this.options;
    for (
      let old = store.findBySha256(upload.sha256);
      old?.status === "failed";
      old = store.findBySha256(upload.sha256)
    ) {
      // Its index entries may have outlived a failed clean-up; without the row nothing else could remove them.
      await index.deleteDocument(old.id).catch(() => undefined);
      store.deleteDocument(old.id);
    }
    // The original is kept before the row exists, so a DELETE can never see a row whose ingest is not
    // yet registered below; a crash in between leaves only an orphan file, which boot removes.
    try {
      await moveFile(upload.tempPath, store.originalPath(upload.sha256));
    } catch (error) {
      await removeFile(upload.tempPath);
      throw diskFullOr(new StorageError("The uploaded file could not be kept.", { cause: error }), error);
    }
    try {
      return store.createDocument({
        id: this.createId(),
        filename: upload.filename,
        sha256: upload.sha256,
        bytes: upload.bytes,
        pages,
        uploadedBy: upload.uploadedBy,
      });
    } catch (error) {
      if (!store.isOriginalInUse(upload.sha256)) await removeFile(store.originalPath(upload.sha256));
      throw diskFullOr(error);
    }
  }

  /** Runs `work` as the document's ingest, abortable by DELETE and shutdown. */
  private track(
    created: DocumentInfo,
    signal: AbortSignal | undefined,
    work: (processing: AbortSignal) => Promise<DocumentInfo>,
  ): IngestResult {
    const controller = new AbortController();
    const processingSignal = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const done = work(processingSignal);
    this.running.set(created.id, { controller, done });
    // Callers that answer 202 never await `done`; its rejection is reported on the document instead.
    done.catch(() => undefined).finally(() => this.running.delete(created.id));
    return { document: this.options.store.getDocument(created.id) ?? created, created: true, done };
  }

  /** Extracts and chunks, enforcing the passage caps; nothing is stored. */
  private async prepare(
    path: string,
    signal: AbortSignal | undefined,
    hooks: Pick<PooledExtractOptions, "onQueued" | "onPage"> = {},
  ): Promise<PreparedDocument> {
    const extraction = await this.extract(path, signal, hooks);
    const chunks = this.chunkDocument(extraction);
    if (chunks.length === 0) throw new PdfNoTextError(noTextMessage);
    return { extraction, chunks };
  }

  /** Sniffs and extracts, mapping failures to the error a user should see. */
  private async extract(
    path: string,
    signal: AbortSignal | undefined,
    hooks: Pick<PooledExtractOptions, "onQueued" | "onPage">,
  ): Promise<ExtractionResult> {
    // Queued at once (before the sniff) so the document's queue position is known when its row is returned.
    const extraction = this.pool.extract(path, {
      timeoutMs: this.options.extractTimeoutMs,
      ...(this.options.extractPageTimeoutMs !== undefined && { perPageMs: this.options.extractPageTimeoutMs }),
      ...(this.options.extractMaxTimeoutMs !== undefined && { maxTimeoutMs: this.options.extractMaxTimeoutMs }),
      signal,
      ...hooks,
    });
    extraction.catch(() => undefined);
    const { head, tail } = await readHeadAndTail(path, signatureWindowBytes);
    if (head.length === 0) throw new EmptyFileError("The file is empty.");
    const signature = sniffPdfSignature(head, tail);
    try {
      return await extraction;
    } catch (error) {
      // Only a file that neither looks like a PDF nor opens as one is the wrong media type.
      if (signature === "unknown" && error instanceof PdfUnreadableError) {
        throw new UnsupportedMediaError("This file is not a PDF.", { cause: error });
      }
      throw error;
    }
  }

  private async process(
    document: DocumentInfo,
    prepared: PreparedDocument,
    signal: AbortSignal,
  ): Promise<DocumentInfo> {
    const { store, index } = this.options;
    const { extraction } = prepared;
    try {
      store.setProgress(document.id, { stage: "chunking", fraction: progressAfter.extracting });
      const chunks = prepared.chunks.map((chunk) => ({ ...chunk, id: `${document.id}:${chunk.id}` }));
      const vectors = await this.embed(document.id, chunks, signal);
      store.setProgress(document.id, { stage: "indexing", fraction: progressAfter.embedding });
      const indexed = chunks.map((chunk, position) => ({
        chunkId: chunk.id,
        documentId: document.id,
        text: chunk.text,
        ...(chunk.context && { context: chunk.context }),
        embedding: vectors[position],
      }));
      // One transaction per batch, with a turn for asks between them, so a big document never holds the index for long.
      const indexBatch = Math.max(1, this.options.indexBatchSize ?? defaultIndexBatchSize);
      for (let from = 0; from < indexed.length; from += indexBatch) {
        await index.upsert(indexed.slice(from, from + indexBatch), signal);
        await new Promise(setImmediate);
        signal.throwIfAborted();
      }
      store.saveChunks(
        document.id,
        extraction.pages,
        chunks.map(({ context: _context, ...chunk }) => chunk),
      );
      const ready = store.markReady(document.id, { chunks: chunks.length, warnings: extraction.warnings });
      await this.readAhead(chunks);
      return ready;
    } catch (error) {
      throw await this.fail(document, signal.aborted ? signal.reason : error, signal.aborted);
    }
  }

  /**
   * Chunks every page, enforcing the passage caps, each chunk with its structure and the context
   * keyword search indexes beside it; ids are `<page>:<position>` until the document id is known.
   */
  private chunkDocument(extraction: ExtractionResult): IndexedChunk[] {
    const perPage = this.options.maxChunksPerPage ?? defaultIngestLimits.maxChunksPerPage;
    const perDocument = this.options.maxChunksPerDocument ?? defaultIngestLimits.maxChunksPerDocument;
    const chunks: IndexedChunk[] = [];
    for (const page of extraction.pages) {
      const pageChunks = chunkPage(page.text, this.chunking, page.blocks);
      const problem = passageLimitProblem(page.pageNumber, pageChunks.length, chunks.length, { perPage, perDocument });
      if (problem) throw new PdfTooComplexError(problem);
      for (const [position, chunk] of pageChunks.entries()) {
        const structure = passageStructure(page, chunk.start, chunk.end);
        const context = indexContext(structure);
        chunks.push({
          id: `${page.pageNumber}:${position}`,
          page: page.pageNumber,
          start: chunk.start,
          end: chunk.end,
          text: chunk.text,
          sha256: sha256Hex(chunk.text),
          structure,
          ...(context && { context }),
        });
      }
    }
    return chunks;
  }

  private async embed(documentId: string, chunks: readonly NewChunk[], signal: AbortSignal) {
    const { embedder, store } = this.options;
    const vectors: (number[] | undefined)[] = [];
    if (!embedder) return vectors;
    const batchSize = Math.max(1, this.options.embedBatchSize ?? 32);
    const span = progressAfter.embedding - progressAfter.chunking;
    for (let from = 0; from < chunks.length; from += batchSize) {
      store.setProgress(documentId, {
        stage: "embedding",
        fraction: progressAfter.chunking + (span * from) / chunks.length,
      });
      const texts = chunks.slice(from, from + batchSize).map((chunk) => chunk.text);
      const batch = await embedder.embed(texts, signal);
      if (batch.length !== texts.length) {
        throw new EmbedderUnavailableError(`The embedder returned ${batch.length} vectors for ${texts.length} texts.`);
      }
      vectors.push(...batch);
    }
    return vectors;
  }

  /**
   * Hands a ready document's chunks to `onChunksReady` (the extractive engine reads its candidates
   * ahead of asks: seconds for a manual, so in batches with asks in between). Reading ahead only
   * saves time later, so its failure never fails a document already stored: asks read the
   * passages themselves.
   */
  private async readAhead(chunks: ReadonlyArray<Pick<DraftPassage, "text" | "structure">>): Promise<void> {
    const onChunksReady = this.options.onChunksReady;
    for (let from = 0; onChunksReady && from < chunks.length; from += prepareBatchSize) {
      try {
        onChunksReady(chunks.slice(from, from + prepareBatchSize));
      } catch {
        return;
      }
      if (from + prepareBatchSize < chunks.length) await new Promise(setImmediate);
    }
  }

  /** Removes everything a failed ingest wrote except its row, marks the row failed and returns the error to throw. */
  private async fail(document: DocumentInfo, error: unknown, interrupted = false): Promise<unknown> {
    const typed =
      error instanceof AppError || interrupted
        ? error
        : diskFullOr(new StorageError("Processing this PDF failed unexpectedly.", { cause: error }), error);
    const message = interrupted
      ? `Processing stopped before it finished (${errorMessage(typed)}); upload the file again.`
      : errorMessage(typed);
    const code = interrupted ? interruptedCode : (typed as AppError).code;
    try {
      await this.record(document, code, message);
    } catch {
      // Typically a full disk: even the DELETE or UPDATE cannot be written. Retried until it can.
      this.unrecorded.set(document.id, { document, code, message });
      this.retryTimer ??= setInterval(() => void this.retryUnrecorded(), this.options.retryFailuresMs ?? 5_000);
      this.retryTimer.unref();
    }
    return typed;
  }

  /** Cleans up a failed ingest and marks its row failed; throws when the store refuses. */
  private async record(document: DocumentInfo, code: string, message: string): Promise<void> {
    await this.cleanUp(document);
    if (this.options.store.getDocument(document.id)) this.options.store.markFailed(document.id, { code, message });
  }

  private async retryUnrecorded(): Promise<void> {
    for (const [id, { document, code, message }] of this.unrecorded) {
      try {
        await this.record(document, code, message);
        this.unrecorded.delete(id);
      } catch {
        // Still no space; the next tick tries again.
      }
    }
    if (this.unrecorded.size === 0) {
      clearInterval(this.retryTimer);
      this.retryTimer = undefined;
    }
  }

  /**
   * Best effort: an index or file system that refuses now still leaves a failed document, never a
   * ready one, and `recoverInterrupted` sweeps leftover originals at the next boot.
   */
  private async cleanUp(document: DocumentInfo): Promise<void> {
    const { store, index } = this.options;
    await index.deleteDocument(document.id).catch(() => undefined);
    // The original goes before the chunks: a full disk can refuse the DELETE, never the unlink.
    if (!store.isOriginalInUse(document.sha256, document.id)) {
      await removeFile(store.originalPath(document.sha256)).catch(() => undefined);
    }
    store.deleteChunks(document.id);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
