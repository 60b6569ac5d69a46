import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OcrPage } from "@audited-rag/core";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeLayoutPdf } from "../../../../tests/support/make-layout-pdf";
import { makeTextPdf } from "../../../../tests/support/make-pdf";
import { DocumentIngestor } from "../ingest/document-ingestor";
import { SqliteVectorIndex } from "../retrieval/sqlite-vector-index";
import { type ChunkRecord, sha256Hex } from "./chunk-record";
import { MetadataStore } from "./metadata-store";
import { migrate, migrations } from "./migrations";
import { encodeOcrPage } from "./ocr-page-codec";
import { encodePageLayout } from "./page-layout-codec";

// What the store held for two real PDFs before the packed schema, rebuilt row by row as the
// previous saveChunks wrote it: page text, layout JSON, OCR JSON, and each chunk's text and structure.
const ocrPage: OcrPage = {
  pageNumber: 2,
  width: 612,
  height: 792,
  confidence: 0.87,
  words: [{ text: "Annual", x: 72.5, y: 40.25, width: 40, height: 11, confidence: 0.9 }],
};

interface Ingested {
  documentIds: string[];
  pageCounts: Map<string, number>;
  chunks: Map<string, ChunkRecord[]>;
}

let root: string;
let ingested: Ingested;

/** Ingests a layout PDF (headings, list, table, running lines) and a six-page text PDF (two page runs). */
async function ingestRealPdfs(dataDir: string): Promise<Ingested> {
  const store = MetadataStore.open(dataDir);
  const ingestor = new DocumentIngestor({
    store,
    index: new SqliteVectorIndex(store.database),
    extractTimeoutMs: 20_000,
  });
  const pages = Array.from({ length: 6 }, (_, page) => [
    `Section ${page + 1}. Harbour dues are reviewed each spring by the board.`,
    `Page ${page + 1} lists the berths, the tariffs and the owners of every vessel using them.`,
  ]);
  try {
    const ingestedChunks = new Map<string, ChunkRecord[]>();
    const pageCounts = new Map<string, number>();
    for (const [position, bytes] of [await makeLayoutPdf(), await makeTextPdf(pages)].entries()) {
      const tempPath = join(root, `${position}.upload`);
      writeFileSync(tempPath, bytes);
      const upload = { tempPath, filename: `${position}.pdf`, sha256: sha256Hex(bytes), bytes: bytes.length };
      const document = await (await ingestor.ingest(upload)).done;
      ingestedChunks.set(document.id, store.listChunks(document.id));
      pageCounts.set(document.id, document.pages);
    }
    return { documentIds: [...ingestedChunks.keys()], pageCounts, chunks: ingestedChunks };
  } finally {
    await ingestor.close();
    store.close();
  }
}

/** A file of the previous schema (six steps) holding what `current` holds, plus one OCR page and one odd chunk. */
function writeLegacyFile(current: string, legacy: string, options: { pageZero?: boolean } = {}): void {
  mkdirSync(join(legacy, "originals"), { recursive: true });
  const source = MetadataStore.open(current);
  const raw = new BetterSqlite3(join(legacy, "rag.sqlite"));
  try {
    migrate(raw, 6);
    expect(raw.pragma("user_version", { simple: true })).toBe(6);
    raw.exec(
      `ATTACH '${join(current, "rag.sqlite")}' AS current; INSERT INTO documents SELECT * FROM current.documents;`,
    );
    const insertPage = raw.prepare(
      "INSERT INTO pages (document_id, page_number, text, layout, ocr) VALUES (?, ?, ?, ?, ?)",
    );
    const insertChunk = raw.prepare("INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const [index, documentId] of ingested.documentIds.entries()) {
      for (let page = 1; page <= (ingested.pageCounts.get(documentId) ?? 0); page++) {
        const layout = source.getPageLayout(documentId, page);
        const ocr = index === 0 && page === 2 ? encodeOcrPage(ocrPage) : null;
        insertPage.run(documentId, page, source.getPageText(documentId, page), layout && encodePageLayout(layout), ocr);
      }
      for (const [ordinal, chunk] of (ingested.chunks.get(documentId) ?? []).entries()) {
        const structure = chunk.structure ? JSON.stringify(chunk.structure) : null;
        const { id, page, start, end, text, sha256 } = chunk;
        insertChunk.run(id, documentId, ordinal, page, start, end, text, sha256, structure);
      }
    }
    const [first] = ingested.documentIds;
    // A chunk an older ingest cut differently from its page, with a structure no layout gives.
    raw
      .prepare("INSERT INTO chunks VALUES ('odd', ?, 999, 1, 0, 4, 'Odd  text', ?, ?)")
      .run(first, sha256Hex("Odd  text"), JSON.stringify({ headings: ["Kept"], blocks: [] }));
    if (options.pageZero)
      raw.prepare("INSERT INTO pages (document_id, page_number, text) VALUES (?, 0, 'x')").run(first);
  } finally {
    raw.close();
    source.close();
  }
}

