import { describe, expect, it } from "vitest";
import { hybridSearches, readHybridResults } from "./qdrant-hybrid-query";

const point = (chunkId: string, score: number) => ({ id: 1, version: 0, score, payload: { chunkId } });

describe("hybridSearches", () => {
  it("fuses a dense and a sparse prefetch with rrf and repeats each alone", () => {
    const searches = hybridSearches({ text: "rent due", embedding: [0.1, 0.2], topK: 15, prefetchLimit: 20 });
    expect(searches).toHaveLength(3);
    expect(searches[0]).toMatchObject({ query: { fusion: "rrf" }, limit: 15, with_payload: ["chunkId"] });
    const prefetch = searches[0]?.prefetch as Array<{ using: string; limit: number; filter?: unknown }>;
    expect(prefetch.map((entry) => [entry.using, entry.limit])).toEqual([
      ["dense", 30],
      ["bm25", 30],
    ]);
    expect(prefetch[0]?.filter).toBeUndefined();
    expect(searches[1]).toMatchObject({ using: "dense", query: [0.1, 0.2], limit: 30 });
    expect(searches[2]).toMatchObject({ using: "bm25", query: { values: [1, 1] }, limit: 30 });
  });

  it("filters every prefetch by document and drops the sparse part for stopword-only text", () => {
    const searches = hybridSearches({
      text: "what is it",
      embedding: [1],
      topK: 2,
      documentIds: ["a"],
      prefetchLimit: 20,
    });
    expect(searches).toHaveLength(2);
    expect(searches[0]?.prefetch).toEqual([
      { query: [1], using: "dense", limit: 20, filter: { must: [{ key: "documentId", match: { any: ["a"] } }] } },
    ]);
  });
});

describe("readHybridResults", () => {
  it("keeps the fused order and score and adds each retriever's rank", () => {
    const data = {
      result: [
        { points: [point("b", 0.5), point("a", 0.33), point("c", 0.2)] },
        { points: [point("a", 0.9), point("b", 0.8)] },
        { points: [point("b", 7.1), point("c", 2.0)] },
      ],
      status: "ok",
    };
    expect(readHybridResults(data, 3)).toEqual([
      { chunkId: "b", score: 0.5, ranks: { dense: 2, bm25: 1 } },
      { chunkId: "a", score: 0.33, ranks: { dense: 1 } },
      { chunkId: "c", score: 0.2, ranks: { bm25: 2 } },
    ]);
  });

  it("refuses a response of another shape or length", () => {
    expect(readHybridResults({ result: [{ points: [] }] }, 3)).toBeUndefined();
    expect(readHybridResults({ result: [{ points: [{ score: "high" }] }] }, 1)).toBeUndefined();
    expect(readHybridResults({ status: { error: "boom" } }, 1)).toBeUndefined();
  });
});
