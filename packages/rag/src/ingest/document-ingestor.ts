import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  AppError,
  type DocumentInfo,
  EmbedderUnavailableError,
  EmptyFileError,
  InvalidRequestError,
  NotFoundError,
  PdfNoTextError,
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
import { type ExtractionResult, noTextMessage, PdfExtractor } from "./extract-pdf";
import { moveFile, readHeadAndTail, removeFile } from "./file-moves";
import { signatureWindowBytes, sniffPdfSignature } from "./pdf-signature";

export interface DocumentIngestorOptions {
  store: MetadataStore;
  index: VectorIndex;
  /** When set, chunks are embedded and the index fuses dense and BM25 ranks. */
  embedder?: Embedder;
  /** Longest time text extraction of one PDF may take. */
  extractTimeoutMs: number;
  /** Heap limit of the extraction worker. */
  extractMaxMemoryMb?: number;
  chunking?: Partial<ChunkingOptions>;
  /** Texts per embedder call; progress is reported after each. */
  embedBatchSize?: number;
  createId?: () => string;
  /** Called with a document's chunks once it is ready, e.g. so the drafter reads them before any ask. */
  onChunksReady?: (chunks: Array<Pick<DraftPassage, "text" | "structure">>) => void;
}

/** An uploaded file waiting on disk. The ingestor owns `tempPath` from here on: it moves or deletes it. */
export interface Upload {
  tempPath: string;
  filename: string;
  sha256: string;
  bytes: number;
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
  private readonly extractor: PdfExtractor;

