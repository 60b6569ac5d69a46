import { QdrantClient } from "@qdrant/js-client-rest";
import { afterAll, describe, expect, it } from "vitest";
import { OllamaDrafter } from "./drafting/ollama-drafter";
import { OllamaEmbedder } from "./embedding/ollama-embedder";
import { QdrantVectorIndex } from "./retrieval/qdrant-vector-index";
import { fnv1a32 } from "./retrieval/sparse-vector";

/**
 * Runs against real services with `npm run test:live`: the Ollama suite when OLLAMA_HOST
 * is set (models from RAG_EMBED_MODEL / RAG_CHAT_MODEL, pulled beforehand), the Qdrant
 * suite when QDRANT_URL is set (QDRANT_API_KEY optional). Tests may read the environment.
 */
const ollamaHost = process.env.OLLAMA_HOST;
const qdrantUrl = process.env.QDRANT_URL;

const passages = [
  {
    localId: 1,
    text: "The tenant must pay rent on the first day of each month. Late payment incurs a fee of 20 euros.",
  },
  { localId: 2, text: "The landlord returns the deposit within thirty days after the lease ends." },
];

describe.skipIf(!ollamaHost)("live Ollama", () => {
  const host = ollamaHost as string;

  it("embeds a batch and reports the model's dimension", async () => {
    const embedder = new OllamaEmbedder({ host, model: process.env.RAG_EMBED_MODEL });
    expect((await embedder.health()).status).toBe("ok");
    const vectors = await embedder.embed(passages.map((passage) => passage.text));
    expect(vectors).toHaveLength(2);
    expect(vectors[0]?.length).toBe(await embedder.dimension());
  });

  it("drafts claims with quotes from the passages", async () => {
    const drafter = new OllamaDrafter({ host, model: process.env.RAG_CHAT_MODEL });
    expect((await drafter.health()).status).toBe("ok");
    const [part] = await drafter.draft([{ index: 0, question: "When is rent due?", passages }]);
    expect(part?.error).toBeUndefined();
    expect(part?.abstained).toBe(false);
    for (const claim of part?.claims ?? []) {
      expect(claim.citations.length).toBeGreaterThan(0);
      expect(claim.quote.length).toBeGreaterThan(0);
    }
    console.info("live draft:", JSON.stringify(part));
  });
});

describe.skipIf(!qdrantUrl)("live Qdrant", () => {
  const url = qdrantUrl as string;
  const apiKey = process.env.QDRANT_API_KEY || undefined;
  const prefix = `rag_live_${Date.now()}`;
  // A fixed toy embedding keeps this suite independent of Ollama.
  const embed = (text: string) => {
    const vector = new Array<number>(8).fill(0.01);
    for (const word of text.toLowerCase().split(/\W+/)) {
      if (word) vector[fnv1a32(word) % 8] = (vector[fnv1a32(word) % 8] as number) + 1;
    }
    return vector;
  };

  afterAll(async () => {
    const client = new QdrantClient({ url, apiKey, checkCompatibility: false });
    const { collections } = await client.getCollections();
    for (const { name } of collections) if (name.startsWith(prefix)) await client.deleteCollection(name);
  });

  it("creates the collection, upserts, searches with fusion and deletes", async () => {
    const index = new QdrantVectorIndex({ url, apiKey, embeddingModel: "live-toy", collectionPrefix: prefix });
    await index.upsert(
      passages.map((passage) => ({
        chunkId: `lease:${passage.localId}`,
        documentId: "lease",
        text: passage.text,
        embedding: embed(passage.text),
      })),
    );
    const question = "When must the rent be paid?";
    const hits = await index.search({ text: question, embedding: embed(question), topK: 2 });
    expect(hits[0]?.chunkId).toBe("lease:1");
    console.info("live ranks:", JSON.stringify(hits));
    expect((await index.health()).status).toBe("ok");
    await index.deleteDocument("lease");
    expect(await index.search({ text: question, embedding: embed(question), topK: 2 })).toEqual([]);
  });
});
