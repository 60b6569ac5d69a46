import type { Database } from "better-sqlite3";
import type { PassageStructure } from "../structure/passage-structure";
import { passageStructureSchema } from "../structure/passage-structure-schema";
import { type ChunkColumns, chunkColumns } from "./chunk-columns";
import { packText } from "./packed-text";
import { packPageRuns, type RunPage, type StoredPage, storedPage } from "./page-runs";

/** The tables of the packed schema; chunks are written under another name until the old table is dropped. */
const packedTables = `
  CREATE TABLE page_runs (
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    run INTEGER NOT NULL,
    pages BLOB NOT NULL
  );
  CREATE UNIQUE INDEX page_runs_document_run ON page_runs (document_id, run);

  CREATE TABLE page_ocr (
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    page_number INTEGER NOT NULL,
    words BLOB NOT NULL,
    confidence REAL
  );
  CREATE UNIQUE INDEX page_ocr_document_page ON page_ocr (document_id, page_number);

  CREATE TABLE packed_chunks (
    id TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    page INTEGER NOT NULL,
    start_offset INTEGER NOT NULL,
    end_offset INTEGER NOT NULL,
    sha256 TEXT,
    text TEXT,
    structure TEXT
  ) WITHOUT ROWID;
`;

const dropLegacyTables = `
  DROP TABLE chunks;
  DROP TABLE pages;
  ALTER TABLE packed_chunks RENAME TO chunks;
  CREATE INDEX chunks_document ON chunks (document_id, ordinal);
`;

interface LegacyPage extends RunPage {
  ocr: string | null;
  confidence: number | null;
}

interface LegacyChunk {
  id: string;
  ordinal: number;
  page: number;
  start_offset: number;
  end_offset: number;
  text: string;
  sha256: string;
  structure: string | null;
}

/**
 * Moves pages into packed runs (page-runs.ts) and OCR words into `page_ocr`, and leaves out each
 * chunk's text, hash and structure where its page gives them back exactly (chunk-columns.ts); a
 * chunk that differs keeps them. One document at a time, so memory stays that of the largest one.
 * Rows of documents that no longer exist are left behind: foreign keys would refuse them and no
 * query could reach them.
 */
export function packPagesAndChunks(database: Database): void {
  database.exec(packedTables);
  const documentIds = database.prepare("SELECT id FROM documents").pluck().all() as string[];
  const selectPages = database.prepare(
    `SELECT page_number AS pageNumber, text, layout, ocr, json_extract(ocr, '$.confidence') AS confidence
     FROM pages WHERE document_id = ? ORDER BY page_number`,
  );
  const selectChunks = database.prepare(
    "SELECT id, ordinal, page, start_offset, end_offset, text, sha256, structure FROM chunks WHERE document_id = ?",
  );
  const insertRun = database.prepare("INSERT INTO page_runs (document_id, run, pages) VALUES (?, ?, ?)");
  const insertOcr = database.prepare("INSERT INTO page_ocr VALUES (?, ?, ?, ?)");
  const insertChunk = database.prepare("INSERT INTO packed_chunks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const documentId of documentIds) {
    const pages = selectPages.all(documentId) as LegacyPage[];
    for (const run of packPageRuns(pages)) insertRun.run(documentId, run.run, run.pages);
    for (const page of pages) {
      if (page.ocr !== null) insertOcr.run(documentId, page.pageNumber, packText(page.ocr), page.confidence);
    }
    const stored = new Map(pages.map((page) => [page.pageNumber, storedPage(page)]));
    for (const chunk of selectChunks.all(documentId) as LegacyChunk[]) {
      const { id, ordinal, page, start_offset, end_offset } = chunk;
      const columns = legacyChunkColumns(chunk, stored.get(page));
      insertChunk.run(
        id,
        documentId,
        ordinal,
        page,
        start_offset,
        end_offset,
        columns.sha256,
        columns.text,
        columns.structure,
      );
    }
  }
  database.exec(dropLegacyTables);
}

/**
 * A chunk's columns in the packed schema. A structure the schema refuses, or a page layout the codec
 * refuses, leaves the chunk as it was stored: reading it fails, or not, as it did before.
 */
function legacyChunkColumns(chunk: LegacyChunk, page: StoredPage | undefined): ChunkColumns {
  const kept = { text: chunk.text, sha256: chunk.sha256, structure: chunk.structure ?? "null" };
  let structure: PassageStructure | undefined;
  try {
    page?.layout();
    structure = chunk.structure === null ? undefined : passageStructureSchema.parse(JSON.parse(chunk.structure));
  } catch {
    return kept;
  }
  const stored = { start: chunk.start_offset, end: chunk.end_offset, text: chunk.text, sha256: chunk.sha256 };
  return chunkColumns({ ...stored, ...(structure && { structure }) }, page);
}
