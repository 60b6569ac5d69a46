// Row shapes of the documents and deletion log and their mapping to domain objects; JSON columns are validated on read.
import { type DocumentInfo, documentErrorSchema, documentStatusSchema, ingestProgressSchema } from "@audited-rag/core";
import { z } from "zod";

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
