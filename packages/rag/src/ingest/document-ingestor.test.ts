import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ComponentHealth,
  type DocumentInfo,
  EmbedderUnavailableError,
  EmptyFileError,
  type IngestProgress,
  NotFoundError,
  PdfEncryptedError,
  PdfNoTextError,
  PdfUnreadableError,
  UnsupportedMediaError,
} from "@audited-rag/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { samplePolicyPath } from "../../../../tests/fixtures/make-sample-policy";
import { makeEncryptedLookingPdf, makeGarbagePdf } from "../../../../tests/support/broken-pdfs";
import { layoutPdfText, makeLayoutPdf } from "../../../../tests/support/make-layout-pdf";
import { makeImageOnlyPdf, makeTextPdf } from "../../../../tests/support/make-pdf";
import type { Embedder } from "../embedding/embedder";
import { SqliteVectorIndex } from "../retrieval/sqlite-vector-index";
import type { IndexedChunk } from "../retrieval/vector-index";
import { sha256Hex } from "../store/chunk-record";
import { MetadataStore } from "../store/metadata-store";
import { DocumentIngestor, type DocumentIngestorOptions, type Upload } from "./document-ingestor";
import { passageLimitProblem } from "./passage-limits";

const corpus = fileURLToPath(new URL("../../../../../shared/corpus/", import.meta.url));

/** Hashes words into a small vector so similar texts get similar vectors, with hooks to fail or stall. */
class WordHashEmbedder implements Embedder {
  readonly model = "word-hash-8";
  calls = 0;
  constructor(private readonly behaviour: { failOnCall?: number; shortOnCall?: number; stall?: boolean } = {}) {}

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    this.calls++;
    if (this.behaviour.stall) {
      await new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
    }
    if (this.calls === this.behaviour.failOnCall) throw new EmbedderUnavailableError("The embedder is not reachable.");
    const vectors = texts.map((text) => {
      const vector = new Array<number>(8).fill(0);
      for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
        const slot = Number.parseInt(sha256Hex(word).slice(0, 2), 16) % 8;
        vector[slot] = (vector[slot] ?? 0) + 1;
      }
      return vector;
    });
    return this.calls === this.behaviour.shortOnCall ? vectors.slice(1) : vectors;
  }

  async health(): Promise<ComponentHealth> {
    return { status: "ok" };
  }
}

