import type { IngestResult, Upload } from "@audited-rag/rag";

/**
 * What the document routes need from ingestion. In a single process and in the process that owns
 * ingestion this is the `DocumentIngestor` itself; in the other HTTP workers it is a relay to the
 * owner (`IpcDocumentIntake`), so one process only ever extracts, indexes and deletes.
 */
export interface DocumentIntake {
  /** Hands over an upload on disk (the intake owns `tempPath` from here on). */
  ingest(upload: Upload): Promise<IngestResult>;
  /** Removes a document with its index rows, chunks and original; `deletedBy` goes to the deletion log. */
  deleteDocument(id: string, options?: { deletedBy?: string | null }): Promise<void>;
}

/**
 * How this process takes part in ingestion.
 * - `single`: the only process; owns ingestion and cleans up after a crash at boot (today's behaviour).
 * - `owner`: owns ingestion in a cluster; fails documents a dead owner left processing, but leaves
 *   `tmp/` alone because other workers may be receiving uploads into it (the primary clears it at boot).
 * - `relay`: another HTTP worker; hands uploads and deletes to the owner through `intake`.
 */
export type IngestionRole = { kind: "single" } | { kind: "owner" } | { kind: "relay"; intake: DocumentIntake };