  constructor(private readonly options: DocumentIngestorOptions) {
    this.chunking = { ...defaultChunkingOptions, ...options.chunking };
    this.createId = options.createId ?? randomUUID;
    this.extractor = new PdfExtractor({ maxMemoryMb: options.extractMaxMemoryMb });
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

  /** Removes a document with its index rows, chunks and (unless shared) original file. */
  async deleteDocument(id: string): Promise<void> {
    const { store, index } = this.options;
    const document = store.getDocument(id);
    if (!document) throw new NotFoundError(`No document with id ${id}.`);
    const running = this.running.get(id);
    if (running) {
      running.controller.abort(new StorageError("The document was deleted while it was processing."));
      await running.done.catch(() => undefined);
    }
    await index.deleteDocument(id);
    store.deleteDocument(id);
    if (!store.isOriginalInUse(document.sha256)) await removeFile(store.originalPath(document.sha256));
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
    for (const name of await readdir(store.originalsDir)) {
      const sha256 = /^([0-9a-f]{64})\.pdf$/.exec(name)?.[1];
      const orphan = sha256 ? !store.isOriginalInUse(sha256) : name.endsWith(".partial");
      if (orphan) await removeFile(join(store.originalsDir, name));
    }
    return interrupted;
  }

  /** Stops every running ingest (their documents fail as interrupted), waits for them and stops the PDF reader. */
  async close(): Promise<void> {
    const running = [...this.running.values()];
    for (const ingest of running) ingest.controller.abort(new StorageError("The server is shutting down."));
    await Promise.allSettled(running.map((ingest) => ingest.done));
    await this.extractor.close();
  }

  private async start(upload: Upload, signal: AbortSignal | undefined): Promise<IngestResult> {
    const { store, index } = this.options;
    let extraction: ExtractionResult;
    try {
      extraction = await this.extract(upload.tempPath, signal);
    } catch (error) {
      await removeFile(upload.tempPath);
      throw error;
    }
    // A failed earlier upload of the same bytes is replaced rather than listed twice.
    for (
      let old = store.findBySha256(upload.sha256);
      old?.status === "failed";
      old = store.findBySha256(upload.sha256)
    ) {
      // Its index entries may have outlived a failed clean-up; without the row nothing else could remove them.
      await index.deleteDocument(old.id, signal).catch(() => undefined);
      store.deleteDocument(old.id);
    }
    // The original is kept before the row exists, so a DELETE can never see a row whose ingest is not
    // yet registered below; a crash in between leaves only an orphan file, which boot removes.
    try {
      await moveFile(upload.tempPath, store.originalPath(upload.sha256));
    } catch (error) {
      await removeFile(upload.tempPath);
      throw new StorageError("The uploaded file could not be kept.", { cause: error });
    }
    let created: DocumentInfo;
    try {
      created = store.createDocument({
        id: this.createId(),
        filename: upload.filename,
        sha256: upload.sha256,
        bytes: upload.bytes,
        pages: extraction.pageCount,
      });
    } catch (error) {
      if (!store.isOriginalInUse(upload.sha256)) await removeFile(store.originalPath(upload.sha256));
      throw error;
    }
    const controller = new AbortController();
    const processingSignal = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const done = this.process(created, extraction, processingSignal);
    this.running.set(created.id, { controller, done });
    // Callers that answer 202 never await `done`; its rejection is reported on the document instead.
    done.catch(() => undefined).finally(() => this.running.delete(created.id));
    return { document: store.getDocument(created.id) ?? created, created: true, done };
  }

  /** Sniffs and extracts, mapping failures to the error a user should see. */
  private async extract(path: string, signal: AbortSignal | undefined): Promise<ExtractionResult> {
    const { head, tail } = await readHeadAndTail(path, signatureWindowBytes);
    if (head.length === 0) throw new EmptyFileError("The file is empty.");
    const signature = sniffPdfSignature(head, tail);
    try {
      return await this.extractor.extract(path, { timeoutMs: this.options.extractTimeoutMs, signal });
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
    extraction: ExtractionResult,
    signal: AbortSignal,
  ): Promise<DocumentInfo> {
    const { store, index } = this.options;
    try {
      store.setProgress(document.id, { stage: "chunking", fraction: progressAfter.extracting });
      const chunks = this.chunkDocument(document.id, extraction);
      if (chunks.length === 0) throw new PdfNoTextError(noTextMessage);
      const vectors = await this.embed(document.id, chunks, signal);
      store.setProgress(document.id, { stage: "indexing", fraction: progressAfter.embedding });
      const indexed = chunks.map((chunk, position) => ({
        chunkId: chunk.id,
        documentId: document.id,
        text: chunk.text,
        ...(chunk.context && { context: chunk.context }),
        embedding: vectors[position],
      }));
      await index.upsert(indexed, signal);
      signal.throwIfAborted();
      store.saveChunks(
        document.id,
        extraction.pages,
        chunks.map(({ context: _context, ...chunk }) => chunk),
      );
      const ready = store.markReady(document.id, { chunks: chunks.length, warnings: extraction.warnings });
      this.options.onChunksReady?.(chunks);
      return ready;
    } catch (error) {
      throw await this.fail(document, signal.aborted ? signal.reason : error, signal.aborted);
    }
  }

  /** Chunks of every page, each with its structure and the context keyword search indexes beside it. */
  private chunkDocument(documentId: string, extraction: ExtractionResult): (NewChunk & { context?: string })[] {
    return extraction.pages.flatMap((page) =>
      chunkPage(page.text, this.chunking, page.blocks).map((chunk, position) => {
        const structure = passageStructure(page, chunk.start, chunk.end);
        const context = indexContext(structure);
        return {
          id: `${documentId}:${page.pageNumber}:${position}`,
          page: page.pageNumber,
          start: chunk.start,
          end: chunk.end,
          text: chunk.text,
          sha256: sha256Hex(chunk.text),
          structure,
          ...(context && { context }),
        };
      }),
    );
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

  /** Removes everything a failed ingest wrote except its row, marks the row failed and returns the error to throw. */
  private async fail(document: DocumentInfo, error: unknown, interrupted = false): Promise<unknown> {
    await this.cleanUp(document);
    const typed =
      error instanceof AppError || interrupted
        ? error
        : new StorageError("Processing this PDF failed unexpectedly.", { cause: error });
    const message = interrupted
      ? `Processing stopped before it finished (${errorMessage(typed)}); upload the file again.`
      : errorMessage(typed);
    const code = interrupted ? interruptedCode : (typed as AppError).code;
    if (this.options.store.getDocument(document.id)) this.options.store.markFailed(document.id, { code, message });
    return typed;
  }

  /**
   * Best effort: an index or file system that refuses now still leaves a failed document, never a
   * ready one, and `recoverInterrupted` sweeps leftover originals at the next boot.
   */
  private async cleanUp(document: DocumentInfo): Promise<void> {
    const { store, index } = this.options;
    await index.deleteDocument(document.id).catch(() => undefined);
    store.deleteChunks(document.id);
    if (!store.isOriginalInUse(document.sha256, document.id)) {
      await removeFile(store.originalPath(document.sha256)).catch(() => undefined);
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
