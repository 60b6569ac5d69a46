import type { DroppedClaim, DropReason } from "@audited-rag/core";

const reasonWords: Record<DropReason, string> = {
  quote_not_in_passage: "its quote was not found in the cited passage",
  unknown_citation: "it cited a passage that was not retrieved",
  not_self_contained: "it did not make sense without the surrounding text",
};

/** Why validation removed a drafted claim, in plain words. */
export function describeDropReason(reason: DropReason): string {
  return reasonWords[reason];
}

/** "2 drafted claims were removed by validation" (or null when none were). */
export function summarizeDropped(dropped: DroppedClaim[]): string | null {
  if (dropped.length === 0) return null;
  return dropped.length === 1
    ? "1 drafted claim was removed by validation"
    : `${dropped.length} drafted claims were removed by validation`;
}
