import type { Embedder } from "../embedding/embedder";
import type { IndexedChunk, VectorIndex } from "./vector-index";

/** A chunk as the store hands it to a rebuild. */
export interface ReindexChunk {
  chunkId: string;
  documentId: string;
  text: string;
  /** Indexed beside the text for keyword search (headings, table headers); see `IndexedChunk.context`. */
  context?: string;
}

export interface ReindexProgress {
  /** Chunks written to the index so far. */
  chunks: number;
  /** Distinct documents seen so far. */
  documents: number;
}

export interface ReindexOptions {
  /** Chunks in batches of any size, e.g. pages of a SQLite query, in document order. */
  chunks: AsyncIterable<ReindexChunk[]> | Iterable<ReindexChunk[]>;
  /** Computes dense vectors; absent for an index that needs none (embedded BM25 only). */
  embedder?: Embedder;
  index: VectorIndex;
  /** Chunks per embed + upsert round; default 64. */
  batchSize?: number;
  onProgress?: (progress: ReindexProgress) => void;
  signal?: AbortSignal;
}

/**
 * Rebuilds an index from the store's chunks. Each document's old entries are removed just
 * before its first chunks are written, so chunks that no longer exist do not linger.
 * Store-agnostic: the caller passes the chunks.
 */
export async function reindexAll(options: ReindexOptions): Promise<ReindexProgress> {
  const { embedder, index, signal, onProgress } = options;
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const cleared = new Set<string>();
  const progress: ReindexProgress = { chunks: 0, documents: 0 };
  let pending: ReindexChunk[] = [];

  const flush = async (batch: ReindexChunk[]) => {
    for (const chunk of batch) {
      if (cleared.has(chunk.documentId)) continue;
      cleared.add(chunk.documentId);
      await index.deleteDocument(chunk.documentId, signal);
    }
    const vectors = embedder
      ? await embedder.embed(
          batch.map((chunk) => chunk.text),
          signal,
        )
      : undefined;
    const indexed: IndexedChunk[] = batch.map((chunk, position) => ({
      chunkId: chunk.chunkId,
      documentId: chunk.documentId,
      text: chunk.text,
      ...(chunk.context && { context: chunk.context }),
      ...(vectors ? { embedding: vectors[position] } : {}),
    }));
    await index.upsert(indexed, signal);
    progress.chunks += batch.length;
    progress.documents = cleared.size;
    onProgress?.({ ...progress });
  };

  for await (const page of options.chunks) {
    signal?.throwIfAborted();
    pending.push(...page);
    while (pending.length >= batchSize) {
      await flush(pending.slice(0, batchSize));
      pending = pending.slice(batchSize);
    }
  }
  if (pending.length > 0) await flush(pending);
  return progress;
}
