import { UpstreamTimeoutError, VectorStoreUnavailableError } from "@audited-rag/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closedPort } from "../../../../tests/support/closed-port";
import { hashedEmbedding } from "../../../../tests/support/fake-ollama-server";
import { type FakeQdrantServer, startFakeQdrant } from "../../../../tests/support/fake-qdrant-server";
import {
  createQdrantBodyValidator,
  QDRANT_OPENAPI_PATH,
  type QdrantBodyValidator,
  qdrantSpecAvailable,
} from "../../../../tests/support/qdrant-openapi-validator";
import { createQdrantVectorIndex, QdrantVectorIndex, type QdrantVectorIndexSettings } from "./qdrant-vector-index";
import { documentSparseVector } from "./sparse-vector";
import type { IndexedChunk } from "./vector-index";

const DIMENSION = 32;
const COLLECTION = "rag_chunks__fake-embed__32";
const embed = (text: string) => hashedEmbedding(text, DIMENSION);

function chunk(documentId: string, position: number, text: string): IndexedChunk {
  return { chunkId: `${documentId}:${position}`, documentId, text, embedding: embed(text) };
}

const lease = [
  chunk("lease", 0, "Rent is due on the first day of each month."),
  chunk("lease", 1, "The deposit equals two months of rent and is returned within thirty days."),
  chunk("lease", 2, "Pets are allowed with written consent of the landlord."),
];
const manual = [
  chunk("manual", 0, "Press the red button to start the dishwasher."),
  chunk("manual", 1, "Clean the filter every month to keep the dishwasher quiet."),
];

const validator: QdrantBodyValidator | undefined = qdrantSpecAvailable ? createQdrantBodyValidator() : undefined;

