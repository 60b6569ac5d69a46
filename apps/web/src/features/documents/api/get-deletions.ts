import { type DocumentDeletion, documentDeletionListSchema } from "@audited-rag/core";
import { apiRequest } from "../../../lib/api-client";

/** `GET /api/deletions`: the deletion log, newest first. */
export async function getDeletions(): Promise<DocumentDeletion[]> {
  return (await apiRequest("/api/deletions", documentDeletionListSchema)).deletions;
}
