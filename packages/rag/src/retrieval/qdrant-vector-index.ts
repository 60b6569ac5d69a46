import { createRequire } from "node:module";
import { type ComponentHealth, UpstreamTimeoutError, VectorStoreUnavailableError } from "@audited-rag/core";
import type { QdrantClient, Schemas } from "@qdrant/js-client-rest";
import { z } from "zod";
import { describeQdrantFailure, isAlreadyExists, qdrantStatus } from "./qdrant-failure";
import { DENSE_VECTOR, hybridSearches, readHybridResults, SPARSE_VECTOR } from "./qdrant-hybrid-query";
import {
  DEFAULT_COLLECTION_PREFIX,
  modelCollectionPrefix,
  qdrantCollectionName,
  qdrantPointId,
  sizeBoundedBatches,
} from "./qdrant-identifiers";
import { BM25_DEFAULTS, type Bm25Settings, documentSparseVector } from "./sparse-vector";
import { type IndexedChunk, keywordText, type SearchHit, type SearchQuery, type VectorIndex } from "./vector-index";

/** Settings of {@link QdrantVectorIndex}; the server fills them from its config. */
export interface QdrantVectorIndexSettings {
  /** e.g. `http://127.0.0.1:6333` (QDRANT_URL). */
  url: string;
  /** Sent as the `api-key` header (QDRANT_API_KEY). */
  apiKey?: string;
  /** Name of the embedding model whose vectors are stored; required, it names the collection. */
  embeddingModel: string;
  /** Used when the collection is created (QDRANT_SHARDS); default 1. */
  shards?: number;
  /** QDRANT_REPLICATION_FACTOR; default 1. */
  replicationFactor?: number;
  /** QDRANT_WRITE_CONSISTENCY; default 1. */
  writeConsistencyFactor?: number;
  /** Collection names start with this; default `rag_chunks`. */
  collectionPrefix?: string;
  /** Limit for one request in milliseconds; default 30 000. */
  timeoutMs?: number;
  /** Upper bound of one upsert body; default 4 MiB (Qdrant's limit is larger, proxies' often 5 MB). */
  maxBatchBytes?: number;
  /** Points per upsert request; default 256. */
  maxBatchPoints?: number;
  bm25?: Partial<Bm25Settings>;
}

const DEFAULTS = { timeoutMs: 30_000, maxBatchBytes: 4 * 1024 * 1024, maxBatchPoints: 256, minPrefetch: 20 } as const;

const collectionsSchema = z.object({ result: z.object({ collections: z.array(z.object({ name: z.string() })) }) });

type Api = ReturnType<QdrantClient["api"]>;

/** The client's original error behind one of our typed errors. */
const causeOf = (error: unknown): unknown => (error instanceof Error ? error.cause : undefined);

/**
 * Scale-out index in Qdrant: per chunk a named dense vector (cosine) and a named sparse
 * BM25 vector (`idf` modifier), fused with Qdrant's RRF in one Query API call. SQLite
 * keeps the chunk text; points only carry `documentId` and `chunkId`.
 */
export class QdrantVectorIndex implements VectorIndex {
  readonly name = "qdrant";
  private readonly api: Api;
  private readonly origin: string;
  private readonly model: string;
  private readonly prefix: string;
  private readonly bm25: Bm25Settings;
  private readonly ready = new Map<string, Promise<void>>();
  private collectionInUse: string | undefined;

