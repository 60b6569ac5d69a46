import type { ComponentHealth } from "@audited-rag/core";

/** A chunk as an index stores it. */
export interface IndexedChunk {
  chunkId: string;
  documentId: string;
  text: string;
  /**
   * Words indexed beside the text for keyword search but not part of it: the headings, table
   * headers and list lead-ins in force (see `indexContext`).
   */
  context?: string;
  /** Dense vector, present when an embedder is configured. */
  embedding?: number[];
}

/** The text keyword search indexes for a chunk: its own text, then its context. */
export function keywordText(chunk: Pick<IndexedChunk, "text" | "context">): string {
  return chunk.context ? `${chunk.text}\n${chunk.context}` : chunk.text;
}

export interface SearchQuery {
  text: string;
  /** Dense query vector, present when an embedder is configured. */
  embedding?: number[];
  topK: number;
  /** Restrict hits to these documents; absent means all. */
  documentIds?: string[];
}

/** One retrieved chunk with its fused score and the per-retriever ranks (1-based). */
export interface SearchHit {
  chunkId: string;
  score: number;
  ranks: { bm25?: number; dense?: number };
}

/**
 * Where chunks are indexed for retrieval. SQLite stays the source of truth for chunk
 * text; an index only answers which chunk ids match.
 */
export interface VectorIndex {
  /** Short name shown in config and health, e.g. `embedded` or `qdrant`. */
  readonly name: string;
  /** Adds or replaces the chunks of one document. Rejects without leaving partial rows where it can. */
  upsert(chunks: IndexedChunk[], signal?: AbortSignal): Promise<void>;
  /** Removes every chunk of the document; succeeds when there is none. */
  deleteDocument(documentId: string, signal?: AbortSignal): Promise<void>;
  /** The best `topK` chunks for the query, best first. */
  search(query: SearchQuery, signal?: AbortSignal): Promise<SearchHit[]>;
  /** Whether the index can be reached. */
  health(signal?: AbortSignal): Promise<ComponentHealth>;
  /** Releases connections. */
  close(): Promise<void>;
}
