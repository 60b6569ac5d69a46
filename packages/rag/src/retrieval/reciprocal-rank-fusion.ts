/** The constant of reciprocal rank fusion; 60 is the value from Cormack et al. (2009). */
export const defaultFusionK = 60;

/** One retriever's ranking, best first. */
export interface RankedList {
  retriever: "bm25" | "dense";
  chunkIds: string[];
}

export interface FusedHit {
  chunkId: string;
  /** Sum over retrievers of 1 / (k + rank). */
  score: number;
  ranks: { bm25?: number; dense?: number };
}

/**
 * Fuses rankings by reciprocal rank: each list adds 1 / (k + rank) for the chunks it holds
 * (ranks are 1-based; a chunk repeated in a list counts at its first rank). Pure. Ties go to
 * the chunk with the better best rank, then to the earlier-listed retriever's order.
 */
export function reciprocalRankFusion(lists: RankedList[], k: number = defaultFusionK): FusedHit[] {
  const hits = new Map<string, FusedHit & { bestRank: number; order: number }>();
  for (const list of lists) {
    for (const [index, chunkId] of list.chunkIds.entries()) {
      const rank = index + 1;
      let hit = hits.get(chunkId);
      if (!hit) {
        hit = { chunkId, score: 0, ranks: {}, bestRank: rank, order: hits.size };
        hits.set(chunkId, hit);
      }
      if (hit.ranks[list.retriever] !== undefined) continue;
      hit.ranks[list.retriever] = rank;
      hit.score += 1 / (k + rank);
      hit.bestRank = Math.min(hit.bestRank, rank);
    }
  }
  return [...hits.values()]
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || a.order - b.order)
    .map(({ chunkId, score, ranks }) => ({ chunkId, score, ranks }));
}
