import { describe, expect, it } from "vitest";
import { reciprocalRankFusion } from "./reciprocal-rank-fusion";

describe("reciprocalRankFusion", () => {
  it("sums 1/(k+rank) over retrievers and keeps both ranks", () => {
    const fused = reciprocalRankFusion([
      { retriever: "bm25", chunkIds: ["a", "b", "c"] },
      { retriever: "dense", chunkIds: ["c", "a"] },
    ]);
    expect(fused.map((hit) => hit.chunkId)).toEqual(["a", "c", "b"]);
    expect(fused[0]).toEqual({ chunkId: "a", score: 1 / 61 + 1 / 62, ranks: { bm25: 1, dense: 2 } });
    expect(fused[1]).toEqual({ chunkId: "c", score: 1 / 63 + 1 / 61, ranks: { bm25: 3, dense: 1 } });
    expect(fused[2]).toEqual({ chunkId: "b", score: 1 / 62, ranks: { bm25: 2 } });
  });

  it("uses the given k", () => {
    const [hit] = reciprocalRankFusion([{ retriever: "dense", chunkIds: ["x"] }], 1);
    expect(hit?.score).toBe(1 / 2);
  });

  it("breaks ties by best rank, then by first appearance", () => {
    const fused = reciprocalRankFusion([
      { retriever: "bm25", chunkIds: ["a", "b"] },
      { retriever: "dense", chunkIds: ["b", "a"] },
    ]);
    expect(fused.map((hit) => hit.chunkId)).toEqual(["a", "b"]);
    const single = reciprocalRankFusion([
      { retriever: "bm25", chunkIds: ["p"] },
      { retriever: "dense", chunkIds: ["q"] },
    ]);
    expect(single.map((hit) => hit.chunkId)).toEqual(["p", "q"]);
  });

  it("counts a chunk repeated in one list once, at its first rank", () => {
    const fused = reciprocalRankFusion([{ retriever: "bm25", chunkIds: ["a", "a", "b"] }]);
    expect(fused).toEqual([
      { chunkId: "a", score: 1 / 61, ranks: { bm25: 1 } },
      { chunkId: "b", score: 1 / 63, ranks: { bm25: 3 } },
    ]);
  });

  it("returns nothing for empty lists", () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([{ retriever: "bm25", chunkIds: [] }])).toEqual([]);
  });
});
