import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../apps/server/src/config";
import { reindexStore } from "../../apps/server/src/reindex-store";
import { DEFAULT_FAKE_MODELS, type FakeOllamaServer, startFakeOllama } from "../support/fake-ollama-server";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

describe("reindex from SQLite", () => {
  let ollama: FakeOllamaServer;
  let test: TestApp;

  beforeAll(async () => {
    ollama = await startFakeOllama({ models: [...DEFAULT_FAKE_MODELS, "all-minilm:latest"] });
  });
  afterAll(async () => {
    await test?.close();
    await ollama?.close();
  });

  it("rebuilds dense vectors for every ready document after the embedding model changes", async () => {
    const environment = { RAG_EMBEDDER: "ollama", OLLAMA_HOST: ollama.url };
    test = await startTestApp(environment);
    const pdf = await makeTextPdf([
      ["Lighthouse keepers inspect the lamp every evening before sunset."],
      ["Boats dock at the eastern pier."],
    ]);
    const { payload, headers } = multipartFile(pdf, "lighthouse.pdf");
    const uploaded = (
      await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers })
    ).json();
    await test.app.close();

    // Reopened by hand rather than through startTestApp, so login is turned off here the same way.
    const config = parseConfig({
      ...environment,
      RAG_DATA_DIR: test.dataDir,
      RAG_EMBED_MODEL: "all-minilm",
      RAG_AUTH: "off",
      RAG_ALLOWED_HOSTS: "localhost:80",
    });
    const result = await reindexStore(config);
    expect(result).toEqual({ chunks: uploaded.document.chunks, documents: 1, index: "embedded" });

    const { buildApp } = await import("../../apps/server/src/app");
    const reopened = await buildApp(config, { logger: false });
    try {
      const answer = (
        await reopened.inject({
          method: "POST",
          url: "/api/ask",
          payload: { question: "When do keepers inspect the lamp?" },
        })
      ).json();
      expect(answer.ledger[0].ranks.dense).toBeGreaterThan(0);
      expect(answer.ledger[0].ranks.bm25).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  });
});
