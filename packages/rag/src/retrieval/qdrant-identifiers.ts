import { createHash } from "node:crypto";

export const DEFAULT_COLLECTION_PREFIX = "rag_chunks";

/**
 * One collection per embedding model and vector size, so switching models never mixes
 * vectors: e.g. `rag_chunks__nomic-embed-text__768`. A name that had to be cleaned up
 * gets a short hash of the original so two models cannot end up in one collection.
 */
export function qdrantCollectionName(prefix: string, model: string, dimension: number): string {
  return `${modelCollectionPrefix(prefix, model)}${dimension}`;
}

/** The part of every collection name of `model` before its vector size. */
export function modelCollectionPrefix(prefix: string, model: string): string {
  const untagged = model
    .trim()
    .toLowerCase()
    .replace(/:latest$/, "");
  const cleaned = untagged
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
  const suffix = cleaned === untagged ? "" : `-${createHash("sha256").update(untagged).digest("hex").slice(0, 8)}`;
  return `${prefix}__${cleaned}${suffix}__`;
}

/**
 * Qdrant point ids must be unsigned integers or UUIDs; chunk ids are neither, so the id is
 * a UUID (version 8, name-based) built from the chunk id's sha256, stable across runs.
 */
export function qdrantPointId(chunkId: string): string {
  const bytes = createHash("sha256").update(chunkId).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Splits items into batches under `maxBytes` of JSON and at most `maxItems` each, keeping order. */
export function sizeBoundedBatches<T>(items: T[], maxBytes: number, maxItems: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let currentBytes = 0;
  for (const item of items) {
    const bytes = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (current.length > 0 && (currentBytes + bytes > maxBytes || current.length >= maxItems)) {
      batches.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(item);
    currentBytes += bytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
