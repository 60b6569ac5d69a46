import { availableParallelism } from "node:os";
import { jevModeSchema } from "@audited-rag/core";
import { defaultExtractWorkers, installedOcrLanguages, missingOcrLanguages } from "@audited-rag/rag";
import { z } from "zod";
import { isLoopbackAddress } from "./auth/loopback";
import { parseHostEntry } from "./auth/request-guard";

/** Thrown at boot when the environment is invalid; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** One HTTP process per core, up to eight. */
export function defaultWorkers(): number {
  return Math.min(8, availableParallelism());
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
  RAG_MAX_UPLOAD_MB: z.coerce.number().positive().max(2048).default(50),
  RAG_EXTRACT_TIMEOUT_MS: integer(30_000, 1_000, 600_000),
  RAG_EXTRACT_PAGE_TIMEOUT_MS: integer(100, 0, 60_000),
  RAG_EXTRACT_MAX_TIMEOUT_MS: integer(900_000, 1_000, 86_400_000),
  RAG_EXTRACT_WORKERS: integer(defaultExtractWorkers(), 1, 16),
  // HTTP processes sharing the port and the SQLite file; 1 runs everything in one process.
  RAG_WORKERS: integer(defaultWorkers(), 1, 64),
  RAG_EXTRACT_MAX_MEMORY_MB: integer(512, 64, 8192),
  RAG_OCR: z.enum(["auto", "off", "force"]).default("auto"),
  RAG_OCR_LANGS: z.string().trim().min(1).default("eng"),
  RAG_OCR_PAGE_TIMEOUT_MS: integer(60_000, 1_000, 600_000),
  RAG_MAX_DECODED_MB: integer(256, 1, 8192),
  RAG_MAX_CHUNKS_PER_PAGE: integer(200, 1, 100_000),
  RAG_MAX_CHUNKS_PER_DOCUMENT: integer(20_000, 1, 10_000_000),
  RAG_MAX_CONCURRENT_UPLOADS: integer(4, 1, 1_000),
  RAG_UPLOAD_IDLE_TIMEOUT_MS: integer(15_000, 500, 600_000),
  RAG_REQUEST_TIMEOUT_MS: integer(300_000, 1_000, 3_600_000),
  RAG_HEADERS_TIMEOUT_MS: integer(20_000, 500, 600_000),
  RAG_CONNECTION_TIMEOUT_MS: integer(600_000, 1_000, 3_600_000),
  RAG_KEEP_ALIVE_TIMEOUT_MS: integer(5_000, 100, 600_000),
  RAG_ASK_RATE_LIMIT: integer(120, 0, 1_000_000),
  RAG_UPLOAD_RATE_LIMIT: integer(60, 0, 1_000_000),
  RAG_RATE_LIMIT_WINDOW_MS: integer(60_000, 1_000, 86_400_000),
  RAG_MIN_FREE_MB: integer(64, 0, 1_048_576),
  RAG_ANSWER_RETENTION_DAYS: integer(365, 0, 36_500),
  RAG_ANSWER_MAX: integer(50_000, 0, 100_000_000),
  RAG_JEV_MAX_REPLY_KB: integer(1_024, 1, 1_048_576),
  RAG_VECTOR_STORE: z.enum(["embedded", "qdrant"]).default("embedded"),
  RAG_EMBEDDER: z.enum(["none", "ollama"]).default("none"),
  RAG_GENERATOR: z.enum(["extractive", "ollama"]).default("extractive"),
  RAG_TOP_K: integer(8, 1, 50),
  RAG_RETRIEVAL_POSTING_BUDGET: integer(300, 50, 10_000_000),
  RAG_RETRIEVAL_DOCUMENTS: integer(3, 0, 20),
  RAG_ANSWER_THRESHOLD: z.coerce.number().min(-10).max(10).optional(),
  RAG_ANSWER_CACHE_PASSAGES: integer(4_000, 0, 1_000_000),
  RAG_JEV_MODE: jevModeSchema.default("off"),
  RAG_AUDITOR: z.enum(["jev", "ollama"]).default("jev"),
  RAG_AUDIT_MODEL: z.string().min(1).default("qwen2.5:3b"),
  RAG_SCREEN_PASSAGES: z.enum(["flag", "exclude"]).default("flag"),
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
  RAG_AUTH: z.enum(["on", "off"]).default("on"),
  RAG_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
    )
    .refine((entries) => entries.every((entry) => parseHostEntry(entry)), {
      message: "use a comma-separated list of host names or addresses, each optionally with :port",
    }),
  RAG_TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context): boolean | string => {
      const trimmed = value.trim();
      if (trimmed === "false") return false;
      if (trimmed === "true") return true;
      if (/^[0-9a-fA-F.:/,\s]+$/.test(trimmed) && /[.:]/.test(trimmed)) return trimmed;
      context.addIssue({
        code: "custom",
        message: "use false, true, or a comma-separated list of proxy addresses/CIDRs",
      });
      return z.NEVER;
    }),
  RAG_SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(168),
});

