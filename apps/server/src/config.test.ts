import { readFileSync } from "node:fs";
import { defaultExtractWorkers } from "@audited-rag/rag";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("uses the documented defaults on an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      dataDir: "./data",
      maxUploadBytes: 50 * 1024 * 1024,
      vectorStore: "embedded",
      embedder: "none",
      generator: "extractive",
      topK: 8,
      jev: { mode: "off", model: "jev-1.13.0", threshold: 0.9, budgetMs: 5000, baseUrl: "https://api.typesafe.ai" },
    });
  });

  it("has bounded defaults for the resource limits, retention and the auditor reply", () => {
    const config = parseConfig({});
    expect(defaultExtractWorkers()).toBeGreaterThanOrEqual(2);
    expect(defaultExtractWorkers()).toBeLessThanOrEqual(4);
    expect(config.ingest).toEqual({
      workers: defaultExtractWorkers(),
      workerMemoryMb: 512,
      maxDecodedBytes: 256 * 1024 * 1024,
      maxChunksPerPage: 200,
      maxChunksPerDocument: 20_000,
    });
    expect(config.limits).toEqual({
      maxConcurrentUploads: 4,
      uploadIdleTimeoutMs: 15_000,
      requestTimeoutMs: 300_000,
      headersTimeoutMs: 20_000,
      connectionTimeoutMs: 600_000,
      keepAliveTimeoutMs: 5_000,
      askPerWindow: 120,
      uploadPerWindow: 60,
      rateLimitWindowMs: 60_000,
      minFreeBytes: 64 * 1024 * 1024,
    });
    expect(config.answerRetention).toEqual({ maxAgeDays: 365, maxCount: 50_000 });
    expect(config.jev.maxReplyBytes).toBe(1024 * 1024);
    expect(parseConfig({ RAG_ASK_RATE_LIMIT: "0", RAG_ANSWER_MAX: "0" })).toMatchObject({
      limits: { askPerWindow: 0 },
      answerRetention: { maxCount: 0 },
    });
    expect(() => parseConfig({ RAG_EXTRACT_WORKERS: "0", RAG_MAX_CONCURRENT_UPLOADS: "-1" })).toThrow(
      /RAG_EXTRACT_WORKERS[\s\S]*RAG_MAX_CONCURRENT_UPLOADS/,
    );
  });

  it("reads the retrieval posting budget, 300 unless set, and refuses one too small to search", () => {
    expect(parseConfig({}).retrievalPostingBudget).toBe(300);
    expect(parseConfig({ RAG_RETRIEVAL_POSTING_BUDGET: "3000" }).retrievalPostingBudget).toBe(3000);
    expect(() => parseConfig({ RAG_RETRIEVAL_POSTING_BUDGET: "10" })).toThrow(/RAG_RETRIEVAL_POSTING_BUDGET/);
  });

  it("reads how many documents are searched again with the words the budget left out, 3 unless set", () => {
    expect(parseConfig({}).retrievalDocuments).toBe(3);
    expect(parseConfig({ RAG_RETRIEVAL_DOCUMENTS: "0" }).retrievalDocuments).toBe(0);
    expect(() => parseConfig({ RAG_RETRIEVAL_DOCUMENTS: "-1" })).toThrow(/RAG_RETRIEVAL_DOCUMENTS/);
    expect(() => parseConfig({ RAG_RETRIEVAL_DOCUMENTS: "two" })).toThrow(/RAG_RETRIEVAL_DOCUMENTS/);
  });

  it("treats blank values as unset", () => {
    expect(parseConfig({ PORT: "", TYPESAFE_API_KEY: "  " }).port).toBe(3000);
  });

  it("lists every invalid variable in one error", () => {
    const attempt = () =>
      parseConfig({ PORT: "eighty", RAG_TOP_K: "0", RAG_VECTOR_STORE: "pinecone", RAG_JEV_THRESHOLD: "2" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join("\n");
      for (const name of ["PORT", "RAG_TOP_K", "RAG_VECTOR_STORE", "RAG_JEV_THRESHOLD"])
        expect(problems).toContain(name);
    }
  });

  it("lists value and combination problems together", () => {
    try {
      parseConfig({ PORT: "abc", RAG_JEV_MODE: "observe", RAG_VECTOR_STORE: "qdrant" });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(3);
    }
  });

  it("refuses the auditor without a key and Qdrant without an embedder", () => {
    expect(() => parseConfig({ RAG_JEV_MODE: "observe" })).toThrow(/TYPESAFE_API_KEY/);
    expect(() => parseConfig({ RAG_VECTOR_STORE: "qdrant" })).toThrow(/RAG_EMBEDDER=ollama/);
    expect(parseConfig({ RAG_JEV_MODE: "repair", TYPESAFE_API_KEY: "k" }).jev).toMatchObject({
      mode: "repair",
      apiKey: "k",
    });
  });

  it("checks locally with RAG_AUDITOR=ollama, which needs no TypeSafe key", () => {
    expect(parseConfig({}).jev.auditor).toBe("jev");
    expect(parseConfig({}).screenPassages).toBe("flag");
    const local = parseConfig({ RAG_JEV_MODE: "observe", RAG_AUDITOR: "ollama" });
    expect(local.jev).toMatchObject({ mode: "observe", auditor: "ollama", model: "qwen2.5:3b", apiKey: undefined });
    expect(parseConfig({ RAG_AUDITOR: "ollama", RAG_AUDIT_MODEL: "llama3.2:3b" }).jev.model).toBe("llama3.2:3b");
    expect(() => parseConfig({ RAG_AUDITOR: "local" })).toThrow(/RAG_AUDITOR/);
    expect(() => parseConfig({ RAG_SCREEN_PASSAGES: "drop" })).toThrow(/RAG_SCREEN_PASSAGES/);
    expect(parseConfig({ RAG_SCREEN_PASSAGES: "exclude" }).screenPassages).toBe("exclude");
  });

  it("accepts only http(s) URLs", () => {
    expect(() => parseConfig({ OLLAMA_HOST: "ftp://example" })).toThrow(/OLLAMA_HOST/);
  });

  it("reads OCR on by default in English and stops at start-up on a language that is not installed", () => {
    expect(parseConfig({}).ocr).toEqual({ mode: "auto", languages: ["eng"], pageTimeoutMs: 60_000 });
    expect(parseConfig({ RAG_OCR: "off", RAG_OCR_LANGS: "xyz" }).ocr.mode).toBe("off");
    const attempt = () => parseConfig({ RAG_OCR_LANGS: "eng+klingon" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /no OCR language data for klingon; install the npm package @tesseract.js-data\/klingon \(installed: .*eng/,
    );
  });

  it("documents exactly the settings it reads in .env.example", () => {
    const example = readFileSync(new URL("../../../.env.example", import.meta.url), "utf8");
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    const environment = Object.fromEntries(documented.map((name) => [name, "definitely-invalid-value"]));
    let reported: string[] = [];
    try {
      parseConfig(environment);
    } catch (error) {
      reported = (error as ConfigError).problems.map((problem) => problem.split("=")[0] ?? "");
    }
    // Free-form settings accept any text; every other documented setting must be one the parser checks.
    const freeForm = [
      "HOST",
      "RAG_DATA_DIR",
      "RAG_EMBED_MODEL",
      "RAG_CHAT_MODEL",
      "RAG_AUDIT_MODEL",
      "RAG_OLLAMA_KEEP_ALIVE",
      "RAG_ALLOWED_HOSTS",
    ];
    const secrets = ["TYPESAFE_API_KEY", "QDRANT_API_KEY"];
    expect(new Set([...reported, ...freeForm, ...secrets])).toEqual(new Set(documented));
  });

  it("keeps login on by default and accepts RAG_AUTH=off on loopback only", () => {
    expect(parseConfig({}).auth).toMatchObject({ enabled: true, allowedHosts: [], trustProxy: false });
    expect(parseConfig({ RAG_AUTH: "off" }).auth.enabled).toBe(false);
    expect(parseConfig({ RAG_AUTH: "off", HOST: "localhost" }).auth.enabled).toBe(false);
    expect(parseConfig({ RAG_AUTH: "off", HOST: "::1" }).auth.enabled).toBe(false);
    for (const host of ["0.0.0.0", "192.168.1.20", "::"]) {
      expect(() => parseConfig({ RAG_AUTH: "off", HOST: host })).toThrow(/RAG_AUTH=off .*loopback/);
    }
  });

  it("parses the allowed hosts, the trusted proxies and the session length", () => {
    const config = parseConfig({
      RAG_ALLOWED_HOSTS: "rag.example.com, 192.168.1.20:3000,[fe80::1]:3000",
      RAG_TRUST_PROXY: "127.0.0.1,10.0.0.0/8",
      RAG_SESSION_HOURS: "12",
    });
    expect(config.auth).toMatchObject({
      allowedHosts: ["rag.example.com", "192.168.1.20:3000", "[fe80::1]:3000"],
      trustProxy: "127.0.0.1,10.0.0.0/8",
      sessionMs: 12 * 3_600_000,
    });
    expect(parseConfig({ RAG_TRUST_PROXY: "true" }).auth.trustProxy).toBe(true);
    expect(() => parseConfig({ RAG_ALLOWED_HOSTS: "http://rag.example.com/" })).toThrow(/RAG_ALLOWED_HOSTS/);
    expect(() => parseConfig({ RAG_TRUST_PROXY: "everyone" })).toThrow(/RAG_TRUST_PROXY/);
  });
});
