import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeOllamaServer, startFakeOllama } from "../../../../tests/support/fake-ollama-server";
import { type FakeQdrantServer, startFakeQdrant } from "../../../../tests/support/fake-qdrant-server";
import { OllamaEmbedder } from "../embedding/ollama-embedder";
import { QdrantVectorIndex } from "./qdrant-vector-index";
import { type ReindexChunk, type ReindexProgress, reindexAll } from "./reindex";
import type { IndexedChunk, SearchHit, SearchQuery, VectorIndex } from "./vector-index";

/** Records what a rebuild does, in order. */
class RecordingIndex implements VectorIndex {
  readonly name = "recording";
  readonly calls: Array<{ op: "upsert"; chunks: IndexedChunk[] } | { op: "delete"; documentId: string }> = [];
  async upsert(chunks: IndexedChunk[]): Promise<void> {
    this.calls.push({ op: "upsert", chunks });
  }
  async deleteDocument(documentId: string): Promise<void> {
    this.calls.push({ op: "delete", documentId });
  }
  async search(_query: SearchQuery): Promise<SearchHit[]> {
    return [];
  }
  async health() {
    return { status: "ok" as const };
  }
  async close(): Promise<void> {}
}

function pages(documents: Record<string, number>, pageSize: number): ReindexChunk[][] {
  const all = Object.entries(documents).flatMap(([documentId, count]) =>
    Array.from({ length: count }, (_, position) => ({
      chunkId: `${documentId}:${position}`,
      documentId,
      text: `${documentId} paragraph ${position} about rent`,
    })),
  );
  return Array.from({ length: Math.ceil(all.length / pageSize) }, (_, page) =>
    all.slice(page * pageSize, (page + 1) * pageSize),
  );
}

async function* asAsync<T>(items: T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

describe("reindexAll", () => {
  it("re-batches pages, clears each document once before its first chunks and reports progress", async () => {
    const index = new RecordingIndex();
    const progress: ReindexProgress[] = [];
    const result = await reindexAll({
      chunks: asAsync(pages({ a: 5, b: 4, c: 1 }, 3)),
      index,
      batchSize: 4,
      onProgress: (step) => progress.push(step),
    });

    expect(result).toEqual({ chunks: 10, documents: 3 });
    expect(
      index.calls.map((call) => (call.op === "delete" ? `delete ${call.documentId}` : `upsert ${call.chunks.length}`)),
    ).toEqual(["delete a", "upsert 4", "delete b", "upsert 4", "delete c", "upsert 2"]);
    expect(progress).toEqual([
      { chunks: 4, documents: 1 },
      { chunks: 8, documents: 2 },
      { chunks: 10, documents: 3 },
    ]);
    const upserted = index.calls.flatMap((call) => (call.op === "upsert" ? call.chunks : []));
    expect(upserted.every((chunk) => chunk.embedding === undefined)).toBe(true);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      reindexAll({ chunks: pages({ a: 2 }, 1), index: new RecordingIndex(), signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });

  describe("with Ollama embeddings into Qdrant", () => {
    let ollama: FakeOllamaServer;
    let qdrant: FakeQdrantServer;
    beforeEach(async () => {
      ollama = await startFakeOllama({ dimension: 16 });
      qdrant = await startFakeQdrant();
    });
    afterEach(async () => {
      await Promise.all([ollama.close(), qdrant.close()]);
    });

    it("rebuilds the collection and removes chunks that no longer exist", async () => {
      const embedder = new OllamaEmbedder({ host: ollama.url, batchSize: 8 });
      const index = new QdrantVectorIndex({ url: qdrant.url, embeddingModel: embedder.model });
      const [oldVector] = await embedder.embed(["an old chunk"]);
      await index.upsert([{ chunkId: "a:old", documentId: "a", text: "an old chunk", embedding: oldVector }]);

      const result = await reindexAll({ chunks: pages({ a: 6, b: 6 }, 5), embedder, index, batchSize: 10 });
      expect(result).toEqual({ chunks: 12, documents: 2 });
      const points = qdrant.collections.get("rag_chunks__nomic-embed-text__16")?.points;
      expect(points?.size).toBe(12);
      expect([...(points?.values() ?? [])].some((point) => point.payload.chunkId === "a:old")).toBe(false);
      // 1 request for the old chunk + 2 rounds of 10 and 2, each in batches of at most 8.
      expect(ollama.requests.filter((request) => request.path === "/api/embed")).toHaveLength(4);
    });
  });
});