describe("QdrantVectorIndex against a fake Qdrant", () => {
  let qdrant: FakeQdrantServer;
  let index: QdrantVectorIndex;
  const make = (overrides: Partial<QdrantVectorIndexSettings> = {}) =>
    new QdrantVectorIndex({ url: qdrant.url, embeddingModel: "fake-embed", ...overrides });

  beforeEach(async () => {
    qdrant = await startFakeQdrant();
    index = make({ shards: 2, replicationFactor: 3, writeConsistencyFactor: 2 });
  });
  afterEach(async () => {
    // Contract check: every body the adapter sent must follow Qdrant's OpenAPI schemas.
    const sent = qdrant.requests.filter((request) => request.schema !== undefined);
    await qdrant.close();
    if (validator) for (const request of sent) expect(validator(request.schema as string, request.body)).toEqual([]);
  });

  const sentTo = (path: string, method?: string) =>
    qdrant.requests.filter((request) => request.path === path && (method === undefined || request.method === method));

  it("creates the collection lazily with dense, sparse idf, the payload index and cluster settings", async () => {
    expect(qdrant.requests).toHaveLength(0);
    await index.upsert(lease);
    const collection = qdrant.collections.get(COLLECTION);
    expect(collection?.config).toEqual({
      vectors: { dense: { size: DIMENSION, distance: "Cosine" } },
      sparse_vectors: { bm25: { modifier: "idf" } },
      shard_number: 2,
      replication_factor: 3,
      write_consistency_factor: 2,
    });
    expect(collection?.payloadIndexes.get("documentId")).toBe("keyword");
    expect(sentTo(`/collections/${COLLECTION}/index`)[0]?.query.wait).toBe("true");

    await index.upsert(manual);
    expect(sentTo(`/collections/${COLLECTION}`, "PUT")).toHaveLength(1);
    expect(sentTo(`/collections/${COLLECTION}`, "GET")).toHaveLength(1);
  });

  it("uses an existing collection, and survives another process creating it first", async () => {
    await index.upsert(lease);
    qdrant.hideCollectionOnce(COLLECTION);
    const other = make();
    await other.upsert(manual);
    expect(sentTo(`/collections/${COLLECTION}`, "PUT")).toHaveLength(2);
    expect(qdrant.collections.get(COLLECTION)?.points.size).toBe(5);
  });

  it("creates the collection once when the first uses run in parallel", async () => {
    await Promise.all([index.upsert(lease), index.upsert(manual)]);
    expect(sentTo(`/collections/${COLLECTION}`, "PUT")).toHaveLength(1);
    expect(qdrant.collections.get(COLLECTION)?.points.size).toBe(5);
  });

  it("writes points with UUID ids, both vectors and the ids as payload, waiting for each write", async () => {
    await index.upsert(lease);
    const upserts = sentTo(`/collections/${COLLECTION}/points`, "PUT");
    expect(upserts).toHaveLength(1);
    expect(upserts[0]?.query.wait).toBe("true");
    const points = (upserts[0]?.body as { points: Array<Record<string, unknown>> } | undefined)?.points;
    expect(points?.[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      payload: { documentId: "lease", chunkId: "lease:0" },
      vector: { dense: lease[0]?.embedding, bm25: { indices: expect.any(Array), values: expect.any(Array) } },
    });
  });

  it("puts a chunk's context (headings, table headers) into its sparse vector, not its payload", async () => {
    const row = { ...chunk("spec", 0, "AES-256 8 4 14"), context: "Key Length\nNumber of Rounds" };
    await index.upsert([row]);
    const body = sentTo(`/collections/${COLLECTION}/points`, "PUT")[0]?.body as
      | { points: Array<Record<string, unknown>> }
      | undefined;
    const points = body?.points ?? [];
    expect(points[0]?.vector).toMatchObject({
      bm25: documentSparseVector("AES-256 8 4 14\nKey Length\nNumber of Rounds"),
    });
    expect(points[0]?.vector).not.toMatchObject({ bm25: documentSparseVector("AES-256 8 4 14") });
    expect(points[0]?.payload).toEqual({ documentId: "spec", chunkId: "spec:0" });
  });

  it("upserts in bounded batches below the byte limit", async () => {
    const many = Array.from({ length: 40 }, (_, position) =>
      chunk("big", position, `clause ${position} of the contract`),
    );
    await make({ maxBatchBytes: 3_000 }).upsert(many);
    const upserts = sentTo(`/collections/${COLLECTION}/points`, "PUT");
    expect(upserts.length).toBeGreaterThan(3);
    for (const request of upserts) {
      expect(request.query.wait).toBe("true");
      expect(Buffer.byteLength(JSON.stringify(request.body))).toBeLessThan(3_000);
    }
    expect(qdrant.collections.get(COLLECTION)?.points.size).toBe(40);
  });

  it("finds the relevant chunk through prefetch + RRF with per-retriever ranks", async () => {
    await index.upsert([...lease, ...manual]);
    const question = "When is the rent due each month?";
    const hits = await index.search({ text: question, embedding: embed(question), topK: 3 });

    expect(hits[0]?.chunkId).toBe("lease:0");
    expect(hits[0]?.ranks).toEqual({ dense: 1, bm25: 1 });
    expect(hits[0]?.score).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(3);

    const batch = sentTo(`/collections/${COLLECTION}/points/query/batch`)[0]?.body as {
      searches: Array<Record<string, unknown>>;
    };
    const [fused, dense, sparse] = batch.searches;
    expect(fused).toMatchObject({ query: { fusion: "rrf" }, limit: 3 });
    const prefetch = fused?.prefetch as Array<{ using: string; limit: number }>;
    expect(prefetch.map((entry) => entry.using)).toEqual(["dense", "bm25"]);
    for (const entry of prefetch) expect(entry.limit).toBeGreaterThanOrEqual(6);
    expect(dense).toMatchObject({ using: "dense" });
    expect(sparse).toMatchObject({ using: "bm25", query: { indices: expect.any(Array) } });
  });

  it("restricts the search to the given documents in every prefetch", async () => {
    await index.upsert([...lease, ...manual]);
    const question = "rent deposit dishwasher";
    const hits = await index.search({ text: question, embedding: embed(question), topK: 10, documentIds: ["manual"] });
    expect(hits.map((hit) => hit.chunkId).sort()).toEqual(["manual:0", "manual:1"]);
    const batch = sentTo(`/collections/${COLLECTION}/points/query/batch`)[0]?.body as {
      searches: Array<{ prefetch?: Array<{ filter: unknown }>; filter?: unknown }>;
    };
    const filter = { must: [{ key: "documentId", match: { any: ["manual"] } }] };
    for (const entry of batch.searches[0]?.prefetch ?? []) expect(entry.filter).toEqual(filter);
    expect(batch.searches[1]?.filter).toEqual(filter);

    expect(await index.search({ text: question, embedding: embed(question), topK: 5, documentIds: [] })).toEqual([]);
  });

  it("searches with the dense vector alone when the question has only stopwords", async () => {
    await index.upsert(lease);
    const hits = await index.search({ text: "what is it?", embedding: embed("rent"), topK: 2 });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.ranks.bm25).toBeUndefined();
  });

  it("deletes a document's points by filter, waiting, in every collection it owns", async () => {
    await index.upsert([...lease, ...manual]);
    await make({ embeddingModel: "other-model" }).upsert([{ ...lease[0], embedding: [1, 0, 0] } as IndexedChunk]);
    await index.deleteDocument("lease");

    const deletes = sentTo(`/collections/${COLLECTION}/points/delete`);
    expect(deletes[0]?.query.wait).toBe("true");
    expect(deletes[0]?.body).toEqual({ filter: { must: [{ key: "documentId", match: { value: "lease" } }] } });
    expect(
      [...(qdrant.collections.get(COLLECTION)?.points.values() ?? [])].map((point) => point.payload.documentId),
    ).toEqual(["manual", "manual"]);
    expect(qdrant.collections.get("rag_chunks__other-model__3")?.points.size).toBe(0);
    await index.deleteDocument("never-indexed");
  });

  it("removes what it wrote when an upsert fails half-way, then reports the failure", async () => {
    const many = Array.from({ length: 30 }, (_, position) => chunk("half", position, `paragraph ${position}`));
    qdrant.failUpsertsFrom(3);
    const error = await make({ maxBatchPoints: 10 })
      .upsert(many)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VectorStoreUnavailableError);
    expect((error as Error).message).toMatch(/^Qdrant at http:\/\/127\.0\.0\.1:\d+ failed \(HTTP 500\)/);
    expect(sentTo(`/collections/${COLLECTION}/points`, "PUT")).toHaveLength(3);
    const cleanup = sentTo(`/collections/${COLLECTION}/points/delete`);
    expect((cleanup[0]?.body as { points: string[] } | undefined)?.points).toHaveLength(30);
    expect(qdrant.collections.get(COLLECTION)?.points.size).toBe(0);
  });

  it("reports a rejected API key plainly", async () => {
    await qdrant.close();
    qdrant = await startFakeQdrant({ apiKey: "right" });
    const error = await make({ apiKey: "wrong" })
      .upsert(lease)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VectorStoreUnavailableError);
    expect((error as Error).message).toBe(`Qdrant at ${qdrant.url} rejected the API key (HTTP 401).`);
    await make({ apiKey: "right" }).upsert(lease);
    expect(qdrant.collections.get(COLLECTION)?.points.size).toBe(3);
  });

  it("reports a server outage as VectorStoreUnavailableError and health as degraded", async () => {
    qdrant.setOutage(503);
    const error = await index.upsert(lease).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VectorStoreUnavailableError);
    expect((error as Error).message).toContain("HTTP 503");
    expect(await index.health()).toMatchObject({ status: "degraded" });
    qdrant.setOutage(undefined);
    expect(await index.health()).toEqual({
      status: "ok",
      detail: "no collection for fake-embed yet; created at the first upload",
    });
    await index.upsert(lease);
    expect(await index.health()).toEqual({ status: "ok", detail: `collection ${COLLECTION}` });
  });

  it("honours the caller's abort signal", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(index.upsert(lease, controller.signal)).rejects.toMatchObject({ name: "AbortError" });
    expect(qdrant.requests).toHaveLength(0);
  });

  it("refuses chunks without dense vectors and searches without a query vector", async () => {
    await expect(index.upsert([{ chunkId: "a", documentId: "d", text: "t" }])).rejects.toBeInstanceOf(
      VectorStoreUnavailableError,
    );
    await expect(index.search({ text: "rent", topK: 3 })).rejects.toBeInstanceOf(VectorStoreUnavailableError);
  });
});

