import type { AskResponse, DocumentInfo } from "@audited-rag/core";
import { useEffect } from "react";
import { getAnswer } from "./api/get-answer";

/** Whether the answer cites a document that is no longer listed, and is not yet marked stale for it. */
export function needsStaleRefresh(response: AskResponse, documents: readonly Pick<DocumentInfo, "id">[]): boolean {
  const present = new Set(documents.map((document) => document.id));
  return response.ledger.some((entry) => entry.cited && !entry.stale && !present.has(entry.documentId));
}

/**
 * Re-reads the shown answer from the server once a document it cites disappears from the
 * list (deleted here or elsewhere), so its citations are marked stale without a reload.
 */
export function useStaleRefresh(
  response: AskResponse | null,
  documents: readonly Pick<DocumentInfo, "id">[],
  loaded: boolean,
  replace: (response: AskResponse) => void,
): void {
  useEffect(() => {
    if (!response || !loaded || !needsStaleRefresh(response, documents)) return;
    const controller = new AbortController();
    getAnswer(response.id, controller.signal).then(replace, () => undefined);
    return () => controller.abort();
  }, [response, documents, loaded, replace]);
}
