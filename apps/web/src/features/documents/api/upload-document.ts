import { type DocumentInfo, documentSchema } from "@audited-rag/core";
import { ApiError, networkError, reportIfSignedOut, toApiError } from "../../../lib/api-client";

export interface UploadResult {
  document: DocumentInfo;
  /** True when the same bytes were uploaded before (`200`): nothing new is ingested. */
  duplicate: boolean;
}

/**
 * `POST /api/documents` with the multipart field `file`. Uses XMLHttpRequest because
 * fetch cannot report upload progress; `onProgress` receives 0..1 of the bytes sent.
 */
export function uploadDocument(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/documents");
    request.setRequestHeader("accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("error", () => reject(networkError()));
    request.addEventListener("load", () => {
      if (request.status < 200 || request.status >= 300) {
        reject(reportIfSignedOut(toApiError(request.status, request.responseText)));
        return;
      }
      try {
        const body = JSON.parse(request.responseText) as { document?: unknown } | null;
        const document = documentSchema.parse(body?.document);
        resolve({ document, duplicate: request.status === 200 });
      } catch {
        reject(
          new ApiError(request.status, "INVALID_RESPONSE", "The server's answer did not have the expected shape."),
        );
      }
    });
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}