describe("DocumentIngestor", () => {
  let root: string;
  let store: MetadataStore;
  let index: SqliteVectorIndex;
  let uploads = 0;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "rag-ingest-"));
    mkdirSync(join(root, "incoming"));
    store = MetadataStore.open(join(root, "data"));
    index = new SqliteVectorIndex(store.database, { embeddingModel: "word-hash-8" });
  });
  afterEach(() => {
    store.close();
    rmSync(root, { recursive: true, force: true });
  });

  const ingestor = (options: Partial<DocumentIngestorOptions> = {}) =>
    new DocumentIngestor({ store, index, extractTimeoutMs: 20_000, ...options });

  function upload(bytes: Uint8Array | string, filename = "file.pdf"): Upload {
    const tempPath = join(root, "incoming", `${++uploads}.upload`);
    writeFileSync(tempPath, bytes);
    const data = readFileSync(tempPath);
    return { tempPath, filename, sha256: sha256Hex(data), bytes: data.length };
  }

  const samplePolicy = () => upload(readFileSync(samplePolicyPath), "sample-policy.pdf");
  const indexRows = () => (store.database.prepare("SELECT count(*) AS n FROM index_chunks").get() as { n: number }).n;
  const originals = () => readdirSync(store.originalsDir);
  const incoming = () => readdirSync(join(root, "incoming"));

  it("ingests a PDF: chunks index into their page, the original is kept, the text is searchable", async () => {
    const result = await ingestor().ingest(samplePolicy());
    expect(result.created).toBe(true);
    expect(result.document).toMatchObject({ filename: "sample-policy.pdf", status: "processing", pages: 3 });
    const ready = await result.done;
    expect(ready).toMatchObject({ id: result.document.id, status: "ready", pages: 3 });
    expect(ready.chunks).toBeGreaterThanOrEqual(3);
    expect(ready.warnings).toBeUndefined();

    const chunks = store.listChunks(ready.id);
    expect(chunks).toHaveLength(ready.chunks);
    expect(new Set(chunks.map((chunk) => chunk.page))).toEqual(new Set([1, 2, 3]));
    for (const chunk of chunks) {
      expect(store.getPageText(ready.id, chunk.page)?.slice(chunk.start, chunk.end)).toBe(chunk.text);
      expect(chunk.sha256).toBe(sha256Hex(chunk.text));
    }
    expect(originals()).toEqual([`${ready.sha256}.pdf`]);
    expect(readFileSync(store.originalPath(ready.sha256))).toEqual(readFileSync(samplePolicyPath));
    expect(incoming()).toEqual([]);

    const [best] = await index.search({ text: "Which cities does the service operate in?", topK: 3 });
    expect(store.getChunks([best?.chunkId ?? ""])[0]).toMatchObject({ page: 2, filename: "sample-policy.pdf" });
  });

  it("keeps a stored document ready when reading its passages ahead fails", async () => {
    const seen: number[] = [];
    const reader = (chunks: unknown[]) => {
      seen.push(chunks.length);
      throw new Error("analysis broke");
    };
    const result = await ingestor({ onChunksReady: reader }).ingest(samplePolicy());
    const ready = await result.done;
    expect(seen.length).toBe(1);
    expect(ready).toMatchObject({ status: "ready", pages: 3 });
    expect(store.listChunks(ready.id)).toHaveLength(ready.chunks);
    expect(originals()).toEqual([`${ready.sha256}.pdf`]);
  });

  it("stores page layout and chunk structure, and finds a table row by a column header it does not contain", async () => {
    const small = { targetChars: 30, maxChars: 40, overlapChars: 0 };
    const ready = await (await ingestor({ chunking: small }).ingest(upload(await makeLayoutPdf(), "layout.pdf"))).done;
    const chunks = store.listChunks(ready.id);
    const row = chunks.find((chunk) => chunk.text === "AES-256 8 4 14");
    expect(row?.structure).toEqual({
      headings: [layoutPdfText.title],
      blocks: [
        {
          kind: "table-row",
          span: { start: 0, end: 14 },
          cells: [
            { start: 0, end: 7 },
            { start: 8, end: 9 },
            { start: 10, end: 11 },
            { start: 12, end: 14 },
          ],
          headers: layoutPdfText.tableHeader,
          caption: layoutPdfText.caption,
        },
      ],
      runningLines: [layoutPdfText.header, "Page 3 of 3"],
    });
    expect(store.getPageLayout(ready.id, 3)?.runningLines).toEqual([layoutPdfText.header, "Page 3 of 3"]);
    for (const chunk of chunks) {
      expect(store.getPageText(ready.id, chunk.page)?.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    // "Block Size" is printed only in the header row, which is another chunk; the row is found through its headers.
    const hits = await index.search({ text: "block size", topK: 20 });
    expect(hits.map((hit) => hit.chunkId)).toContain(row?.id);
    expect(row?.text).not.toMatch(/block|size/i);
  });

  it("answers the existing document for the same bytes, also when uploaded concurrently", async () => {
    const subject = ingestor();
    const [first, second] = await Promise.all([subject.ingest(samplePolicy()), subject.ingest(samplePolicy())]);
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.document.id).toBe(first.document.id);
    expect((await second.done).status).toBe("ready");
    const again = await subject.ingest(samplePolicy());
    expect(again).toMatchObject({ created: false, document: { id: first.document.id, status: "ready" } });
    await expect(again.done).resolves.toMatchObject({ status: "ready" });
    expect(store.listDocuments()).toHaveLength(1);
    expect(incoming()).toEqual([]);
  });

  it("passes a concurrent duplicate the first upload's typed error", async () => {
    const subject = ingestor();
    const bytes = await makeImageOnlyPdf();
    const results = await Promise.allSettled([subject.ingest(upload(bytes)), subject.ingest(upload(bytes))]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    for (const result of results) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(PdfNoTextError);
    expect(incoming()).toEqual([]);
  });

  it.each([
    ["an empty file", () => "", EmptyFileError],
    ["a text file renamed .pdf", () => "Meeting notes: nothing to see here.\n", UnsupportedMediaError],
    ["bytes with a PDF header that do not parse", makeGarbagePdf, PdfUnreadableError],
    ["a PDF with only a drawing", () => makeImageOnlyPdf(), PdfNoTextError],
    ["an encrypted PDF", makeEncryptedLookingPdf, PdfEncryptedError],
  ])("refuses %s with a typed error before writing anything", async (_, make, errorClass) => {
    const error = await ingestor()
      .ingest(upload(await make()))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(errorClass);
    if (errorClass === PdfUnreadableError) expect(error).not.toBeInstanceOf(UnsupportedMediaError);
    expect(store.listDocuments()).toEqual([]);
    expect(originals()).toEqual([]);
    expect(incoming()).toEqual([]);
    expect(indexRows()).toBe(0);
  });

  it("refuses an upload whose hash is not a sha256 hex digest", async () => {
    const bad = { ...samplePolicy(), sha256: "../../escape" };
    await expect(ingestor().ingest(bad)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    expect(incoming()).toEqual([]);
  });

  it.skipIf(!existsSync(join(corpus, "malformed/bug1606566.pdf")))(
    "accepts a damaged PDF that pdf.js can open (../shared/corpus absent: skipped)",
    async () => {
      const result = await ingestor().ingest(upload(readFileSync(join(corpus, "malformed/bug1606566.pdf"))));
      expect((await result.done).status).toBe("ready");
    },
  );

  it.skipIf(!existsSync(join(corpus, "malformed/Pages-tree-refs.pdf")))(
    "keeps the readable pages and lists the unreadable ones as warnings",
    async () => {
      const result = await ingestor().ingest(upload(readFileSync(join(corpus, "malformed/Pages-tree-refs.pdf"))));
      const ready = await result.done;
      expect(ready).toMatchObject({ status: "ready", pages: 2 });
      expect(ready.warnings).toEqual([expect.stringMatching(/^Page 2 could not be read/)]);
      expect(store.listChunks(ready.id).every((chunk) => chunk.page === 1)).toBe(true);
    },
  );

  it("embeds in batches with progress and fuses dense and BM25 ranks", async () => {
    const embedder = new WordHashEmbedder();
    const seen: IngestProgress[] = [];
    const setProgress = store.setProgress.bind(store);
    store.setProgress = (id, progress) => {
      seen.push(progress);
      setProgress(id, progress);
    };
    const result = await ingestor({ embedder, embedBatchSize: 2 }).ingest(samplePolicy());
    const ready = await result.done;
    expect(embedder.calls).toBe(Math.ceil(ready.chunks / 2));
    expect(seen.map((progress) => progress.stage)).toEqual([
      "chunking",
      ...Array.from({ length: embedder.calls }, () => "embedding"),
      "indexing",
    ]);
    const fractions = seen.map((progress) => progress.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    const [query] = await embedder.embed(["Booking records are stored in the European Union"]);
    const hits = await index.search({ text: "where are booking records stored", embedding: query, topK: 3 });
    expect(hits[0]?.ranks.bm25).toBeDefined();
    expect(hits[0]?.ranks.dense).toBeDefined();
  });

  it.each([
    ["the embedder fails", { failOnCall: 2 }, EmbedderUnavailableError, "EMBEDDER_UNAVAILABLE"],
    ["the embedder returns too few vectors", { shortOnCall: 1 }, EmbedderUnavailableError, "EMBEDDER_UNAVAILABLE"],
  ])("leaves a failed row and nothing else when %s", async (_, behaviour, errorClass, code) => {
    const result = await ingestor({ embedder: new WordHashEmbedder(behaviour), embedBatchSize: 1 }).ingest(
      samplePolicy(),
    );
    await expect(result.done).rejects.toBeInstanceOf(errorClass);
    expect(store.getDocument(result.document.id)).toMatchObject({ status: "failed", chunks: 0, error: { code } });
    expect(store.listChunks(result.document.id)).toEqual([]);
    expect(store.getPageText(result.document.id, 1)).toBeUndefined();
    expect(indexRows()).toBe(0);
    expect(originals()).toEqual([]);
  });

  it("wraps an unexpected failure after indexing and removes the index rows it wrote", async () => {
    const subject = ingestor();
    const saveChunks = store.saveChunks.bind(store);
    store.saveChunks = () => {
      throw new Error("disk full");
    };
    const result = await subject.ingest(samplePolicy());
    const error = await result.done.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "STORAGE_ERROR", message: "Processing this PDF failed unexpectedly." });
    expect(store.getDocument(result.document.id)?.error?.code).toBe("STORAGE_ERROR");
    expect(indexRows()).toBe(0);
    expect(originals()).toEqual([]);

    store.saveChunks = saveChunks;
    const retry = await subject.ingest(samplePolicy());
    expect(retry.created).toBe(true);
    expect((await retry.done).status).toBe("ready");
    expect(store.listDocuments().map((document) => document.status)).toEqual(["ready"]);
  });

  it("refuses, storing nothing, when the original cannot be kept", async () => {
    const subject = ingestor();
    rmSync(store.originalsDir, { recursive: true });
    writeFileSync(store.originalsDir, "not a folder");
    await expect(subject.ingest(samplePolicy())).rejects.toMatchObject({ code: "STORAGE_ERROR" });
    // The original is kept before the row is written, so there is no row to mark failed.
    expect(store.listDocuments()).toEqual([]);
    expect(incoming()).toEqual([]);
  });

  it("deletes a document with its chunks, index rows and original", async () => {
    const subject = ingestor();
    const first = await (await subject.ingest(samplePolicy())).done;
    const other = await (await subject.ingest(upload(await makeTextPdf([["Milan has a second office."]])))).done;
    await subject.deleteDocument(first.id);
    expect(store.getDocument(first.id)).toBeUndefined();
    expect(store.listChunks(first.id)).toEqual([]);
    expect(originals()).toEqual([`${other.sha256}.pdf`]);
    expect((await index.search({ text: "milan", topK: 5 })).map((hit) => hit.chunkId)).toEqual(
      store.listChunks(other.id).map((chunk) => chunk.id),
    );
    await expect(subject.deleteDocument(first.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("searches only the documents asked for", async () => {
    const subject = ingestor();
    const policy = await (await subject.ingest(samplePolicy())).done;
    const other = await (await subject.ingest(upload(await makeTextPdf([["The service operates in Rome only."]]))))
      .done;
    const hits = async (documentIds?: string[]) =>
      store.getChunks((await index.search({ text: "Rome", topK: 10, documentIds })).map((hit) => hit.chunkId));
    expect(new Set((await hits()).map((chunk) => chunk.documentId))).toEqual(new Set([policy.id, other.id]));
    expect((await hits([other.id])).map((chunk) => chunk.documentId)).toEqual([other.id]);
  });

  it("stops a document deleted while it is processing", async () => {
    const embedder = new WordHashEmbedder({ stall: true });
    const subject = ingestor({ embedder });
    const result = await subject.ingest(samplePolicy());
    await subject.deleteDocument(result.document.id);
    await expect(result.done).rejects.toThrow(/deleted while it was processing/);
    expect(store.listDocuments()).toEqual([]);
    expect(originals()).toEqual([]);
    expect(indexRows()).toBe(0);
  });

  it("fails running ingests as interrupted on close", async () => {
    const subject = ingestor({ embedder: new WordHashEmbedder({ stall: true }) });
    const result = await subject.ingest(samplePolicy());
    await subject.close();
    await expect(result.done).rejects.toThrow(/shutting down/);
    expect(store.getDocument(result.document.id)).toMatchObject({
      status: "failed",
      error: { code: "INGEST_INTERRUPTED", message: expect.stringMatching(/upload the file again/) },
    });
    expect(originals()).toEqual([]);
  });

  it("honours the caller's signal during extraction and during processing", async () => {
    const early = new AbortController();
    early.abort(new Error("client went away"));
    await expect(ingestor().ingest(samplePolicy(), { signal: early.signal })).rejects.toThrow("client went away");
    expect(store.listDocuments()).toEqual([]);
    expect(incoming()).toEqual([]);

    const late = new AbortController();
    const result = await ingestor({ embedder: new WordHashEmbedder({ stall: true }) }).ingest(samplePolicy(), {
      signal: late.signal,
    });
    late.abort(new Error("shutdown"));
    await expect(result.done).rejects.toThrow("shutdown");
    expect(store.getDocument(result.document.id)?.error?.code).toBe("INGEST_INTERRUPTED");
  });

  it("recovers after a crash: interrupted documents fail and orphaned files go", async () => {
    const subject = ingestor();
    const kept: DocumentInfo = await (await subject.ingest(samplePolicy())).done;
    const crashedSha = sha256Hex("crashed");
    store.createDocument({ id: "crashed", filename: "c.pdf", sha256: crashedSha, bytes: 1, pages: 1 });
    store.saveChunks("crashed", [{ pageNumber: 1, text: "quokka fragment" }], []);
    const half: IndexedChunk = { chunkId: "crashed:1:0", documentId: "crashed", text: "quokka fragment" };
    await index.upsert([half]);
    expect(await index.search({ text: "quokka", topK: 5 })).toHaveLength(1);
    writeFileSync(store.originalPath(crashedSha), "pdf");
    writeFileSync(store.originalPath(sha256Hex("orphan")), "pdf");
    writeFileSync(join(store.originalsDir, "x.pdf.partial"), "pdf");
    writeFileSync(join(store.originalsDir, "README"), "not ours");

    expect(await ingestor().recoverInterrupted()).toEqual(["crashed"]);
    expect(store.getDocument("crashed")).toMatchObject({ status: "failed", error: { code: "INGEST_INTERRUPTED" } });
    expect(store.getPageText("crashed", 1)).toBeUndefined();
    expect(await index.search({ text: "quokka", topK: 5 })).toEqual([]);
    expect(originals().sort()).toEqual([`${kept.sha256}.pdf`, "README"].sort());
  });

  it("retries a failure it could not record (disk full) until it can, reporting the document as stuck meanwhile", async () => {
    const subject = ingestor({ embedder: new WordHashEmbedder({ failOnCall: 1 }), retryFailuresMs: 30 });
    const markFailed = store.markFailed.bind(store);
    let refusals = 2;
    store.markFailed = (id, error) => {
      if (refusals-- > 0) throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      return markFailed(id, error);
    };
    const result = await subject.ingest(samplePolicy());
    await expect(result.done).rejects.toBeInstanceOf(EmbedderUnavailableError);
    expect(store.getDocument(result.document.id)?.status).toBe("processing");
    expect(subject.stuckDocuments()).toEqual([result.document.id]);
    await expect.poll(() => store.getDocument(result.document.id)?.status, { timeout: 2_000 }).toBe("failed");
    expect(subject.stuckDocuments()).toEqual([]);
    expect(store.listChunks(result.document.id)).toEqual([]);
    expect(originals()).toEqual([]);
    await subject.close();
  });

  it("deletes the original before the row, and puts it back when the row cannot go", async () => {
    const subject = ingestor();
    const ready = await (await subject.ingest(samplePolicy())).done;
    const deleteDocument = store.deleteDocument.bind(store);
    store.deleteDocument = () => {
      throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    };
    await expect(subject.deleteDocument(ready.id)).rejects.toMatchObject({ code: "INSUFFICIENT_STORAGE" });
    expect(originals()).toEqual([`${ready.sha256}.pdf`]);
    expect(store.getDocument(ready.id)?.status).toBe("ready");
    store.deleteDocument = deleteDocument;
    await subject.deleteDocument(ready.id);
    expect(originals()).toEqual([]);
    expect(store.getDocument(ready.id)).toBeUndefined();
    await subject.close();
  });

  it("puts back at boot an original a crash left parked mid-delete, and removes parked files nobody keeps", async () => {
    const subject = ingestor();
    const ready = await (await subject.ingest(samplePolicy())).done;
    renameSync(store.originalPath(ready.sha256), `${store.originalPath(ready.sha256)}.deleting`);
    writeFileSync(`${store.originalPath(sha256Hex("gone"))}.deleting`, "pdf");
    await subject.recoverInterrupted();
    expect(originals()).toEqual([`${ready.sha256}.pdf`]);
    await subject.close();
  });
});

describe("passageLimitProblem", () => {
  const limits = { perPage: 3, perDocument: 5 };
  it("is undefined within the caps and names the page or document beyond them", () => {
    expect(passageLimitProblem(1, 3, 0, limits)).toBeUndefined();
    expect(passageLimitProblem(2, 2, 3, limits)).toBeUndefined();
    expect(passageLimitProblem(4, 4, 0, limits)).toMatch(/^Page 4 of this PDF holds more text than 3 passages/);
    expect(passageLimitProblem(3, 3, 3, limits)).toMatch(/more than 5 passages, the limit for one document/);
  });
});
