import { indexContext, type ReindexProgress, reindexAll, SqliteVectorIndex } from "@audited-rag/rag";
import type { AppConfig } from "./config";
import { createServices } from "./plugins/services";

/**
 * Rebuilds the configured vector index (Qdrant, or the embedded one) from SQLite, the source
 * of truth. Used after switching embedding models or stores.
 */
export async function reindexStore(
  config: AppConfig,
  onProgress?: (progress: ReindexProgress) => void,
): Promise<ReindexProgress & { index: string }> {
  const services = createServices(config);
  try {
    const documents = services.store.listDocuments().filter((document) => document.status === "ready");
    // Vectors of another model would be refused; the rebuild starts the vector table afresh.
    if (services.index instanceof SqliteVectorIndex) services.index.resetVectors();
    const result = await reindexAll({
      // One document's chunks at a time, so a large store is never loaded whole.
      chunks: (function* () {
        for (const document of documents) {
          yield services.store.listChunks(document.id).map((chunk) => {
            const context = indexContext(chunk.structure);
            return { chunkId: chunk.id, documentId: chunk.documentId, text: chunk.text, ...(context && { context }) };
          });
        }
      })(),
      embedder: services.embedder,
      index: services.index,
      onProgress,
    });
    return { ...result, index: services.index.name };
  } finally {
    await services.close();
  }
}
