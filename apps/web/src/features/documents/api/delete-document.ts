import { apiRequestNoContent } from "../../../lib/api-client";

/** `DELETE /api/documents/:id`: removes the document, its chunks, vectors and retained original. */
export function deleteDocument(id: string): Promise<void> {
  return apiRequestNoContent(`/api/documents/${encodeURIComponent(id)}`, { method: "DELETE" });
}