  constructor(private readonly settings: QdrantVectorIndexSettings) {
    if (!settings.embeddingModel?.trim()) {
      throw new VectorStoreUnavailableError(
        "The Qdrant vector store stores dense vectors and needs an embedder: configure an Ollama embedding model or use the embedded index.",
      );
    }
    this.model = settings.embeddingModel;
    this.prefix = settings.collectionPrefix ?? DEFAULT_COLLECTION_PREFIX;
    this.bm25 = { ...BM25_DEFAULTS, ...settings.bm25 };
    const url = new URL(settings.url);
    // The client ignores a path in `url` (Qdrant behind a proxy path) unless given as `prefix`.
    const path = url.pathname.replace(/\/+$/, "");
    this.origin = `${url.origin}${path}`;
    // Loaded on first use: the client is large and an embedded install never needs it, so `npm start` skips it.
    const { QdrantClient: Client } = createRequire(import.meta.url)("@qdrant/js-client-rest") as {
      QdrantClient: typeof QdrantClient;
    };
    // Infinity turns off the client's own timeout, which would replace our abort signal.
    const client = new Client({
      url: url.origin,
      ...(path ? { prefix: path } : {}),
      apiKey: settings.apiKey,
      timeout: Number.POSITIVE_INFINITY,
      checkCompatibility: false,
    });
    this.api = client.api();
  }

  async upsert(chunks: IndexedChunk[], signal?: AbortSignal): Promise<void> {
    if (chunks.length === 0) return;
    const dimension = this.dimensionOf(chunks.map((chunk) => chunk.embedding));
    const collection = await this.collection(dimension, signal);
    const points: Schemas["PointStruct"][] = chunks.map((chunk) => ({
      id: qdrantPointId(chunk.chunkId),
      vector: {
        [DENSE_VECTOR]: chunk.embedding as number[],
        [SPARSE_VECTOR]: documentSparseVector(keywordText(chunk), this.bm25),
      },
      payload: { documentId: chunk.documentId, chunkId: chunk.chunkId },
    }));
    const batches = sizeBoundedBatches(
      points,
      this.settings.maxBatchBytes ?? DEFAULTS.maxBatchBytes,
      this.settings.maxBatchPoints ?? DEFAULTS.maxBatchPoints,
    );
    const attempted: Array<string | number> = [];
    for (const batch of batches) {
      attempted.push(...batch.map((point) => point.id));
      try {
        await this.call(signal, (init) =>
          this.api.upsertPoints({ collection_name: collection, wait: true, points: batch }, init),
        );
      } catch (error) {
        // A batch that failed may still have been applied in part; a hanging server is left alone.
        if (!(error instanceof UpstreamTimeoutError)) await this.removeQuietly(collection, attempted);
        throw error;
      }
    }
  }

  async deleteDocument(documentId: string, signal?: AbortSignal): Promise<void> {
    // Every model's collection: a document deleted after a model switch must vanish everywhere.
    for (const collection of await this.ownCollections(signal)) {
      await this.call(signal, (init) =>
        this.api.deletePoints(
          {
            collection_name: collection,
            wait: true,
            filter: { must: [{ key: "documentId", match: { value: documentId } }] },
          },
          init,
        ),
      );
    }
  }

  async search(query: SearchQuery, signal?: AbortSignal): Promise<SearchHit[]> {
    const { embedding } = query;
    if (!embedding) throw new VectorStoreUnavailableError("The Qdrant vector store needs a query embedding to search.");
    if (query.topK <= 0 || query.documentIds?.length === 0) return [];
    const collection = await this.collection(this.dimensionOf([embedding]), signal);
    const searches = hybridSearches({ ...query, embedding, prefetchLimit: DEFAULTS.minPrefetch });
    const response = await this.call(signal, (init) =>
      this.api.queryBatchPoints({ collection_name: collection, searches }, init),
    );
    const hits = readHybridResults(response.data, searches.length);
    if (!hits)
      throw new VectorStoreUnavailableError(`Qdrant at ${this.origin} sent search results that could not be read.`);
    return hits;
  }

  async health(signal?: AbortSignal): Promise<ComponentHealth> {
    try {
      const names = await this.ownCollections(signal);
      const own = modelCollectionPrefix(this.prefix, this.model);
      const current = this.collectionInUse ?? names.find((name) => name.startsWith(own));
      return {
        status: "ok",
        detail: current ? `collection ${current}` : `no collection for ${this.model} yet; created at the first upload`,
      };
    } catch (error) {
      return { status: "degraded", detail: error instanceof Error ? error.message : "Qdrant health check failed." };
    }
  }

