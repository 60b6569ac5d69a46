import { ledgerEntrySchema } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import type { ChunkRecord } from "../store/chunk-record";
import { buildLedger, type RetrievedPassage } from "./build-ledger";

const chunk = (id: string, page = 1): ChunkRecord => ({
  id,
  documentId: "doc-1",
  filename: "fips-197.pdf",
  page,
  start: 0,
  end: 10,
  text: `text of ${id}`,
  sha256: `sha-${id}`,
});

const retrieved = (...ids: string[]): RetrievedPassage[] =>
  ids.map((id, k) => ({
    localId: k + 1,
    chunk: chunk(id),
    hit: { chunkId: id, score: 1 / (k + 1), ranks: { bm25: k + 1 } },
  }));

const claim = (text: string, citations: number[]) => ({ text, quote: text, citations });

describe("buildLedger", () => {
  it("numbers cited chunks first, in order of first citation, then the rest in retrieval order", () => {
    const ledger = buildLedger([
      { index: 0, passages: retrieved("a", "b", "c", "d"), claims: [claim("x", [3]), claim("y", [1, 3])] },
    ]);
    expect(ledger.entries.map((entry) => [entry.id, entry.chunkId, entry.rank, entry.cited])).toEqual([
      [1, "c", 3, true],
      [2, "a", 1, true],
      [3, "b", 2, false],
      [4, "d", 4, false],
    ]);
    expect(ledger.parts[0]?.claims).toEqual([
      { id: "p0c1", text: "x", quote: "x", citations: [1] },
      { id: "p0c2", text: "y", quote: "y", citations: [2, 1] },
    ]);
    expect(ledger.parts[0]?.passages).toEqual([
      { id: 2, text: "text of a" },
      { id: 3, text: "text of b" },
      { id: 1, text: "text of c" },
      { id: 4, text: "text of d" },
    ]);
  });

  it("gives a chunk met in two parts one id, keeping the part and rank where it was first met", () => {
    const ledger = buildLedger([
      { index: 0, passages: retrieved("a", "b"), claims: [claim("x", [2])] },
      { index: 1, passages: retrieved("c", "b"), claims: [claim("y", [2]), claim("z", [1])] },
    ]);
    expect(ledger.entries.map((entry) => [entry.id, entry.chunkId, entry.part, entry.rank])).toEqual([
      [1, "b", 0, 2],
      [2, "a", 0, 1],
      [3, "c", 1, 1],
    ]);
    expect(ledger.parts[1]?.claims.map((c) => [c.id, c.citations])).toEqual([
      ["p1c1", [1]],
      ["p1c2", [3]],
    ]);
    expect(ledger.parts[1]?.passages.map((p) => p.id)).toEqual([3, 1]);
  });

  it("copies the chunk and hit fields into schema-valid entries", () => {
    const ledger = buildLedger([{ index: 0, passages: retrieved("a"), claims: [] }]);
    const entry = ledger.entries[0];
    expect(entry).toEqual({
      id: 1,
      part: 0,
      rank: 1,
      documentId: "doc-1",
      filename: "fips-197.pdf",
      page: 1,
      chunkId: "a",
      text: "text of a",
      sha256: "sha-a",
      score: 1,
      cited: false,
      ranks: { bm25: 1 },
    });
    expect(ledgerEntrySchema.safeParse(entry).success).toBe(true);
  });

  it("numbers parts without claims and returns nothing for no parts", () => {
    expect(buildLedger([]).entries).toEqual([]);
    const ledger = buildLedger([
      { index: 0, passages: [], claims: [] },
      { index: 1, passages: retrieved("a"), claims: [] },
    ]);
    expect(ledger.entries.map((entry) => [entry.id, entry.part])).toEqual([[1, 1]]);
  });

  it("refuses a claim citing a local id the part did not retrieve", () => {
    expect(() => buildLedger([{ index: 0, passages: retrieved("a"), claims: [claim("x", [2])] }])).toThrow(
      /unknown local id 2/,
    );
  });
});
