import type { DocumentInfo } from "@audited-rag/core";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { deleteDocument } from "./api/delete-document";
import { getDocument } from "./api/get-document";
import { getDocuments } from "./api/get-documents";

const pollIntervalMs = 500;

export interface DocumentsState {
  documents: DocumentInfo[];
  loaded: boolean;
  error: ApiError | null;
  /** Adds or replaces one document (after an upload). */
  upsert(document: DocumentInfo): void;
  /** Deletes on the server, then drops it from the list. */
  remove(id: string): Promise<void>;
}

function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, "UNKNOWN", "Something went wrong.");
}

/** The document list, polling each processing document until it is ready or failed. */
export function useDocuments(): DocumentsState {
  const [documents, setDocuments] = useState<DocumentInfo[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getDocuments(controller.signal).then(
      (list) => {
        setDocuments(list);
        setLoaded(true);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(toApiError(failure));
        setLoaded(true);
      },
    );
    return () => controller.abort();
  }, []);

  const upsert = useCallback((document: DocumentInfo) => {
    setDocuments((list) =>
      list.some((item) => item.id === document.id)
        ? list.map((item) => (item.id === document.id ? document : item))
        : [document, ...list],
    );
  }, []);

  const processingIds = documents
    .filter((document) => document.status === "processing")
    .map((document) => document.id)
    .join(",");

  useEffect(() => {
    if (!processingIds) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      for (const id of processingIds.split(",")) {
        getDocument(id, controller.signal).then(upsert, (failure: unknown) => {
          if (failure instanceof ApiError && failure.status === 404) {
            setDocuments((list) => list.filter((item) => item.id !== id));
          }
        });
      }
    }, pollIntervalMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [processingIds, upsert]);

  const remove = useCallback(async (id: string) => {
    await deleteDocument(id);
    setDocuments((list) => list.filter((item) => item.id !== id));
  }, []);

  return { documents, loaded, error, upsert, remove };
}
