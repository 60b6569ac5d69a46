import type { AskResponse, DocumentInfo } from "@audited-rag/core";

/**
 * Marks the ledger entries of a stored answer whose document is gone: "replaced" when a ready
 * document of the same file name exists (a newer upload of it), else "deleted". Computed each
 * time an answer is shown, never stored, so it always reflects the documents of today.
 */
export function markStaleCitations(
  answer: AskResponse,
  documents: ReadonlyArray<Pick<DocumentInfo, "id" | "filename" | "status">>,
): AskResponse {
  const ready = documents.filter((document) => document.status === "ready");
  const readyIds = new Set(ready.map((document) => document.id));
  const readyNames = new Set(ready.map((document) => document.filename));
  return {
    ...answer,
    ledger: answer.ledger.map((entry) => {
      const { stale: _previous, ...rest } = entry;
      if (readyIds.has(entry.documentId)) return rest;
      return { ...rest, stale: readyNames.has(entry.filename) ? "replaced" : "deleted" };
    }),
  };
}
