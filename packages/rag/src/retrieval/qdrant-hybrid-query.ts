import type { Schemas } from "@qdrant/js-client-rest";
import { z } from "zod";
import { querySparseVector } from "./sparse-vector";
import type { SearchHit } from "./vector-index";

/** Names of the two vectors every point carries. */
export const DENSE_VECTOR = "dense";
export const SPARSE_VECTOR = "bm25";

export interface HybridQueryInput {
  text: string;
  embedding: number[];
  topK: number;
  documentIds?: string[];
  /** Candidates each retriever contributes to the fusion, at least `topK * 2`. */
  prefetchLimit: number;
}

/**
 * The searches of one `/points/query/batch` request: the RRF fusion of a dense and a
 * sparse prefetch, then each retriever alone so the hits can carry per-retriever ranks.
 * The document filter sits in every prefetch, where candidates are chosen. A question of
 * only stopwords has no sparse part.
 */
export function hybridSearches(input: HybridQueryInput): Schemas["QueryRequest"][] {
  const filter: Schemas["Filter"] | undefined = input.documentIds
    ? { must: [{ key: "documentId", match: { any: input.documentIds } }] }
    : undefined;
  const limit = Math.max(input.prefetchLimit, input.topK * 2);
  const sparse = querySparseVector(input.text);
  const dense: Schemas["Prefetch"] = { query: input.embedding, using: DENSE_VECTOR, filter, limit };
  const lexical: Schemas["Prefetch"] | undefined =
    sparse.indices.length > 0 ? { query: sparse, using: SPARSE_VECTOR, filter, limit } : undefined;
  const withPayload = { with_payload: ["chunkId"] };
  return [
    { prefetch: lexical ? [dense, lexical] : [dense], query: { fusion: "rrf" }, limit: input.topK, ...withPayload },
    { ...dense, ...withPayload },
    ...(lexical ? [{ ...lexical, ...withPayload }] : []),
  ];
}

const batchResponseSchema = z.object({
  result: z.array(
    z.object({
      points: z.array(z.object({ score: z.number(), payload: z.object({ chunkId: z.string() }).nullish() })),
    }),
  ),
});

/**
 * Hits of the fused list with the 1-based rank each retriever gave them (absent when a
 * retriever did not return the chunk). Undefined when the response is not what was asked.
 */
export function readHybridResults(data: unknown, searchCount: number): SearchHit[] | undefined {
  const parsed = batchResponseSchema.safeParse(data);
  if (!parsed.success || parsed.data.result.length !== searchCount) return undefined;
  const [fused, dense, sparse] = parsed.data.result.map((list) =>
    list.points.flatMap((point) => (point.payload ? [{ chunkId: point.payload.chunkId, score: point.score }] : [])),
  );
  const rankIn = (list: Array<{ chunkId: string }> | undefined, chunkId: string) => {
    const position = list?.findIndex((hit) => hit.chunkId === chunkId) ?? -1;
    return position === -1 ? undefined : position + 1;
  };
  return (fused ?? []).map(({ chunkId, score }) => {
    const ranks: SearchHit["ranks"] = {};
    const bm25 = rankIn(sparse, chunkId);
    const denseRank = rankIn(dense, chunkId);
    if (bm25 !== undefined) ranks.bm25 = bm25;
    if (denseRank !== undefined) ranks.dense = denseRank;
    return { chunkId, score, ranks };
  });
}