describe("QdrantVectorIndex configuration and reachability", () => {
  it("refuses to be built without an embedder", () => {
    expect(() => createQdrantVectorIndex({ url: "http://127.0.0.1:6333" }, undefined)).toThrow(/needs an embedder/);
    expect(() => new QdrantVectorIndex({ url: "http://127.0.0.1:6333", embeddingModel: "" })).toThrow(
      VectorStoreUnavailableError,
    );
    expect(createQdrantVectorIndex({ url: "http://127.0.0.1:6333" }, { model: "m" }).name).toBe("qdrant");
  });

  it("fails fast with a plain message when Qdrant is not reachable", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const index = new QdrantVectorIndex({ url, embeddingModel: "fake-embed" });
    const started = performance.now();
    const error = await index.upsert(lease).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VectorStoreUnavailableError);
    expect((error as Error).message).toBe(`Qdrant at ${url} is not reachable.`);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await index.health()).toEqual({ status: "degraded", detail: `Qdrant at ${url} is not reachable.` });
  });

  it("times out with UpstreamTimeoutError when Qdrant does not answer", async () => {
    const { createServer } = await import("node:http");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const error = await new QdrantVectorIndex({ url, embeddingModel: "fake-embed", timeoutMs: 200 })
        .upsert(lease)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UpstreamTimeoutError);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("Qdrant OpenAPI contract check", () => {
  it.skipIf(!qdrantSpecAvailable)(
    `catches a body that breaks the schema (skipped when ${QDRANT_OPENAPI_PATH} is absent)`,
    () => {
      const validate = validator as QdrantBodyValidator;
      expect(validate("QueryRequest", { query: { fusion: "rrf" } })).toEqual([]);
      expect(validate("QueryRequest", { query: { fusion: "sum" } }).length).toBeGreaterThan(0);
      expect(
        validate("PointInsertOperations", { points: [{ id: "chunk-1", vector: { dense: [1] } }] }).length,
      ).toBeGreaterThan(0);
      const tooLarge = { points: [{ id: 1, vector: { bm25: { indices: [2 ** 32], values: [1] } } }] };
      expect(validate("PointInsertOperations", tooLarge).length).toBeGreaterThan(0);
    },
  );
});