describe("the packing migration (step 7)", () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "rag-pack-"));
    ingested = await ingestRealPdfs(join(root, "current"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("converts a file of the previous schema without changing a chunk, page, layout or OCR word", () => {
    writeLegacyFile(join(root, "current"), join(root, "legacy"));
    const store = MetadataStore.open(join(root, "legacy"));
    const current = MetadataStore.open(join(root, "current"));
    try {
      expect(store.database.pragma("user_version", { simple: true })).toBe(migrations.length);
      const [first] = ingested.documentIds;
      for (const documentId of ingested.documentIds) {
        const chunks = ingested.chunks.get(documentId) ?? [];
        expect(chunks.length).toBeGreaterThan(1);
        const odd = documentId === first ? [expect.objectContaining({ id: "odd", text: "Odd  text" })] : [];
        expect(store.listChunks(documentId)).toEqual([...chunks, ...odd]);
        const ocrConfidence = (chunk: ChunkRecord) =>
          documentId === first && chunk.page === 2 ? { ocrConfidence: 0.87 } : {};
        const asked = chunks.map((chunk) => chunk.id).reverse();
        expect(store.getChunks(asked)).toEqual(
          current.getChunks(asked).map((chunk) => ({ ...chunk, ...ocrConfidence(chunk) })),
        );
        for (let page = 1; page <= (ingested.pageCounts.get(documentId) ?? 0); page++) {
          expect(store.getPageText(documentId, page)).toBe(current.getPageText(documentId, page));
          expect(store.getPageLayout(documentId, page)).toEqual(current.getPageLayout(documentId, page));
        }
      }
      expect(store.getChunks(["odd"])[0]).toMatchObject({
        text: "Odd  text",
        structure: { headings: ["Kept"], blocks: [] },
      });
      expect(store.getPageOcr(first ?? "", 2)).toEqual(ocrPage);
      expect(store.getPageOcr(first ?? "", 1)).toBeUndefined();
      // Every chunk but the odd one is now its offsets alone.
      const kept = store.database
        .prepare("SELECT id FROM chunks WHERE text IS NOT NULL OR structure IS NOT NULL")
        .pluck();
      expect(kept.all()).toEqual(["odd"]);
      expect(store.database.prepare("SELECT name FROM sqlite_master WHERE name = 'pages'").get()).toBeUndefined();
    } finally {
      store.close();
      current.close();
    }
  });

  it("leaves the file as it was when a row cannot be converted", () => {
    writeLegacyFile(join(root, "current"), join(root, "broken"), { pageZero: true });
    expect(() => MetadataStore.open(join(root, "broken"))).toThrow(/Page number 0/);
    const raw = new BetterSqlite3(join(root, "broken", "rag.sqlite"), { readonly: true });
    try {
      expect(raw.pragma("user_version", { simple: true })).toBe(6);
      const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
      expect(tables).toContain("pages");
      expect(tables).not.toContain("page_runs");
      expect(raw.prepare("SELECT count(*) FROM chunks WHERE text IS NOT NULL").pluck().get()).toBeGreaterThan(2);
    } finally {
      raw.close();
    }
  });
});
