import { describe, expect, it } from "vitest";
import { qdrantCollectionName, qdrantPointId, sizeBoundedBatches } from "./qdrant-identifiers";

describe("qdrantCollectionName", () => {
  it("names the collection after the model and vector size", () => {
    expect(qdrantCollectionName("rag_chunks", "nomic-embed-text", 768)).toBe("rag_chunks__nomic-embed-text__768");
  });

  it("treats `:latest` as the untagged model", () => {
    expect(qdrantCollectionName("rag_chunks", "nomic-embed-text:latest", 768)).toBe(
      "rag_chunks__nomic-embed-text__768",
    );
  });

  it("cleans other characters and adds a hash so distinct models never share a collection", () => {
    const tagged = qdrantCollectionName("rag_chunks", "mxbai-embed-large:335m", 1024);
    const dashed = qdrantCollectionName("rag_chunks", "mxbai-embed-large-335m", 1024);
    expect(tagged).toMatch(/^rag_chunks__mxbai-embed-large-335m-[0-9a-f]{8}__1024$/);
    expect(tagged).not.toBe(dashed);
    expect(qdrantCollectionName("p", "Org/Model Name", 8)).toMatch(/^p__org-model-name-[0-9a-f]{8}__8$/);
  });

  it("keeps sizes apart", () => {
    expect(qdrantCollectionName("p", "m", 384)).not.toBe(qdrantCollectionName("p", "m", 768));
  });
});

describe("qdrantPointId", () => {
  it("is a stable RFC 9562 version-8 UUID", () => {
    const id = qdrantPointId("doc1:0003");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(qdrantPointId("doc1:0003")).toBe(id);
    expect(qdrantPointId("doc1:0004")).not.toBe(id);
  });
});

describe("sizeBoundedBatches", () => {
  const items = Array.from({ length: 10 }, (_, index) => ({ index, text: "x".repeat(90) }));

  it("keeps every batch under the byte limit and in order", () => {
    const batches = sizeBoundedBatches(items, 350, 100);
    expect(batches.flat()).toEqual(items);
    for (const batch of batches) expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThan(350);
    expect(batches.length).toBeGreaterThan(1);
  });

  it("caps the items per batch", () => {
    expect(sizeBoundedBatches(items, 1_000_000, 4).map((batch) => batch.length)).toEqual([4, 4, 2]);
  });

  it("puts an item larger than the limit in a batch of its own", () => {
    expect(sizeBoundedBatches([{ big: "y".repeat(500) }, { small: 1 }], 100, 10)).toHaveLength(2);
  });
});
