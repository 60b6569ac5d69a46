import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
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

  it("runs one HTTP process per core by default, and accepts 1 for a single process", () => {
    expect(parseConfig({}).workers).toBe(availableParallelism());
    expect(parseConfig({ RAG_WORKERS: "1" }).workers).toBe(1);
    expect(() => parseConfig({ RAG_WORKERS: "0" })).toThrow(/RAG_WORKERS/);
    expect(() => parseConfig({ RAG_WORKERS: "two" })).toThrow(/RAG_WORKERS/);
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

  it("accepts only http(s) URLs", () => {
    expect(() => parseConfig({ OLLAMA_HOST: "ftp://example" })).toThrow(/OLLAMA_HOST/);
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
    const freeForm = ["HOST", "RAG_DATA_DIR", "RAG_EMBED_MODEL", "RAG_CHAT_MODEL", "RAG_OLLAMA_KEEP_ALIVE"];
    const secrets = ["TYPESAFE_API_KEY", "QDRANT_API_KEY"];
    expect(new Set([...reported, ...freeForm, ...secrets])).toEqual(new Set(documented));
  });
});
