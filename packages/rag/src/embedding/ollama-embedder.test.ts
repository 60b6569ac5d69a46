import { EmbedderUnavailableError, UpstreamTimeoutError } from "@audited-rag/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closedPort } from "../../../../tests/support/closed-port";
import { type FakeOllamaServer, startFakeOllama } from "../../../../tests/support/fake-ollama-server";
import { OllamaEmbedder } from "./ollama-embedder";

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] as number), 0);

describe("OllamaEmbedder against a fake Ollama", () => {
  let ollama: FakeOllamaServer;
  beforeEach(async () => {
    ollama = await startFakeOllama({ dimension: 48, maxInputChars: 500 });
  });
  afterEach(async () => {
    await ollama.close();
  });

  const embedRequests = () => ollama.requests.filter((request) => request.path === "/api/embed");

  it("embeds many texts in few batched requests with truncate false and keep_alive", async () => {
    const embedder = new OllamaEmbedder({ host: ollama.url, keepAlive: "10m", batchSize: 32 });
    const texts = Array.from({ length: 100 }, (_, index) => `chunk number ${index} about rent and deposits`);
    const vectors = await embedder.embed(texts);

    expect(vectors).toHaveLength(100);
    expect(embedRequests()).toHaveLength(4);
    for (const request of embedRequests()) {
      const body = request.body as { model: string; input: string[]; truncate: boolean; keep_alive: string };
      expect(body).toMatchObject({ model: "nomic-embed-text", truncate: false, keep_alive: "10m" });
      expect(body.input.length).toBeLessThanOrEqual(32);
    }
    expect((embedRequests()[3]?.body as { input: string[] } | undefined)?.input).toEqual(texts.slice(96));
    expect(embedder.detectedDimension).toBe(48);
  });

  it("keeps the order of texts and gives similar texts nearby vectors", async () => {
    const embedder = new OllamaEmbedder({ host: ollama.url, batchSize: 2 });
    const [rent, rentAgain, weather] = await embedder.embed([
      "the rent is due monthly",
      "monthly rent is due",
      "sunny weather tomorrow",
    ]);
    expect(cosine(rent as number[], rentAgain as number[])).toBeGreaterThan(
      cosine(rent as number[], weather as number[]),
    );
  });

  it("detects the dimension once with a probe when nothing was embedded yet", async () => {
    const embedder = new OllamaEmbedder({ host: ollama.url });
    expect(embedder.detectedDimension).toBeUndefined();
    expect(await embedder.dimension()).toBe(48);
    expect(await embedder.dimension()).toBe(48);
    expect(embedRequests()).toHaveLength(1);
  });

  it("makes no request for no texts", async () => {
    expect(await new OllamaEmbedder({ host: ollama.url }).embed([])).toEqual([]);
    expect(ollama.requests).toHaveLength(0);
  });

  it("refuses an over-long chunk with a clear error instead of truncating it", async () => {
    const embedder = new OllamaEmbedder({ host: ollama.url });
    const error = await embedder.embed(["short", "x ".repeat(400)]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbedderUnavailableError);
    expect((error as Error).message).toMatch(/longer than the context of the embedding model "nomic-embed-text"/);
    expect((error as Error).message).toMatch(/rather than truncating/);
  });

  it("says which model to pull when it is missing", async () => {
    const embedder = new OllamaEmbedder({ host: ollama.url, model: "mxbai-embed-large" });
    const error = await embedder.embed(["hello"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbedderUnavailableError);
    expect((error as Error).message).toContain("ollama pull mxbai-embed-large");
    expect((error as Error).message).toContain(ollama.url);
  });

  it("times out with UpstreamTimeoutError within the configured limit", async () => {
    ollama.setEmbedDelay(5_000);
    const embedder = new OllamaEmbedder({ host: ollama.url, timeoutMs: 200 });
    const started = performance.now();
    const error = await embedder.embed(["slow"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("stops when the caller aborts", async () => {
    ollama.setEmbedDelay(5_000);
    const embedder = new OllamaEmbedder({ host: ollama.url });
    const controller = new AbortController();
    const pending = embedder.embed(["slow"], controller.signal).catch((caught: unknown) => caught);
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect((error as Error).name).toBe("AbortError");
    await expect.poll(() => embedRequests()[0]?.closedEarly).toBe(true);
  });

  it("reports health: ok when pulled, degraded with the pull command when not", async () => {
    expect(await new OllamaEmbedder({ host: ollama.url }).health()).toMatchObject({
      status: "ok",
      model: "nomic-embed-text",
    });
    ollama.setModels(["llama3.2:3b"]);
    const missing = await new OllamaEmbedder({ host: ollama.url }).health();
    expect(missing.status).toBe("degraded");
    expect(missing.detail).toContain("ollama pull nomic-embed-text");
  });
});

describe("OllamaEmbedder without Ollama", () => {
  it("fails fast with EmbedderUnavailableError naming the host", async () => {
    const host = `http://127.0.0.1:${await closedPort()}`;
    const embedder = new OllamaEmbedder({ host, timeoutMs: 10_000 });
    const started = performance.now();
    const error = await embedder.embed(["hello"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbedderUnavailableError);
    expect((error as Error).message).toBe(`Ollama at ${host} is not reachable.`);
    expect(performance.now() - started).toBeLessThan(2_000);
    const health = await embedder.health();
    expect(health).toMatchObject({ status: "degraded", detail: `Ollama at ${host} is not reachable.` });
  });
});