  async close(): Promise<void> {
    // The REST client keeps no state that needs closing; idle keep-alive sockets time out.
  }

  /** Runs one request with the caller's signal and the timeout, mapping failures to typed errors. */
  private async call<T>(signal: AbortSignal | undefined, request: (init: RequestInit) => Promise<T>): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    const timeoutMs = this.settings.timeoutMs ?? DEFAULTS.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await request({ signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new UpstreamTimeoutError(`Qdrant at ${this.origin} did not answer within ${timeoutMs} ms.`, {
          cause: error,
        });
      }
      throw describeQdrantFailure(error, this.origin);
    }
  }

  /** Best effort after a failed batch: the written points go, the original failure is what the caller sees. */
  private async removeQuietly(collection: string, ids: Array<string | number>): Promise<void> {
    try {
      await this.call(undefined, (init) =>
        this.api.deletePoints({ collection_name: collection, wait: true, points: ids }, init),
      );
    } catch {
      // Qdrant is likely down; the failed document's stale points are removed when it is deleted.
    }
  }

  private dimensionOf(vectors: Array<number[] | undefined>): number {
    const dimension = vectors[0]?.length ?? 0;
    if (dimension === 0 || vectors.some((vector) => vector?.length !== dimension)) {
      throw new VectorStoreUnavailableError(
        "The Qdrant vector store needs one dense vector of the same size per chunk; some were missing or differed.",
      );
    }
    return dimension;
  }

  /** Names of the collections this index owns (its prefix), for any model. */
  private async ownCollections(signal: AbortSignal | undefined): Promise<string[]> {
    const response = await this.call(signal, (init) => this.api.getCollections({}, init));
    const parsed = collectionsSchema.safeParse(response.data);
    if (!parsed.success)
      throw new VectorStoreUnavailableError(`Qdrant at ${this.origin} sent an unreadable collection list.`);
    return parsed.data.result.collections
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${this.prefix}__`));
  }

  /** The collection for this model and size, created once on first use. */
  private async collection(dimension: number, signal: AbortSignal | undefined): Promise<string> {
    const name = qdrantCollectionName(this.prefix, this.model, dimension);
    let ready = this.ready.get(name);
    if (!ready) {
      ready = this.createIfMissing(name, dimension, signal);
      this.ready.set(name, ready);
      ready.catch(() => this.ready.delete(name));
    }
    await ready;
    this.collectionInUse = name;
    return name;
  }

  private async createIfMissing(name: string, dimension: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.call(signal, (init) => this.api.getCollection({ collection_name: name }, init));
    } catch (error) {
      if (qdrantStatus(causeOf(error))?.status !== 404) throw error;
      try {
        await this.call(signal, (init) =>
          this.api.createCollection(
            {
              collection_name: name,
              vectors: { [DENSE_VECTOR]: { size: dimension, distance: "Cosine" } },
              sparse_vectors: { [SPARSE_VECTOR]: { modifier: "idf" } },
              shard_number: this.settings.shards ?? 1,
              replication_factor: this.settings.replicationFactor ?? 1,
              write_consistency_factor: this.settings.writeConsistencyFactor ?? 1,
            },
            init,
          ),
        );
      } catch (createError) {
        // Another process created it between our check and our request.
        if (!isAlreadyExists(causeOf(createError))) throw createError;
      }
    }
    // Idempotent in Qdrant; repeated so a collection whose creation was interrupted still gets it.
    await this.call(signal, (init) =>
      this.api.createFieldIndex(
        { collection_name: name, wait: true, field_name: "documentId", field_schema: "keyword" },
        init,
      ),
    );
  }
}

/** Builds the Qdrant index; refuses without an embedder, since Qdrant mode stores dense vectors. */
export function createQdrantVectorIndex(
  settings: Omit<QdrantVectorIndexSettings, "embeddingModel">,
  embedder: { model: string } | undefined,
): QdrantVectorIndex {
  return new QdrantVectorIndex({ ...settings, embeddingModel: embedder?.model ?? "" });
}
