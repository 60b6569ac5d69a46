/** `GET /api/documents/:id/file`: the retained original PDF, fetched by pdf.js itself. */
export function documentFileUrl(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/file`;
}
