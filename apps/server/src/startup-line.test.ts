import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { startupLine } from "./startup-line";

describe("startupLine", () => {
  it("names the address and marks the defaults in effect", () => {
    expect(startupLine(parseConfig({}), "http://127.0.0.1:3000")).toBe(
      "Audited RAG workspace listening on http://127.0.0.1:3000 · data ./data (default) · search embedded (default) · " +
        "generator extractive (default) · embeddings none (default) · support check off (default) · " +
        `processes ${Math.min(8, availableParallelism())} (default)`,
    );
  });

  it("names models and modes that differ from the defaults", () => {
    const config = parseConfig({
      RAG_DATA_DIR: "/srv/rag",
      RAG_GENERATOR: "ollama",
      RAG_EMBEDDER: "ollama",
      RAG_JEV_MODE: "observe",
      TYPESAFE_API_KEY: "k",
    });
    const line = startupLine(config, "http://0.0.0.0:8080");
    expect(line).toContain("data /srv/rag · search embedded (default) · generator ollama llama3.2:3b");
    expect(line).toContain("embeddings ollama nomic-embed-text · support check observe");
    expect(line).not.toContain("\n");
    expect(startupLine(parseConfig({ RAG_WORKERS: "1" }), "http://127.0.0.1:3000")).toContain("· processes 1");
  });
});
