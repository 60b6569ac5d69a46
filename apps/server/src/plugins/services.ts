import { rm } from "node:fs/promises";
import path from "node:path";
import type { AnswerAuditor, ComponentHealth } from "@audited-rag/core";
import { createJevAuditor } from "@audited-rag/jev";
import {
  type AnswerArchive,
  DocumentIngestor,
  type Drafter,
  type Embedder,
  ExtractiveDrafter,
  MetadataStore,
  OllamaDrafter,
  OllamaEmbedder,
  QdrantVectorIndex,
  RAGService,
  SqliteVectorIndex,
  type VectorIndex,
} from "@audited-rag/rag";
import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { AppConfig } from "../config";
import type { DocumentIntake, IngestionRole } from "../ingestion/document-intake";

export type HealthCheck = (signal: AbortSignal) => Promise<ComponentHealth>;

/** Everything the routes use, built once from the config. */
export interface Services {
  store: MetadataStore;
  index: VectorIndex;
  embedder: Embedder | undefined;
  ingestor: DocumentIngestor;
  /** Where uploads and deletes go: the local ingestor, or the relay to the process that owns ingestion. */
  intake: DocumentIntake;
  rag: RAGService;
  healthChecks(): Record<string, HealthCheck>;
  /** Waits for running ingests, then releases connections, the worker and the database. */
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

/** The one place where ports meet their adapters. */
export function createServices(
  config: AppConfig,
  role: IngestionRole = { kind: "single" },
  answers?: AnswerArchive,
): Services {
  const store = MetadataStore.open(config.dataDir);
  try {
    const embedder: Embedder | undefined =
      config.embedder === "ollama"
        ? new OllamaEmbedder({
            host: config.ollama.host,
            model: config.ollama.embedModel,
            keepAlive: config.ollama.keepAlive,
            timeoutMs: config.ollama.embedTimeoutMs,
          })
        : undefined;
    const index: VectorIndex =
      config.vectorStore === "qdrant" && embedder
        ? new QdrantVectorIndex({
            url: config.qdrant.url,
            apiKey: config.qdrant.apiKey,
            embeddingModel: embedder.model,
            shards: config.qdrant.shards,
            replicationFactor: config.qdrant.replicationFactor,
            writeConsistencyFactor: config.qdrant.writeConsistencyFactor,
          })
        : new SqliteVectorIndex(store.database, { embeddingModel: embedder?.model });
    const drafter: Drafter =
      config.generator === "ollama"
        ? new OllamaDrafter({
            host: config.ollama.host,
            model: config.ollama.chatModel,
            numCtx: config.ollama.chatNumCtx,
            timeoutMs: config.ollama.chatTimeoutMs,
            keepAlive: config.ollama.keepAlive,
          })
        : new ExtractiveDrafter();
    const auditor: AnswerAuditor | undefined =
      config.jev.mode === "off"
        ? undefined
        : createJevAuditor({
            baseUrl: config.jev.baseUrl,
            apiKey: config.jev.apiKey,
            model: config.jev.model,
            threshold: config.jev.threshold,
            budgetMs: config.jev.budgetMs,
          });
    const ingestor = new DocumentIngestor({ store, index, embedder, extractTimeoutMs: config.extractTimeoutMs });
    const rag = new RAGService({
      chunks: store,
      answers: answers ?? store,
      index,
      embedder,
      drafter,
      auditor,
      topK: config.topK,
      jev: {
        mode: config.jev.mode,
        model: config.jev.model,
        threshold: config.jev.threshold,
        budgetMs: config.jev.budgetMs,
      },
    });
    const disabled = async (): Promise<ComponentHealth> => ({ status: "disabled" });
    return {
      store,
      index,
      embedder,
      ingestor,
      intake: role.kind === "relay" ? role.intake : ingestor,
      rag,
      healthChecks: () => ({
        store: async () => store.health(),
        vectorStore: (signal) => index.health(signal),
        embedder: embedder ? (signal) => embedder.health(signal) : disabled,
        generator: (signal) => drafter.health(signal),
        auditor: auditor ? (signal) => auditor.health(signal) : disabled,
      }),
      close: async () => {
        await ingestor.close();
        await auditor?.close();
        await index.close();
        store.close();
      },
    };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** Decorates the instance with the services, recovers interrupted ingests, and closes everything on shutdown. */
const services: FastifyPluginAsync<{ config: AppConfig; ingestion?: IngestionRole; answers?: AnswerArchive }> = async (
  app,
  { config, ingestion = { kind: "single" }, answers },
) => {
  const built = createServices(config, ingestion, answers);
  app.decorate("services", built);
  // Registered before recovery so a failed boot still releases the database and the worker.
  app.addHook("onClose", () => built.close());
  if (ingestion.kind === "relay") return;
  // Uploads cut off by a crash or restart are never resumed.
  if (ingestion.kind === "single") await clearUploadsInFlight(config.dataDir);
  const interrupted = await built.ingestor.recoverInterrupted();
  if (interrupted.length > 0) app.log.warn({ documents: interrupted }, "marked interrupted ingests as failed");
};

/** Removes `tmp/`: uploads cut off by a crash or restart are never resumed. */
export async function clearUploadsInFlight(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, "tmp"), { recursive: true, force: true });
}

export const servicesPlugin = fastifyPlugin(services, { name: "services" });
