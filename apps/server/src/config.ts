import { availableParallelism } from "node:os";
import { jevModeSchema } from "@audited-rag/core";
import { z } from "zod";

/** Thrown at boot when the environment is invalid; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const integer = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const url = (fallback: string) => z.url({ protocol: /^https?$/ }).default(fallback);
const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** Every setting, its default and its bounds. `.env.example` documents the same list. */
const environmentSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: integer(3000, 0, 65_535),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RAG_DATA_DIR: z.string().min(1).default("./data"),
  // HTTP processes; 1 keeps today's single process. The default uses every core.
  RAG_WORKERS: integer(availableParallelism(), 1, 64),
  RAG_MAX_UPLOAD_MB: z.coerce.number().positive().max(2048).default(50),
  RAG_EXTRACT_TIMEOUT_MS: integer(30_000, 1_000, 600_000),
  RAG_VECTOR_STORE: z.enum(["embedded", "qdrant"]).default("embedded"),
  RAG_EMBEDDER: z.enum(["none", "ollama"]).default("none"),
  RAG_GENERATOR: z.enum(["extractive", "ollama"]).default("extractive"),
  RAG_TOP_K: integer(8, 1, 50),
  RAG_JEV_MODE: jevModeSchema.default("off"),
  RAG_JEV_MODEL: z
    .string()
    .regex(/^jev-[\w.-]+$/, "must look like jev-1.13.0 or jev-latest")
    .default("jev-1.13.0"),
  RAG_JEV_THRESHOLD: z.coerce.number().gt(0.5).max(1).default(0.9),
  RAG_JEV_BUDGET_MS: integer(5_000, 100, 60_000),
  TYPESAFE_BASE_URL: url("https://api.typesafe.ai"),
  TYPESAFE_API_KEY: optionalSecret,
  OLLAMA_HOST: url("http://127.0.0.1:11434"),
  RAG_EMBED_MODEL: z.string().min(1).default("nomic-embed-text"),
  RAG_EMBED_TIMEOUT_MS: integer(60_000, 1_000, 600_000),
  RAG_OLLAMA_KEEP_ALIVE: z.string().min(1).default("5m"),
  RAG_CHAT_MODEL: z.string().min(1).default("llama3.2:3b"),
  RAG_CHAT_NUM_CTX: integer(8192, 512, 1_048_576),
  RAG_CHAT_TIMEOUT_MS: integer(120_000, 1_000, 1_800_000),
  QDRANT_URL: url("http://127.0.0.1:6333"),
  QDRANT_API_KEY: optionalSecret,
  QDRANT_SHARDS: integer(1, 1, 1024),
  QDRANT_REPLICATION_FACTOR: integer(1, 1, 64),
  QDRANT_WRITE_CONSISTENCY: integer(1, 1, 64),
});

export type Environment = z.infer<typeof environmentSchema>;

/** The typed settings object the app is built from. */
export interface AppConfig {
  host: string;
  port: number;
  logLevel: Environment["LOG_LEVEL"];
  dataDir: string;
  /** HTTP worker processes; 1 means one process and no cluster. */
  workers: number;
  maxUploadBytes: number;
  extractTimeoutMs: number;
  vectorStore: Environment["RAG_VECTOR_STORE"];
  embedder: Environment["RAG_EMBEDDER"];
  generator: Environment["RAG_GENERATOR"];
  topK: number;
  jev: {
    mode: Environment["RAG_JEV_MODE"];
    model: string;
    threshold: number;
    budgetMs: number;
    baseUrl: string;
    apiKey: string | undefined;
  };
  ollama: {
    host: string;
    embedModel: string;
    embedTimeoutMs: number;
    keepAlive: string;
    chatModel: string;
    chatNumCtx: number;
    chatTimeoutMs: number;
  };
  qdrant: {
    url: string;
    apiKey: string | undefined;
    shards: number;
    replicationFactor: number;
    writeConsistencyFactor: number;
  };
}

/**
 * Parses the environment once at boot. Empty strings count as unset so that a copied
 * `.env.example` with blank values keeps the defaults.
 */
export function parseConfig(environment: Record<string, string | undefined>): AppConfig {
  const known: Record<string, string> = Object.fromEntries(
    Object.keys(environmentSchema.shape).flatMap((name) => {
      const value = environment[name];
      return value === undefined || value === "" ? [] : [[name, value]];
    }),
  );
  const parsed = environmentSchema.safeParse(known);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}=${JSON.stringify(environment[name])}: ${issue.message}`;
      });
  // Settings that only make sense together, read from the raw values so one message lists everything.
  const mode = known.RAG_JEV_MODE ?? "off";
  if ((mode === "observe" || mode === "repair") && !known.TYPESAFE_API_KEY?.trim()) {
    problems.push(
      `RAG_JEV_MODE=${mode} sends claims to TypeSafe's Jev and needs TYPESAFE_API_KEY; set the key or use RAG_JEV_MODE=off`,
    );
  }
  if (known.RAG_VECTOR_STORE === "qdrant" && (known.RAG_EMBEDDER ?? "none") === "none") {
    problems.push("RAG_VECTOR_STORE=qdrant needs dense vectors: set RAG_EMBEDDER=ollama");
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const env = parsed.data;

  return {
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDir: env.RAG_DATA_DIR,
    workers: env.RAG_WORKERS,
    maxUploadBytes: Math.round(env.RAG_MAX_UPLOAD_MB * 1024 * 1024),
    extractTimeoutMs: env.RAG_EXTRACT_TIMEOUT_MS,
    vectorStore: env.RAG_VECTOR_STORE,
    embedder: env.RAG_EMBEDDER,
    generator: env.RAG_GENERATOR,
    topK: env.RAG_TOP_K,
    jev: {
      mode: env.RAG_JEV_MODE,
      model: env.RAG_JEV_MODEL,
      threshold: env.RAG_JEV_THRESHOLD,
      budgetMs: env.RAG_JEV_BUDGET_MS,
      baseUrl: env.TYPESAFE_BASE_URL,
      apiKey: env.TYPESAFE_API_KEY,
    },
    ollama: {
      host: env.OLLAMA_HOST,
      embedModel: env.RAG_EMBED_MODEL,
      embedTimeoutMs: env.RAG_EMBED_TIMEOUT_MS,
      keepAlive: env.RAG_OLLAMA_KEEP_ALIVE,
      chatModel: env.RAG_CHAT_MODEL,
      chatNumCtx: env.RAG_CHAT_NUM_CTX,
      chatTimeoutMs: env.RAG_CHAT_TIMEOUT_MS,
    },
    qdrant: {
      url: env.QDRANT_URL,
      apiKey: env.QDRANT_API_KEY,
      shards: env.QDRANT_SHARDS,
      replicationFactor: env.QDRANT_REPLICATION_FACTOR,
      writeConsistencyFactor: env.QDRANT_WRITE_CONSISTENCY,
    },
  };
}
