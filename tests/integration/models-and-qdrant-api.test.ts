import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort } from "../support/closed-port";
import { chatReplies, type FakeOllamaServer, startFakeOllama } from "../support/fake-ollama-server";
import { type FakeQdrantServer, startFakeQdrant } from "../support/fake-qdrant-server";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { createQdrantBodyValidator, qdrantSpecAvailable } from "../support/qdrant-openapi-validator";
import { startTestApp, type TestApp } from "../support/test-app";

const pages = [
  [
    "Customers can cancel their subscription within thirty days of purchase for a full refund.",
    "Refunds are paid to the original payment method within five business days of the cancellation request.",
  ],
  [
    "The delivery service operates in Rome and Milan on weekdays between eight and six o'clock.",
    "Customer records are stored in data centres located in the European Union.",
  ],
];

describe("Ollama drafting and embeddings with Qdrant, through the HTTP API", () => {
  let ollama: FakeOllamaServer;
  let qdrant: FakeQdrantServer;
  let test: TestApp;
  let documentId: string;
  let pdf: Uint8Array;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    qdrant = await startFakeQdrant();
    test = await startTestApp({
      RAG_GENERATOR: "ollama",
      RAG_EMBEDDER: "ollama",
      RAG_VECTOR_STORE: "qdrant",
      OLLAMA_HOST: ollama.url,
      QDRANT_URL: qdrant.url,
      RAG_CHAT_NUM_CTX: "4096",
      QDRANT_SHARDS: "3",
      QDRANT_REPLICATION_FACTOR: "2",
    });
    pdf = await makeTextPdf(pages);
    const { payload, headers } = multipartFile(pdf, "policy.pdf");
    const response = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
    expect(response.statusCode).toBe(201);
    documentId = response.json().document.id;
  });
  afterAll(async () => {
    await test?.close();
    await ollama?.close();
    await qdrant?.close();
  });

  async function ask(question: string) {
    const response = await test.app.inject({ method: "POST", url: "/api/ask", payload: { question } });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it("indexes into a model-named Qdrant collection with dense and sparse vectors", async () => {
    const [collection] = [...qdrant.collections.values()];
    expect(collection?.name).toMatch(/nomic-embed-text/);
    expect(collection?.config).toMatchObject({ shard_number: 3, replication_factor: 2 });
    expect(JSON.stringify(collection?.config)).toContain('"modifier":"idf"');
    expect(collection?.payloadIndexes.has("documentId")).toBe(true);
    const upserts = qdrant.requests.filter((request) => request.method === "PUT" && request.path.endsWith("/points"));
    expect(upserts.length).toBeGreaterThan(0);
    for (const upsert of upserts) expect(upsert.query.wait).toBe("true");
    const embeds = ollama.requests.filter((request) => request.path === "/api/embed");
    const chunkCount = collection?.points.size ?? 0;
    expect(chunkCount).toBeGreaterThan(0);
    expect(embeds.length).toBeLessThanOrEqual(Math.ceil(chunkCount / 2));
  });

  it("drafts with a JSON-schema format, temperature 0 and the configured context", async () => {
    const answer = await ask("How long do customers have to cancel?");
    const chat = ollama.requests.filter((request) => request.path === "/api/chat").at(-1)?.body as {
      format: unknown;
      options: { temperature: number; num_ctx: number };
    };
    expect(typeof chat.format).toBe("object");
    expect(chat.options).toMatchObject({ temperature: 0, num_ctx: 4096 });
    expect(answer.parts[0].status).toBe("answered");
    expect(answer.ledger.some((entry: { ranks: { dense?: number } }) => entry.ranks.dense !== undefined)).toBe(true);
    const queries = qdrant.requests.filter((request) => request.path.includes("/points/query"));
    expect(JSON.stringify(queries.at(-1)?.body)).toContain('"fusion":"rrf"');
  });

  it.each([
    ["fenced", chatReplies.fenced],
    ["prose-wrapped", chatReplies.prose],
  ])("accepts %s JSON and records the fix-up", async (_label, reply) => {
    ollama.setChatHandler(reply);
    const answer = await ask("How long do customers have to cancel?");
    ollama.setChatHandler();
    expect(answer.parts[0].claims.length).toBeGreaterThan(0);
    expect(answer.trace.fixups[0].fixes.length).toBeGreaterThan(0);
  });

  it.each([
    ["an unknown citation id", chatReplies.unknownCitation, "unknown_citation"],
    ["a quote not in its passage", chatReplies.hallucinatedQuote, "quote_not_in_passage"],
  ])("drops a claim with %s and says why", async (_label, reply, reason) => {
    ollama.setChatHandler(reply);
    const answer = await ask("How long do customers have to cancel?");
    ollama.setChatHandler();
    expect(answer.dropped).toEqual([expect.objectContaining({ part: 0, reason })]);
    expect(answer.parts[0].status).toBe("abstained");
  });

  it("reports an unreadable model answer on the part, not as a server error", async () => {
    ollama.setChatHandler(chatReplies.invalid);
    const answer = await ask("How long do customers have to cancel?");
    ollama.setChatHandler();
    expect(answer.parts[0]).toMatchObject({ status: "abstained", claims: [] });
    expect(answer.parts[0].error).toMatch(/JSON/);
  });

  it("sends only request bodies that follow Qdrant's OpenAPI schemas", async () => {
    if (!qdrantSpecAvailable) {
      console.warn("../shared/specs/qdrant-openapi.json not found: skipping the contract check");
      return;
    }
    const validate = createQdrantBodyValidator();
    for (const request of qdrant.requests) {
      if (request.schema) expect(validate(request.schema, request.body)).toEqual([]);
    }
  });

  it("deletes the document's points by filter", async () => {
    const response = await test.app.inject({ method: "DELETE", url: `/api/documents/${documentId}` });
    expect(response.statusCode).toBe(204);
    const deletes = qdrant.requests.filter((request) => request.path.endsWith("/points/delete"));
    expect(JSON.stringify(deletes.at(-1)?.body)).toContain(documentId);
    expect([...qdrant.collections.values()][0]?.points.size).toBe(0);
  });

  it("answers 503 naming Qdrant when it is down, and stores nothing", async () => {
    qdrant.setOutage(503);
    try {
      const { payload, headers } = multipartFile(await makeTextPdf([["An outage document."]]), "outage.pdf");
      const response = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe("VECTOR_STORE_UNAVAILABLE");
      expect(response.json().error.message).toMatch(/Qdrant/);
      // Qdrant's own error body ("Service unavailable") stays in the server log.
      expect(JSON.stringify(response.json())).not.toContain("Service unavailable");
    } finally {
      qdrant.setOutage(undefined);
    }
  });
});

describe("an unreachable Ollama", () => {
  it("gives a clear 503 naming it, quickly", async () => {
    const host = `http://127.0.0.1:${await closedPort()}`;
    const test = await startTestApp({ RAG_EMBEDDER: "ollama", OLLAMA_HOST: host, RAG_EMBED_TIMEOUT_MS: "5000" });
    try {
      const { payload, headers } = multipartFile(await makeTextPdf([["Some text for embedding."]]), "a.pdf");
      const started = performance.now();
      const response = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
      expect(performance.now() - started).toBeLessThan(5000);
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({ code: "EMBEDDER_UNAVAILABLE" });
      expect(response.json().error.message).toContain(host);
      const listed = (await test.app.inject({ method: "GET", url: "/api/documents" })).json().documents;
      expect(listed.every((document: { status: string }) => document.status === "failed")).toBe(true);
    } finally {
      await test.close();
    }
  });
});
