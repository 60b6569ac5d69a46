import { StorageError } from "@audited-rag/core";
import { passageStructure } from "../structure/clip-structure";
import type { PassageStructure } from "../structure/passage-structure";
import { passageStructureSchema } from "../structure/passage-structure-schema";
import { type ChunkRecord, type NewChunk, sha256Hex } from "./chunk-record";
import type { StoredPage } from "./page-runs";

/**
 * What a `chunks` row holds beside its offsets. A chunk is normally its page's text between its
 * offsets, with the structure its page's layout gives for them; then `text`, `sha256` and
 * `structure` are NULL and are rebuilt on read, so nothing is stored twice. Anything else is kept.
 */
export interface ChunkColumns {
  /** NULL when the page text's slice is the chunk's text and hashes to its sha256. */
  text: string | null;
  /** NULL together with `text`: the hash of the slice. */
  sha256: string | null;
  /** NULL when derived from the page layout; otherwise the structure as JSON, `null` for none. */
  structure: string | null;
}

export interface ChunkRow extends ChunkColumns {
  id: string;
  document_id: string;
  filename: string;
  page: number;
  start_offset: number;
  end_offset: number;
  /** Selected by lookups that join the chunk's page; absent elsewhere. */
  ocr_confidence?: number | null;
}

type StoredChunk = Pick<NewChunk, "start" | "end" | "text" | "sha256" | "structure">;

/** The columns that store `chunk` of `page` (undefined when the page is not stored). Pure. */
export function chunkColumns(chunk: StoredChunk, page: StoredPage | undefined): ChunkColumns {
  const sliced =
    page !== undefined &&
    page.text.slice(chunk.start, chunk.end) === chunk.text &&
    sha256Hex(chunk.text) === chunk.sha256;
  const given = chunk.structure === undefined ? "null" : JSON.stringify(passageStructureSchema.parse(chunk.structure));
  const derived = JSON.stringify(derivedStructure(page, chunk.start, chunk.end) ?? null);
  return {
    text: sliced ? null : chunk.text,
    sha256: sliced ? null : chunk.sha256,
    structure: given === derived ? null : given,
  };
}

/** The chunk a row stores, its text and structure rebuilt from `page` where the row left them out. */
export function chunkFromRow(row: ChunkRow, page: StoredPage | undefined): ChunkRecord {
  const text = row.text ?? slicedText(row, page);
  const structure =
    row.structure === null
      ? derivedStructure(page, row.start_offset, row.end_offset)
      : passageStructureSchema.optional().parse(JSON.parse(row.structure) ?? undefined);
  return {
    id: row.id,
    documentId: row.document_id,
    filename: row.filename,
    page: row.page,
    start: row.start_offset,
    end: row.end_offset,
    text,
    sha256: row.sha256 ?? sha256Hex(text),
    ...(structure && { structure }),
    ...(typeof row.ocr_confidence === "number" && { ocrConfidence: row.ocr_confidence }),
  };
}

function slicedText(row: ChunkRow, page: StoredPage | undefined): string {
  if (!page || row.end_offset > page.text.length) {
    throw new StorageError(`The stored page of chunk ${row.id} is missing or shorter than the chunk.`);
  }
  return page.text.slice(row.start_offset, row.end_offset);
}

/**
 * The structure extraction gave a passage of the page, as ingest computed it, in the key order
 * the schema reads stored structures into.
 */
function derivedStructure(page: StoredPage | undefined, start: number, end: number): PassageStructure | undefined {
  const layout = page?.layout();
  if (!page || !layout) return undefined;
  return passageStructureSchema.parse(passageStructure({ text: page.text, ...layout }, start, end));
}
