import BetterSqlite3, { type Database } from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteVectorIndex } from "./sqlite-vector-index";
import type { IndexedChunk } from "./vector-index";

// Rules 1–4 alone: no document is searched again.
const noRule5 = { documentsSearched: 0, documentPostingBudget: 0 };

const texts: Record<string, string> = {
  refund: "Customers can cancel within thirty days of purchase for a full refund.",
  transfer: "After thirty days a pass can be transferred once to another traveller.",
  rome: "The service operates in Rome and Milan.",
  storage: "Booking records are stored on servers in the European Union.",
};

function chunks(documentId: string, vectors?: Record<string, number[]>): IndexedChunk[] {
  return Object.entries(texts).map(([key, text]) => ({
    chunkId: `${documentId}:${key}`,
    documentId,
    text,
    ...(vectors?.[key] ? { embedding: vectors[key] } : {}),
  }));
}

const vectors: Record<string, number[]> = {
  refund: [1, 0, 0],
  transfer: [0.9, 0.1, 0],
  rome: [0, 1, 0],
  storage: [0, 0, 1],
};

describe("SqliteVectorIndex", () => {
  let database: Database;

  beforeEach(() => {
    database = new BetterSqlite3(":memory:");
  });
  afterEach(() => database.close());

  it("ranks by BM25 without embeddings and sets only the BM25 rank", async () => {
    const index = new SqliteVectorIndex(database);
    await index.upsert(chunks("d1"));
    const hits = await index.search({ text: "refund within thirty days", topK: 3 });
    expect(hits.map((hit) => hit.chunkId)).toEqual(["d1:refund", "d1:transfer"]);
    expect(hits.map((hit) => hit.ranks)).toEqual([{ bm25: 1 }, { bm25: 2 }]);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Number.POSITIVE_INFINITY);
    expect(hits[1]?.score).toBeGreaterThan(0);
    expect(index.name).toBe("embedded");
  });

  it("returns no hits for questions without indexable words, hostile syntax included", async () => {
    const index = new SqliteVectorIndex(database);
    await index.upsert(chunks("d1"));
    expect(await index.search({ text: '?? "" * -', topK: 5 })).toEqual([]);
    expect(await index.search({ text: 'NEAR(rome "milan) OR *', topK: 5 })).toHaveLength(1);
    expect(await index.search({ text: "refund", topK: 0 })).toEqual([]);
  });

  it("searches a word the library never prints as the word it prints one typing slip away", async () => {
    const words = new Set(["traveller", "customers", "refund", "stored", "dedicated", "devices"]);
    const index = new SqliteVectorIndex(database, { isWord: (word) => words.has(word) });
    await index.upsert(chunks("d1"));
    // "travller" and "custmers" are printed nowhere; "traveller" and "customers" are.
    expect((await index.search({ text: "travller", topK: 5 })).map((hit) => hit.chunkId)).toEqual(["d1:transfer"]);
    expect((await index.search({ text: "Custmers refnd", topK: 5 })).map((hit) => hit.chunkId)).toEqual(["d1:refund"]);
    // Two slips away, or a word the library prints, is searched as it is.
    expect(await index.search({ text: "trvller", topK: 5 })).toEqual([]);
    expect((await index.search({ text: "stored", topK: 5 })).map((hit) => hit.chunkId)).toEqual(["d1:storage"]);
    // A word of the language the library does not print is no slip: "dedicated" is not searched as
    // "dedicates" or "devicated", though Porter stems the latter as "devic", the stem of "devices".
    await index.upsert([{ chunkId: "d2:devices", documentId: "d2", text: "Devices are listed here." }]);
    expect(await index.search({ text: "dedicated", topK: 5 })).toEqual([]);
    // Without a word list, no slip is searched.
    expect(await new SqliteVectorIndex(database).search({ text: "travller", topK: 5 })).toEqual([]);
    // The index file gains no table: the word list is the connection's own.
    const tables = database.prepare("SELECT name FROM main.sqlite_master WHERE name LIKE '%vocabulary%'").all();
    expect(tables).toEqual([]);
  });

  it("filters by document ids and removes a document's rows", async () => {
    const index = new SqliteVectorIndex(database);
    await index.upsert(chunks("d1"));
    await index.upsert(chunks("d2"));
    const both = await index.search({ text: "rome", topK: 5 });
    expect(both.map((hit) => hit.chunkId).sort()).toEqual(["d1:rome", "d2:rome"]);
    expect((await index.search({ text: "rome", topK: 5, documentIds: ["d2"] })).map((hit) => hit.chunkId)).toEqual([
      "d2:rome",
    ]);
    expect(await index.search({ text: "rome", topK: 5, documentIds: [] })).toEqual([]);
    await index.deleteDocument("d2");
    await index.deleteDocument("unknown");
    expect((await index.search({ text: "rome", topK: 5 })).map((hit) => hit.chunkId)).toEqual(["d1:rome"]);
    expect(database.prepare("SELECT count(*) AS n FROM index_chunks").get()).toEqual({ n: 4 });
  });

  it("replaces chunks upserted again under the same id", async () => {
    const index = new SqliteVectorIndex(database);
    await index.upsert(chunks("d1"));
    await index.upsert([{ chunkId: "d1:rome", documentId: "d1", text: "Now it operates in Turin." }]);
    expect(await index.search({ text: "rome", topK: 5 })).toEqual([]);
    expect((await index.search({ text: "turin", topK: 5 })).map((hit) => hit.chunkId)).toEqual(["d1:rome"]);
  });

  it("fuses BM25 and dense ranks when chunks carry embeddings", async () => {
    const index = new SqliteVectorIndex(database, { embeddingModel: "nomic-embed-text" });
    await index.upsert(chunks("d1", vectors));
    const hits = await index.search({ text: "Where does service operate?", embedding: [0.1, 0.9, 0.1], topK: 2 });
    expect(hits[0]).toEqual({ chunkId: "d1:rome", score: 2 / 61, ranks: { bm25: 1, dense: 1 } });
    expect(hits[1]).toEqual({ chunkId: "d1:transfer", score: 1 / 62, ranks: { dense: 2 } });
    const dense = await index.search({ text: "", embedding: [0, 0, 1], topK: 1 });
    expect(dense).toEqual([{ chunkId: "d1:storage", score: 1 / 61, ranks: { dense: 1 } }]);
    expect(await index.health()).toEqual({
      status: "ok",
      detail: "4 chunks, BM25 + 3-dimension vectors of nomic-embed-text",
      model: "nomic-embed-text",
    });
  });

  it("filters dense hits by document and deletes vectors with their document", async () => {
    const index = new SqliteVectorIndex(database, { embeddingModel: "m" });
    await index.upsert(chunks("d1", vectors));
    await index.upsert(chunks("d2", vectors));
    const filtered = await index.search({ text: "", embedding: [1, 0, 0], topK: 2, documentIds: ["d2"] });
    expect(filtered.map((hit) => hit.chunkId)).toEqual(["d2:refund", "d2:transfer"]);
    await index.deleteDocument("d2");
    expect(database.prepare("SELECT count(*) AS n FROM chunk_vectors").get()).toEqual({ n: 4 });
  });

  it("answers BM25-only when the query has no embedding or the index has no vectors", async () => {
    const index = new SqliteVectorIndex(database, { embeddingModel: "m" });
    await index.upsert(chunks("d1"));
    const hits = await index.search({ text: "rome", embedding: [1, 0, 0], topK: 2 });
    expect(hits.map((hit) => hit.ranks)).toEqual([{ bm25: 1 }]);
    expect(await index.health()).toEqual({ status: "ok", detail: "4 chunks, BM25" });
  });

  it("refuses vectors of another dimension or model with a clear error", async () => {
    const first = new SqliteVectorIndex(database, { embeddingModel: "model-a" });
    await first.upsert(chunks("d1", vectors));
    await expect(first.upsert([{ chunkId: "x", documentId: "d2", text: "t", embedding: [1, 0] }])).rejects.toThrow(
      /holds 3-dimension vectors of model-a, but the configured embedder produces 2-dimension vectors/,
    );
    await expect(first.search({ text: "t", embedding: [1, 0], topK: 1 })).rejects.toMatchObject({
      code: "VECTOR_STORE_UNAVAILABLE",
    });
    const other = new SqliteVectorIndex(database, { embeddingModel: "model-b" });
    await expect(other.upsert(chunks("d3", vectors))).rejects.toThrow(/configured embedder is model-b/);
    expect((await other.health()).status).toBe("degraded");
    expect(await other.search({ text: "rome", topK: 1 })).toHaveLength(1);
    expect(database.prepare("SELECT count(*) AS n FROM index_chunks").get()).toEqual({ n: 4 });
  });

  it("lets an empty vector table, or a reset, switch models", async () => {
    const first = new SqliteVectorIndex(database, { embeddingModel: "model-a" });
    await first.upsert(chunks("d1", vectors));
    await first.deleteDocument("d1");
    const second = new SqliteVectorIndex(database, { embeddingModel: "model-b" });
    await second.upsert([{ chunkId: "y", documentId: "d2", text: "rome", embedding: [1, 0] }]);
    expect((await second.health()).model).toBe("model-b");
    const third = new SqliteVectorIndex(database, { embeddingModel: "model-c" });
    third.resetVectors();
    await third.upsert([{ chunkId: "y", documentId: "d2", text: "rome", embedding: [1, 0, 0, 0] }]);
    expect((await third.health()).detail).toContain("4-dimension vectors of model-c");
  });

  it("refuses a batch mixing vector sizes and leaves nothing behind", async () => {
    const index = new SqliteVectorIndex(database);
    const mixed: IndexedChunk[] = [
      { chunkId: "a", documentId: "d1", text: "alpha", embedding: [1, 0] },
      { chunkId: "b", documentId: "d1", text: "beta", embedding: [1, 0, 0] },
    ];
    await expect(index.upsert(mixed)).rejects.toThrow(/different dimensions/);
    expect(await index.search({ text: "alpha", topK: 1 })).toEqual([]);
    await expect(index.upsert([{ chunkId: "z", documentId: "d", text: "z", embedding: [] }])).rejects.toThrow(
      /at least one dimension/,
    );
  });

  it("records an unknown model when none is configured", async () => {
    const index = new SqliteVectorIndex(database);
    await index.upsert(chunks("d1", vectors));
    expect((await index.health()).model).toBe("unknown");
  });

  it("honours an aborted signal and reports degraded health when the database is closed", async () => {
    const index = new SqliteVectorIndex(database);
    const aborted = AbortSignal.abort();
    await expect(index.search({ text: "rome", topK: 1 }, aborted)).rejects.toThrow();
    await expect(index.upsert([], aborted)).rejects.toThrow();
    await expect(index.deleteDocument("d", aborted)).rejects.toThrow();
    await expect(index.health(aborted)).rejects.toThrow();
    await index.close();
    database.close();
    expect((await index.health()).status).toBe("degraded");
    database = new BetterSqlite3(":memory:");
  });

  describe("with the bounded tail", () => {
    const common = (index: number): IndexedChunk => ({
      chunkId: `lib:${index}`,
      documentId: "lib",
      text: `The system report number ${index} covers ${index % 10 === 0 ? "turbines" : "offices"}.`,
    });

    it("drops terms that match most of the library from the query but still answers", async () => {
      const index = new SqliteVectorIndex(database, {
        tail: { ...noRule5, maxTermShare: 0.5, postingBudget: 1000, boundFromChunks: 0 },
      });
      await index.upsert(Array.from({ length: 40 }, (_, position) => common(position)));
      const hits = await index.search({ text: "system report turbines", topK: 10 });
      // Only the four turbine chunks: "system" and "report" occur everywhere and were dropped.
      expect(hits.map((hit) => hit.chunkId).sort()).toEqual(["lib:0", "lib:10", "lib:20", "lib:30"]);
      // Only common words: the rarer of the two is searched alone, so still five hits.
      const onlyCommon = await index.search({ text: "system report", topK: 5 });
      expect(onlyCommon).toHaveLength(5);
      // Both words above the budget: the rarer alone, and only its three newest chunks are ranked.
      const tight = new SqliteVectorIndex(database, {
        tail: { ...noRule5, maxTermShare: 1, postingBudget: 3, boundFromChunks: 0 },
      });
      const apart = await tight.search({ text: "offices turbines", topK: 10 });
      expect(apart.map((hit) => hit.chunkId).sort()).toEqual(["lib:10", "lib:20", "lib:30"]);
      // Within one document of many: the bound counts chunks of the filtered documents.
      await tight.upsert([{ chunkId: "other:1", documentId: "other", text: "turbines and offices" }]);
      const filtered = await tight.search({ text: "offices turbines", topK: 10, documentIds: ["lib"] });
      expect(filtered.map((hit) => hit.chunkId).sort()).toEqual(["lib:10", "lib:20", "lib:30"]);
    });

    it("keeps common terms when the posting budget is not reached and the share is not passed", async () => {
      const index = new SqliteVectorIndex(database, {
        tail: { ...noRule5, maxTermShare: 1, postingBudget: 10_000, boundFromChunks: 0 },
      });
      await index.upsert(Array.from({ length: 40 }, (_, position) => common(position)));
      const hits = await index.search({ text: "system turbines", topK: 50 });
      expect(hits).toHaveLength(40);
    });

    describe("rule 5: the chosen documents searched again with the dropped words", () => {
      // "debian" is held by one document's chunks only; "manual", "pages" and "compressed" by three
      // documents, in 21 of the 90 chunks: under half, so rule 2 keeps them.
      const library: IndexedChunk[] = [
        ...Array.from({ length: 9 }, (_, k) => ({
          chunkId: `policy:${k}`,
          documentId: "policy",
          text: `Debian policy ${k}: Debian maintainers keep conffiles.`,
        })),
        {
          chunkId: "policy:gold",
          documentId: "policy",
          text: "Manual pages are compressed with gzip -9 when a Debian package installs them.",
        },
        ...Array.from({ length: 10 }, (_, k) => ({
          chunkId: `gzip:${k}`,
          documentId: "gzip",
          text: `The gzip manual pages: file ${k} is compressed.`,
        })),
        ...Array.from({ length: 10 }, (_, k) => ({
          chunkId: `hash:${k}`,
          documentId: "hash",
          text: `Manual pages of the hash library, bucket ${k}, compressed.`,
        })),
        ...Array.from({ length: 60 }, (_, k) => ({
          chunkId: `notes:${k}`,
          documentId: "notes",
          text: `Lecture ${k} on tensors.`,
        })),
      ];
      const question = "How are manual pages compressed in Debian?";
      // A budget of 12 chunks keeps only "debian" (10 chunks) for the bounded search.
      const tail = { maxTermShare: 0.5, postingBudget: 12, boundFromChunks: 0, documentPostingBudget: 1000 };

      it("ranks the chunk that needs the dropped words first, and not without the rule", async () => {
        const withRule = new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 1 } });
        await withRule.upsert(library);
        const hits = await withRule.search({ text: question, topK: 3 });
        expect(hits[0]?.chunkId).toBe("policy:gold");
        const without = new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 0 } });
        const bounded = await without.search({ text: question, topK: 3 });
        expect(bounded.map((hit) => hit.chunkId)).not.toContain("policy:gold");
        expect(bounded.every((hit) => hit.chunkId.startsWith("policy:"))).toBe(true);
      });

      it("keeps to the documents asked about, and forgets a deleted document's words", async () => {
        const index = new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 3 } });
        await index.upsert(library);
        const hits = await index.search({ text: question, topK: 5, documentIds: ["gzip", "hash"] });
        expect(hits.length).toBeGreaterThan(0);
        expect(hits.every((hit) => !hit.chunkId.startsWith("policy:"))).toBe(true);
        const counted = database.prepare("SELECT count(*) FROM index_document_terms").pluck();
        const before = counted.get() as number;
        await index.deleteDocument("policy");
        expect(counted.get()).toBeLessThan(before);
        expect(database.prepare("SELECT document_id FROM index_documents").pluck().all().sort()).toEqual([
          "gzip",
          "hash",
          "notes",
        ]);
        expect(
          (await index.search({ text: question, topK: 30 })).some((hit) => hit.chunkId.startsWith("policy:")),
        ).toBe(false);
      });

      it("still searches again the bounded search's best document when its words were never counted", async () => {
        const index = new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 1 } });
        await index.upsert(library);
        // As a library indexed before the counts were kept, until `npm run reindex`.
        database.exec("DELETE FROM index_document_terms");
        const hits = await index.search({ text: question, topK: 3 });
        expect(hits[0]?.chunkId).toBe("policy:gold");
      });

      it("counts a document's word once two chunks of a batch hold it, then in every batch, whatever the batches", async () => {
        const index = new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 1 } });
        const chunk = (k: number, text: string) => ({ chunkId: `doc:${k}`, documentId: "doc", text });
        const count = database.prepare(
          "SELECT chunks FROM index_document_terms WHERE term = ? AND document = (SELECT id FROM index_documents WHERE document_id = 'doc')",
        );
        // One chunk holds "valve": not counted yet; two hold "pump": counted.
        await index.upsert([chunk(1, "pump valve"), chunk(2, "pump 2024")]);
        expect(count.get("valv")).toBeUndefined();
        expect(count.get("pump")).toEqual({ chunks: 2 });
        expect(count.get("2024")).toBeUndefined();
        // A later batch adds its single chunk to a word already counted, and starts another at two.
        await index.upsert([chunk(3, "pump seal"), chunk(4, "seal")]);
        expect(count.get("pump")).toEqual({ chunks: 3 });
        expect(count.get("seal")).toEqual({ chunks: 2 });
        expect(database.prepare("SELECT chunks FROM index_documents WHERE document_id = 'doc'").pluck().get()).toBe(4);
      });

      it("keys the chunks of an index written before documents had keys, and still searches it", async () => {
        // The earlier shape: each chunk row named its document in full.
        database.exec(`
          CREATE TABLE index_chunks (rowid INTEGER PRIMARY KEY, chunk_id TEXT NOT NULL UNIQUE, document_id TEXT NOT NULL);
          CREATE INDEX index_chunks_document ON index_chunks (document_id);
          CREATE VIRTUAL TABLE chunk_fts USING fts5(
            text, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2');`);
        const row = database.prepare("INSERT INTO index_chunks (chunk_id, document_id) VALUES (?, ?)");
        const text = database.prepare("INSERT INTO chunk_fts (rowid, text) VALUES (?, ?)");
        library.forEach((chunk, position) => {
          row.run(chunk.chunkId, chunk.documentId);
          text.run(position + 1, chunk.text);
        });
        const index = new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 1 } });
        const columns = database.prepare("SELECT name FROM pragma_table_info('index_chunks')").pluck().all();
        expect(columns).toEqual(["rowid", "chunk_id", "document"]);
        const sizes = database.prepare("SELECT document_id, chunks FROM index_documents ORDER BY document_id").all();
        expect(sizes).toEqual([
          { document_id: "gzip", chunks: 10 },
          { document_id: "hash", chunks: 10 },
          { document_id: "notes", chunks: 60 },
          { document_id: "policy", chunks: 10 },
        ]);
        expect((await index.search({ text: question, topK: 3 }))[0]?.chunkId).toBe("policy:gold");
        expect((await index.search({ text: "tensors", topK: 2, documentIds: ["notes"] })).length).toBe(2);
        // Opening it again changes nothing.
        new SqliteVectorIndex(database, { tail: { ...tail, documentsSearched: 1 } });
        expect(database.prepare("SELECT count(*) FROM index_chunks").pluck().get()).toBe(library.length);
        await index.deleteDocument("notes");
        expect(await index.search({ text: "tensors", topK: 2 })).toEqual([]);
      });
    });

    it("sees documents added by another connection to the same file", async () => {
      const file = `${process.env.TMPDIR ?? "/tmp"}/tail-${process.pid}-${Date.now()}.sqlite`;
      const first = new BetterSqlite3(file);
      const second = new BetterSqlite3(file);
      try {
        const settings = { tail: { ...noRule5, maxTermShare: 0.5, postingBudget: 1000, boundFromChunks: 0 } };
        const reader = new SqliteVectorIndex(first, settings);
        const writer = new SqliteVectorIndex(second, settings);
        await writer.upsert([common(1), common(2)]);
        // "turbines" occurs nowhere yet; the reader caches that.
        expect(await reader.search({ text: "turbines", topK: 5 })).toEqual([]);
        await writer.upsert([common(10)]);
        expect((await reader.search({ text: "turbines", topK: 5 })).map((hit) => hit.chunkId)).toEqual(["lib:10"]);
        await writer.deleteDocument("lib");
        expect(await reader.search({ text: "turbines", topK: 5 })).toEqual([]);
      } finally {
        first.close();
        second.close();
        const { rmSync } = await import("node:fs");
        for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
      }
    });
  });
});