export type Environment = z.infer<typeof environmentSchema>;

/** The typed settings object the app is built from. */
export interface AppConfig {
  host: string;
  port: number;
  logLevel: Environment["LOG_LEVEL"];
  dataDir: string;
  /** HTTP worker processes (node:cluster); 1 serves from this process alone. */
  workers: number;
  maxUploadBytes: number;
  extractTimeoutMs: number;
  /** Per declared page, added to `extractTimeoutMs`, and the ceiling of the whole limit. */
  extractPageTimeoutMs: number;
  extractMaxTimeoutMs: number;
  /** Pages without a text layer: read by OCR (`auto`), every page (`force`) or never (`off`). */
  ocr: { mode: Environment["RAG_OCR"]; languages: string[]; pageTimeoutMs: number };
  /** Caps on what ingestion may cost; see `.env.example`. */
  ingest: {
    workers: number;
    workerMemoryMb: number;
    maxDecodedBytes: number;
    maxChunksPerPage: number;
    maxChunksPerDocument: number;
  };
  /** HTTP server limits (Fastify/Node timeouts, upload concurrency and rate limits). */
  limits: {
    maxConcurrentUploads: number;
    uploadIdleTimeoutMs: number;
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** Requests per user (else per address) and window; 0 turns the limit off. */
    askPerWindow: number;
    uploadPerWindow: number;
    rateLimitWindowMs: number;
    /** An upload is refused (507) while the data folder has less free space than this. */
    minFreeBytes: number;
  };
  /** Stored answers older than `maxAgeDays` or beyond the newest `maxCount` are pruned; 0 means no limit. */
  answerRetention: { maxAgeDays: number; maxCount: number };
  vectorStore: Environment["RAG_VECTOR_STORE"];
  embedder: Environment["RAG_EMBEDDER"];
  generator: Environment["RAG_GENERATOR"];
  topK: number;
  /** In a library of more than 4,000 chunks, the most chunks the kept search words may hold together (the bounded tail). */
  retrievalPostingBudget: number;
  /** When the budget left words out, how many documents are searched again with them (0: none). */
  retrievalDocuments: number;
  screenPassages: Environment["RAG_SCREEN_PASSAGES"];
  /** The extractive engine's abstention threshold; unset keeps the one calibrated on the dev set. */
  answerThreshold: number | undefined;
  /** Analysed passages the extractive engine keeps in memory; 0 analyses them on every ask. */
  answerCachePassages: number;
  jev: {
    mode: Environment["RAG_JEV_MODE"];
    /** "jev" (hosted, TypeSafe) or "ollama" (OLLAMA_HOST, RAG_AUDIT_MODEL). */
    auditor: Environment["RAG_AUDITOR"];
    /** The model the active auditor asks: RAG_JEV_MODEL for jev, RAG_AUDIT_MODEL for ollama. */
    model: string;
    threshold: number;
    budgetMs: number;
    baseUrl: string;
    apiKey: string | undefined;
    maxReplyBytes: number;
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
  auth: {
    /** False only with RAG_AUTH=off, which is accepted on loopback only. */
    enabled: boolean;
    /** RAG_ALLOWED_HOSTS: extra Host values accepted beside the automatic ones. */
    allowedHosts: string[];
    /** Fastify's trustProxy: which proxies' X-Forwarded-* headers are believed. */
    trustProxy: boolean | string;
    sessionMs: number;
  };
}

/**
 * Parses the environment once at boot. Empty strings count as unset so that a copied
 * `.env.example` with blank values keeps the defaults.
 */
/** "eng+deu", "eng,deu" or "eng deu": Tesseract's codes, in order. */
function ocrLanguagesOf(value: string): string[] {
  return [...new Set(value.split(/[+,\s]+/).filter(Boolean))];
}

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
  const auditor = known.RAG_AUDITOR ?? "jev";
  if ((mode === "observe" || mode === "repair") && auditor === "jev" && !known.TYPESAFE_API_KEY?.trim()) {
    problems.push(
      `RAG_JEV_MODE=${mode} sends claims to TypeSafe's Jev and needs TYPESAFE_API_KEY; set the key, check locally with RAG_AUDITOR=ollama, or use RAG_JEV_MODE=off`,
    );
  }
  if (known.RAG_VECTOR_STORE === "qdrant" && (known.RAG_EMBEDDER ?? "none") === "none") {
    problems.push("RAG_VECTOR_STORE=qdrant needs dense vectors: set RAG_EMBEDDER=ollama");
  }
  const ocrLanguages = ocrLanguagesOf(known.RAG_OCR_LANGS ?? "eng");
  const missingLanguages = (known.RAG_OCR ?? "auto") === "off" ? [] : missingOcrLanguages(ocrLanguages);
  if (missingLanguages.length > 0) {
    const installed = installedOcrLanguages();
    problems.push(
      `RAG_OCR_LANGS=${JSON.stringify(known.RAG_OCR_LANGS ?? "eng")}: no OCR language data for ${missingLanguages.join(", ")}; install the npm package ${missingLanguages.map((language) => `@tesseract.js-data/${language}`).join(" and ")} (installed: ${installed.join(", ") || "none"}) or set RAG_OCR=off`,
    );
  }
  const host = known.HOST ?? "127.0.0.1";
  if (known.RAG_AUTH === "off" && !isLoopbackAddress(host, { names: true })) {
    problems.push(
      `RAG_AUTH=off turns login off and is accepted only when HOST is a loopback address (127.0.0.1, ::1 or localhost); with HOST=${host} anyone on the network could read and delete everything. Keep RAG_AUTH=on and create accounts with \`npm run user:add\`.`,
    );
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
    extractPageTimeoutMs: env.RAG_EXTRACT_PAGE_TIMEOUT_MS,
    extractMaxTimeoutMs: env.RAG_EXTRACT_MAX_TIMEOUT_MS,
    ocr: { mode: env.RAG_OCR, languages: ocrLanguages, pageTimeoutMs: env.RAG_OCR_PAGE_TIMEOUT_MS },
    ingest: {
      workers: env.RAG_EXTRACT_WORKERS,
      workerMemoryMb: env.RAG_EXTRACT_MAX_MEMORY_MB,
      maxDecodedBytes: env.RAG_MAX_DECODED_MB * 1024 * 1024,
      maxChunksPerPage: env.RAG_MAX_CHUNKS_PER_PAGE,
      maxChunksPerDocument: env.RAG_MAX_CHUNKS_PER_DOCUMENT,
    },
    limits: {
      maxConcurrentUploads: env.RAG_MAX_CONCURRENT_UPLOADS,
      uploadIdleTimeoutMs: env.RAG_UPLOAD_IDLE_TIMEOUT_MS,
      requestTimeoutMs: env.RAG_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.RAG_HEADERS_TIMEOUT_MS,
      connectionTimeoutMs: env.RAG_CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: env.RAG_KEEP_ALIVE_TIMEOUT_MS,
      askPerWindow: env.RAG_ASK_RATE_LIMIT,
      uploadPerWindow: env.RAG_UPLOAD_RATE_LIMIT,
      rateLimitWindowMs: env.RAG_RATE_LIMIT_WINDOW_MS,
      minFreeBytes: env.RAG_MIN_FREE_MB * 1024 * 1024,
    },
    answerRetention: { maxAgeDays: env.RAG_ANSWER_RETENTION_DAYS, maxCount: env.RAG_ANSWER_MAX },
    vectorStore: env.RAG_VECTOR_STORE,
    embedder: env.RAG_EMBEDDER,
    generator: env.RAG_GENERATOR,
    topK: env.RAG_TOP_K,
    retrievalPostingBudget: env.RAG_RETRIEVAL_POSTING_BUDGET,
    retrievalDocuments: env.RAG_RETRIEVAL_DOCUMENTS,
    screenPassages: env.RAG_SCREEN_PASSAGES,
    answerThreshold: env.RAG_ANSWER_THRESHOLD,
    answerCachePassages: env.RAG_ANSWER_CACHE_PASSAGES,
    jev: {
      mode: env.RAG_JEV_MODE,
      auditor: env.RAG_AUDITOR,
      model: env.RAG_AUDITOR === "ollama" ? env.RAG_AUDIT_MODEL : env.RAG_JEV_MODEL,
      threshold: env.RAG_JEV_THRESHOLD,
      budgetMs: env.RAG_JEV_BUDGET_MS,
      baseUrl: env.TYPESAFE_BASE_URL,
      apiKey: env.TYPESAFE_API_KEY,
      maxReplyBytes: env.RAG_JEV_MAX_REPLY_KB * 1024,
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
    auth: {
      enabled: env.RAG_AUTH === "on",
      allowedHosts: env.RAG_ALLOWED_HOSTS,
      trustProxy: env.RAG_TRUST_PROXY,
      sessionMs: Math.round(env.RAG_SESSION_HOURS * 3_600_000),
    },
  };
}
