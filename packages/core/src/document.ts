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
  /** Who uploaded it, when accounts are on (a display name or account id). */
  uploadedBy: z.string().optional(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;

export const documentListSchema = z.object({ documents: z.array(documentSchema) });
