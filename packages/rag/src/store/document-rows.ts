// Row shapes of the store's tables and their mapping to domain objects; JSON columns are validated on read.
import { type DocumentInfo, documentErrorSchema, documentStatusSchema, ingestProgressSchema } from "@audited-rag/core";
import { z } from "zod";
import { passageStructureSchema } from "../structure/passage-structure-schema";
import type { ChunkRecord } from "./chunk-record";

export interface DocumentRow {
  id: string;
  filename: string;
  sha256: string;
  bytes: number;
  pages: number;
  chunks: number;
  status: string;
  progress: string | null;
  warnings: string | null;
  error: string | null;
  created_at: string;
  uploaded_by: string | null;
}

export interface DeletionRow {
  document_id: string;
  filename: string;
  sha256: string;
  uploaded_by: string | null;
  deleted_by: string | null;
  deleted_at: string;
}

export interface ChunkRow {
  id: string;
  document_id: string;
  filename: string;
  page: number;
  start_offset: number;
  end_offset: number;
  text: string;
  sha256: string;
  structure: string | null;
  /** Selected by lookups that join the chunk's page; absent elsewhere. */
  ocr_confidence?: number | null;
}

const warningsSchema = z.array(z.string());

export function toDocument(row: DocumentRow): DocumentInfo {
  const status = documentStatusSchema.parse(row.status);
  const document: DocumentInfo = {
    id: row.id,
    filename: row.filename,
    sha256: row.sha256,
    bytes: row.bytes,
    pages: row.pages,
    chunks: row.chunks,
    status,
    createdAt: row.created_at,
  };
  if (status === "processing" && row.progress) document.progress = ingestProgressSchema.parse(JSON.parse(row.progress));
  if (row.warnings) document.warnings = warningsSchema.parse(JSON.parse(row.warnings));
  if (status === "failed" && row.error) document.error = documentErrorSchema.parse(JSON.parse(row.error));
  if (row.uploaded_by) document.uploadedBy = row.uploaded_by;
  return document;
}

export function toChunk(row: ChunkRow): ChunkRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    filename: row.filename,
    page: row.page,
    start: row.start_offset,
    end: row.end_offset,
    text: row.text,
    sha256: row.sha256,
    ...(row.structure && { structure: passageStructureSchema.parse(JSON.parse(row.structure)) }),
    ...(typeof row.ocr_confidence === "number" && { ocrConfidence: row.ocr_confidence }),
  };
}
