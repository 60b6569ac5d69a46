import type { ComponentHealth } from "@audited-rag/core";

/** Turns texts into dense vectors. */
export interface Embedder {
  /** Model name, recorded with the index so vectors of different models never mix. */
  readonly model: string;
  /** One vector per text, in order. Batches internally; rejects rather than truncating a text. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  /** Whether the model is reachable and pulled. */
  health(signal?: AbortSignal): Promise<ComponentHealth>;
}
