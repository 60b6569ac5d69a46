import type { AskResponse } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { markStaleCitations } from "./mark-stale";

const entry = (id: number, documentId: string, filename: string) => ({
  id,
  part: 0,
  rank: id,
  documentId,
  filename,
  page: 1,
  chunkId: `c${id}`,
  text: "Text.",
  sha256: "s",
  score: 1,
  cited: true,
  ranks: {},
});

const answer = {
  ledger: [entry(1, "kept", "a.pdf"), entry(2, "gone", "b.pdf"), entry(3, "old", "c.pdf")],
} as unknown as AskResponse;

describe("markStaleCitations", () => {
  it("marks deleted and replaced documents and leaves present ones alone", () => {
    const marked = markStaleCitations(answer, [
      { id: "kept", filename: "a.pdf", status: "ready" },
      { id: "new", filename: "c.pdf", status: "ready" },
      { id: "failed", filename: "b.pdf", status: "failed" },
    ]);
    expect(marked.ledger.map((e) => e.stale)).toEqual([undefined, "deleted", "replaced"]);
    expect("stale" in (marked.ledger[0] ?? {})).toBe(false);
  });

  it("clears a mark once the document is back", () => {
    const marked = markStaleCitations(answer, []);
    const again = markStaleCitations(marked, [{ id: "gone", filename: "b.pdf", status: "ready" }]);
    expect(again.ledger[1]?.stale).toBeUndefined();
  });
});
