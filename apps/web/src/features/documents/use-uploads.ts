import type { DocumentInfo } from "@audited-rag/core";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { uploadDocument } from "./api/upload-document";

export interface UploadItem {
  key: string;
  filename: string;
  bytes: number;
  state: "waiting" | "uploading" | "failed" | "duplicate";
  /** 0..1 of the bytes sent. */
  fraction: number;
  error?: ApiError;
}

export interface UploadsState {
  items: UploadItem[];
  start(files: File[]): void;
  dismiss(key: string): void;
}

let nextKey = 0;

/**
 * Sends files one at a time. Once the server accepts a file, the item leaves this list and
 * the document list takes over (it shows the ingest stages); failures and duplicates stay
 * until dismissed so their message can be read.
 */
export function useUploads(maxUploadBytes: number | undefined, onAccepted: (document: DocumentInfo) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef(Promise.resolve());

  const update = useCallback((key: string, change: Partial<UploadItem> | null) => {
    setItems((list) =>
      change === null
        ? list.filter((item) => item.key !== key)
        : list.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = `upload-${nextKey++}`;
        setItems((list) => [...list, { key, filename: file.name, bytes: file.size, state: "waiting", fraction: 0 }]);
        if (maxUploadBytes !== undefined && file.size > maxUploadBytes) {
          const error = new ApiError(413, "FILE_TOO_LARGE", "The file is larger than the upload limit.");
          update(key, { state: "failed", error });
          continue;
        }
        queue.current = queue.current.then(async () => {
          update(key, { state: "uploading" });
          try {
            const result = await uploadDocument(file, (fraction) => update(key, { fraction }));
            onAccepted(result.document);
            update(key, result.duplicate ? { state: "duplicate", fraction: 1 } : null);
          } catch (failure) {
            const error =
              failure instanceof ApiError ? failure : new ApiError(0, "UNKNOWN", "The upload failed unexpectedly.");
            update(key, { state: "failed", error });
          }
        });
      }
    },
    [maxUploadBytes, onAccepted, update],
  );

  const dismiss = useCallback((key: string) => update(key, null), [update]);

  return { items, start, dismiss } satisfies UploadsState;
}
