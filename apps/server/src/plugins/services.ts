import { rm } from "node:fs/promises";
import path from "node:path";
import type { AnswerAuditor, ComponentHealth } from "@audited-rag/core";
import { createJevAuditor, createOllamaAuditor } from "@audited-rag/jev";
import {
  AccountStore,
  answerEngineSettings,
  DocumentIngestor,
  type DocumentIngestorOptions,
  type Drafter,
  defaultRetrievalTailSettings,
  type Embedder,
  ExtractiveDrafter,
  isDictionaryWord,
  MetadataStore,
  OcrReader,
  OllamaDrafter,
  OllamaEmbedder,
  QdrantVectorIndex,
  RAGService,
  SqliteVectorIndex,
  type VectorIndex,
} from "@audited-rag/rag";
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { RetryingAnswerArchive } from "../cluster/retrying-answer-archive";
import type { AppConfig } from "../config";
import type { DocumentIntake, IngestionRole } from "../ingestion/document-intake";
import { freeBytes } from "../upload/free-space";

const pruneIntervalMs = 60 * 60 * 1000;

type HealthCheck = (signal: AbortSignal) => Promise<ComponentHealth>;

/** Everything the routes use, built once from the config. */
export interface Services {
  store: MetadataStore;
  /** Users, sessions and API tokens, in the same SQLite file. */
  accounts: AccountStore;
  index: VectorIndex;
  embedder: Embedder | undefined;
  /** Uploads and deletes: the ingestor itself, or in a relay worker the way to the process that owns it. */
  intake: DocumentIntake;
  /** This process's ingestor; none in a relay worker. */
  ingestor: DocumentIngestor | undefined;
  rag: RAGService;
  healthChecks(): Record<string, HealthCheck>;
  /** Prunes stored answers past the retention limits; returns how many went. */
  pruneAnswers(): number;
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
  log?: FastifyBaseLogger,
  ingestion: IngestionRole = { kind: "single" },
): Services {
  const store = MetadataStore.open(config.dataDir, {
    answerRetention: config.answerRetention,
    // In a cluster the primary checkpoints the log, so a worker's commit never stops its requests for it.
    checkpoints: ingestion.kind === "single" ? "automatic" : "elsewhere",
  });
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
        : new SqliteVectorIndex(store.database, {
            embeddingModel: embedder?.model,
            tail: {
              ...defaultRetrievalTailSettings,
              postingBudget: config.retrievalPostingBudget,
              documentsSearched: config.retrievalDocuments,
            },
            isWord: isDictionaryWord,
          });
    const drafter: Drafter =
      config.generator === "ollama"
        ? new OllamaDrafter({
            host: config.ollama.host,
            model: config.ollama.chatModel,
            numCtx: config.ollama.chatNumCtx,
            timeoutMs: config.ollama.chatTimeoutMs,
            keepAlive: config.ollama.keepAlive,
          })
        : new ExtractiveDrafter({
            settings: {
              ...answerEngineSettings,
              abstainBelow: config.answerThreshold ?? answerEngineSettings.abstainBelow,
              cacheEntries: config.answerCachePassages,
            },
          });
    const auditor: AnswerAuditor | undefined =
      config.jev.mode === "off"
        ? undefined
        : config.jev.auditor === "ollama"
          ? createOllamaAuditor({
              host: config.ollama.host,
              model: config.jev.model,
              threshold: config.jev.threshold,
              budgetMs: config.jev.budgetMs,
              numCtx: config.ollama.chatNumCtx,
              keepAlive: config.ollama.keepAlive,
            })
          : createJevAuditor({
              baseUrl: config.jev.baseUrl,
              apiKey: config.jev.apiKey,
              model: config.jev.model,
              threshold: config.jev.threshold,
              budgetMs: config.jev.budgetMs,
              maxReplyBytes: config.jev.maxReplyBytes,
            });
    const ingestOptions: DocumentIngestorOptions = {
      store,
      index,
      embedder,
      extractTimeoutMs: config.extractTimeoutMs,
      extractPageTimeoutMs: config.extractPageTimeoutMs,
      extractMaxTimeoutMs: config.extractMaxTimeoutMs,
      extractWorkers: config.ingest.workers,
      extractMaxMemoryMb: config.ingest.workerMemoryMb,
      ...(config.ocr.mode !== "off" && {
        ocr: {
          mode: config.ocr.mode,
          reader: new OcrReader(config.ocr.languages),
          pageBudgetMs: config.ocr.pageTimeoutMs,
        },
      }),
      maxDecodedBytes: config.ingest.maxDecodedBytes,
      maxChunksPerPage: config.ingest.maxChunksPerPage,
      maxChunksPerDocument: config.ingest.maxChunksPerDocument,
      // The extractive engine reads candidates once here, so asks only score them.
      // A failure there is logged and ends the reading ahead; the document stays ready.
      onChunksReady: (chunks) => {
        try {
          drafter.prepare?.(chunks);
        } catch (error) {
          log?.warn({ err: error }, "reading passages ahead failed; asks will read them themselves");
          throw error;
        }
      },
    };
    let ingestor: DocumentIngestor | undefined;
    let intake: DocumentIntake;
    if (ingestion.kind === "relay") intake = ingestion.intake;
    else {
      ingestor = new DocumentIngestor(ingestOptions);
      intake = ingestor;
    }
    const rag = new RAGService({
      chunks: store,
      // Other processes write the same file: a worker must not sleep in SQLite's busy handler.
      answers: ingestion.kind === "single" ? store : new RetryingAnswerArchive(store),
      index,
      embedder,
      drafter,
      auditor,
      topK: config.topK,
      screening: config.screenPassages,
      jev: {
        auditor: config.jev.auditor,
        mode: config.jev.mode,
        model: config.jev.model,
        threshold: config.jev.threshold,
        budgetMs: config.jev.budgetMs,
      },
      onSaveFailed: (error, answerId) => log?.warn({ err: error, answerId }, "an answer could not be stored"),
    });
    const disabled = async (): Promise<ComponentHealth> => ({ status: "disabled" });
    return {
      store,
      accounts: new AccountStore(store.database),
      index,
      embedder,
      intake,
      ingestor,
      rag,
      healthChecks: () => ({
        store: async () => store.health(ingestor?.stuckDocuments() ?? []),
        disk: () => diskHealth(config.dataDir, config.limits.minFreeBytes),
        vectorStore: (signal) => index.health(signal),
        embedder: embedder ? (signal) => embedder.health(signal) : disabled,
        generator: (signal) => drafter.health(signal),
        auditor: auditor ? (signal) => auditor.health(signal) : disabled,
      }),
      pruneAnswers: () => store.pruneAnswers(),
      close: async () => {
        await ingestor?.close();
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

/** Free space of the data folder's disk; degraded below the upload reserve, when uploads are refused. */
async function diskHealth(dataDir: string, reserveBytes: number): Promise<ComponentHealth> {
  const free = await freeBytes(dataDir);
  const megabytes = Math.floor(free / (1024 * 1024));
  if (free < reserveBytes) {
    return {
      status: "degraded",
      detail: `${megabytes} MB free, below the ${Math.round(reserveBytes / (1024 * 1024))} MB reserve: uploads are refused`,
    };
  }
  return { status: "ok", detail: `${megabytes} MB free` };
}

/**
 * Decorates the instance with the services and closes everything on shutdown. The process that
 * owns ingestion (the only one, or a cluster's owner) also recovers interrupted ingests and
 * prunes answers on a timer; only a single process clears `tmp/`, which a cluster's primary
 * clears before any worker receives into it.
 */
const services: FastifyPluginAsync<{ config: AppConfig; ingestion: IngestionRole }> = async (
  app,
  { config, ingestion },
) => {
  const built = createServices(config, app.log, ingestion);
  app.decorate("services", built);
  // Registered before recovery so a failed boot still releases the database and the worker.
  app.addHook("onClose", () => built.close());
  const { quickCheck, vacuumProblem } = built.store.startupCheck;
  if (quickCheck !== "ok")
    app.log.error({ quickCheck }, "the database failed PRAGMA quick_check; health reports degraded");
  if (vacuumProblem) app.log.warn({ vacuumProblem }, "could not convert the database to incremental auto-vacuum yet");
  const { ingestor } = built;
  if (!ingestor) return;
  startPruning(app, built);
  // Uploads cut off by a crash or restart are never resumed.
  if (ingestion.kind === "single") await clearUploadsInFlight(config.dataDir);
  try {
    const interrupted = await ingestor.recoverInterrupted();
    if (interrupted.length > 0) app.log.warn({ documents: interrupted }, "marked interrupted ingests as failed");
  } catch (error) {
    // A disk still full at start: serve anyway; health lists the documents left processing until the next start.
    app.log.error({ err: error }, "could not recover interrupted ingests; they stay processing until the next start");
  }
};

/** Answers are also pruned every hundred saves; the timer covers a server that is rarely asked. */
function startPruning(app: FastifyInstance, built: Services): void {
  const pruning = setInterval(() => {
    try {
      const pruned = built.pruneAnswers();
      if (pruned > 0) app.log.info({ pruned }, "pruned stored answers past the retention limits");
    } catch (error) {
      app.log.warn({ err: error }, "pruning stored answers failed");
    }
  }, pruneIntervalMs);
  pruning.unref();
  app.addHook("onClose", async () => clearInterval(pruning));
}

/** Removes half-received uploads; nothing may be receiving into `tmp/` while this runs. */
export async function clearUploadsInFlight(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, "tmp"), { recursive: true, force: true });
}

export const servicesPlugin = fastifyPlugin(services, { name: "services" });
