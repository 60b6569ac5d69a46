import type { LedgerEntry } from "@audited-rag/core";

/** Why a cited passage can no longer be opened; null when its document is still here. */
export function describeStale(entry: Pick<LedgerEntry, "stale" | "filename">): string | null {
  switch (entry.stale) {
    case "deleted":
      return `${entry.filename} was deleted after this answer was given; the quoted passage is kept here, but the PDF can no longer be opened.`;
    case "replaced":
      return `${entry.filename} was replaced by a newer upload after this answer was given; the quoted passage is from the old version, which can no longer be opened.`;
    default:
      return null;
  }
}
