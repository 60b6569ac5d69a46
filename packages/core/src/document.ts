import { z } from "zod";

export const documentStatusSchema = z.enum(["processing", "ready", "failed"]);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** Where an ingest stands while `status` is `processing`. */
export const ingestProgressSchema = z.object({
  stage: z.enum(["queued", "extracting", "chunking", "embedding", "indexing"]),
  /** 0..1 over the whole ingest. */
  fraction: z.number().min(0).max(1),
  pagesDone: z.number().int().nonnegative().optional(),
  pagesTotal: z.number().int().nonnegative().optional(),
  /** While `queued`: how many uploads wait before this one for an extraction worker. */
  ahead: z.number().int().nonnegative().optional(),
  /** While `extracting`: page `pagesDone + 1` is being read by OCR. */
  ocr: z.boolean().optional(),
});
export type IngestProgress = z.infer<typeof ingestProgressSchema>;

/** A readable failure kept on a failed document. */
export const documentErrorSchema = z.object({ code: z.string(), message: z.string() });

export const documentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  sha256: z.string(),
  bytes: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  status: documentStatusSchema,
  progress: ingestProgressSchema.optional(),
  warnings: z.array(z.string()).optional(),
  error: documentErrorSchema.optional(),
  createdAt: z.string(),
  /** Name of the account that uploaded it; absent when login is off or for documents from before accounts. */
  uploadedBy: z.string().optional(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;

export const documentListSchema = z.object({ documents: z.array(documentSchema) });

/** One entry of the deletion log: what was removed, by whom and when. */
export const documentDeletionSchema = z.object({
  documentId: z.string(),
  filename: z.string(),
  sha256: z.string(),
  uploadedBy: z.string().nullable(),
  /** Null when login is off. */
  deletedBy: z.string().nullable(),
  deletedAt: z.string(),
});
export type DocumentDeletion = z.infer<typeof documentDeletionSchema>;
export const documentDeletionListSchema = z.object({ deletions: z.array(documentDeletionSchema) });
