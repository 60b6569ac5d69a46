import { GeneratorUnavailableError, UpstreamTimeoutError } from "@audited-rag/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closedPort } from "../../../../tests/support/closed-port";
import { chatReplies, type FakeOllamaServer, startFakeOllama } from "../../../../tests/support/fake-ollama-server";
import type { DraftPartInput } from "./drafter";
import { OllamaDrafter, UNEXPECTED_SHAPE_MESSAGE, UNREADABLE_JSON_MESSAGE } from "./ollama-drafter";

const part = (index: number, question = "When is rent due?"): DraftPartInput => ({
  index,
  question,
  passages: [
    { localId: 1, text: "Rent is due on the first day of each month. Late fees apply after five days." },
    { localId: 2, text: "The deposit equals two months of rent." },
  ],
});

const expectedClaim = {
  text: "Rent is due on the first day of each month.",
  quote: "Rent is due on the first day of each month.",
  citations: [1],
};

describe("OllamaDrafter against a fake Ollama", () => {
  let ollama: FakeOllamaServer;
  beforeEach(async () => {
    ollama = await startFakeOllama();
  });
  afterEach(async () => {
    await ollama.close();
  });

  const chatRequests = () => ollama.requests.filter((request) => request.path === "/api/chat");

  it("sends one structured, deterministic chat request per part and reads the claims", async () => {
    const drafter = new OllamaDrafter({ host: ollama.url, numCtx: 4096, keepAlive: "2m" });
    const [drafted] = await drafter.draft([part(0)]);

    expect(drafted).toEqual({ index: 0, abstained: false, claims: [expectedClaim] });
    expect(chatRequests()).toHaveLength(1);
    const body = chatRequests()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: "llama3.2:3b",
      stream: false,
      keep_alive: "2m",
      options: { temperature: 0, num_ctx: 4096 },
      format: { type: "object", required: ["abstain", "claims"] },
    });
    const format = body.format as { properties: { claims: { items: { properties: { citations: unknown } } } } };
    expect(format.properties.claims.items.properties.citations).toMatchObject({ items: { enum: [1, 2] } });
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[1]?.content).toContain("[2] The deposit equals two months of rent.");
  });

  it("uses num_ctx 8192 and llama3.2:3b by default", async () => {
    await new OllamaDrafter({ host: ollama.url }).draft([part(0)]);
    expect(chatRequests()[0]?.body).toMatchObject({ model: "llama3.2:3b", options: { num_ctx: 8192 } });
  });

  it.each([
    ["fenced", chatReplies.fenced, ["stripped_fence"]],
    ["prose around the object", chatReplies.prose, ["extracted_object"]],
    ["a trailing comma", chatReplies.trailingComma, ["removed_trailing_commas"]],
    ["curly quotes", chatReplies.curlyQuotes, ["straightened_quotes"]],
  ])("accepts a reply with %s and records the fix-up", async (_name, handler, fixups) => {
    ollama.setChatHandler(handler);
    const [drafted] = await new OllamaDrafter({ host: ollama.url }).draft([part(0)]);
    expect(drafted).toEqual({ index: 0, abstained: false, claims: [expectedClaim], fixups });
  });

  it("marks only the part whose reply is not JSON, with a plain message", async () => {
    ollama.setChatHandler((call) =>
      call.question.includes("deposit") ? chatReplies.invalid() : chatReplies.prose(call),
    );
    const drafted = await new OllamaDrafter({ host: ollama.url }).draft([part(0), part(1, "How big is the deposit?")]);
    expect(drafted[0]).toMatchObject({ index: 0, claims: [expectedClaim] });
    expect(drafted[1]).toEqual({ index: 1, abstained: false, claims: [], error: UNREADABLE_JSON_MESSAGE });
  });

  it("marks a part whose JSON has another shape", async () => {
    ollama.setChatHandler(chatReplies.wrongShape);
    const [drafted] = await new OllamaDrafter({ host: ollama.url }).draft([part(0)]);
    expect(drafted).toEqual({ index: 0, abstained: false, claims: [], error: UNEXPECTED_SHAPE_MESSAGE });
  });

  it("passes unknown citation ids and invented quotes through for the pipeline to check", async () => {
    ollama.setChatHandler(chatReplies.unknownCitation);
    const [unknown] = await new OllamaDrafter({ host: ollama.url }).draft([part(0)]);
    expect(unknown?.claims[0]?.citations).toEqual([99]);
    ollama.setChatHandler(chatReplies.hallucinatedQuote);
    const [invented] = await new OllamaDrafter({ host: ollama.url }).draft([part(0)]);
    expect(invented?.claims[0]?.quote).toBe("The moon is made of cheese.");
  });

  it("abstains when the model abstains, and without a request when there are no passages", async () => {
    ollama.setChatHandler(() => ({ content: '{"abstain": true, "claims": []}' }));
    const drafted = await new OllamaDrafter({ host: ollama.url }).draft([
      part(0),
      { index: 1, question: "q", passages: [] },
    ]);
    expect(drafted).toEqual([
      { index: 0, abstained: true, claims: [] },
      { index: 1, abstained: true, claims: [] },
    ]);
    expect(chatRequests()).toHaveLength(1);
  });

  it("drafts parts concurrently up to the limit and keeps their order", async () => {
    ollama.setChatHandler(chatReplies.slow(150));
    const drafter = new OllamaDrafter({ host: ollama.url, concurrency: 2 });
    const drafted = await drafter.draft([part(0), part(1), part(2)]);
    expect(drafted.map((entry) => entry.index)).toEqual([0, 1, 2]);
    expect(ollama.maxConcurrentChats).toBe(2);
  });

  it("gives up on a slow reply with UpstreamTimeoutError within the timeout", async () => {
    ollama.setChatHandler(chatReplies.slow(10_000));
    const started = performance.now();
    const error = await new OllamaDrafter({ host: ollama.url, timeoutMs: 300 })
      .draft([part(0)])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("cancels the request when the caller aborts", async () => {
    ollama.setChatHandler(chatReplies.slow(10_000));
    const controller = new AbortController();
    const pending = new OllamaDrafter({ host: ollama.url })
      .draft([part(0), part(1)], controller.signal)
      .catch((caught: unknown) => caught);
    await expect.poll(() => chatRequests().length).toBe(2);
    controller.abort();
    expect(((await pending) as Error).name).toBe("AbortError");
    await expect.poll(() => chatRequests().every((request) => request.closedEarly)).toBe(true);
  });

  it("says which model to pull when the chat model is missing", async () => {
    const error = await new OllamaDrafter({ host: ollama.url, model: "qwen2.5:7b" })
      .draft([part(0)])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GeneratorUnavailableError);
    expect((error as Error).message).toContain("ollama pull qwen2.5:7b");
  });

  it("reports health for the chat model", async () => {
    expect(await new OllamaDrafter({ host: ollama.url }).health()).toMatchObject({
      status: "ok",
      model: "llama3.2:3b",
    });
    expect((await new OllamaDrafter({ host: ollama.url, model: "phi4" }).health()).status).toBe("degraded");
  });
});

describe("OllamaDrafter without Ollama", () => {
  it("fails fast with GeneratorUnavailableError naming the host", async () => {
    const host = `http://127.0.0.1:${await closedPort()}`;
    const started = performance.now();
    const error = await new OllamaDrafter({ host }).draft([part(0)]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GeneratorUnavailableError);
    expect((error as Error).message).toBe(`Ollama at ${host} is not reachable.`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
