import type { ComponentHealth } from "@audited-rag/core";
import { VectorStoreUnavailableError } from "@audited-rag/core";
import type { Database, Statement } from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { stemmer } from "stemmer";
import { prepared } from "../store/statement-cache";
import { oneSlipVariants } from "../typing-slips";
import {
  type DocumentTermCount,
  defaultRetrievalTailSettings,
  planQueryTerms,
  type QueryTermSelection,
  type RetrievalTailSettings,
  rankDocuments,
  selectDocumentTerms,
} from "./common-terms";
import { ftsIndexText, indexStem, indexStems, matchExpression, queryTerms } from "./fts-query";
import { reciprocalRankFusion } from "./reciprocal-rank-fusion";
import { type IndexedChunk, keywordText, type SearchHit, type SearchQuery, type VectorIndex } from "./vector-index";

export interface SqliteVectorIndexOptions {
  /** Model of the configured embedder; vectors of another model already in the index are refused. */
  embeddingModel?: string;
  /** How terms that match most of the library are dropped from BM25 queries (see common-terms.ts). */
  tail?: RetrievalTailSettings;
  /**
   * Whether a word is one of the language. A question word the library never prints that is none
   * may be a typing slip, searched also as the words one slip away that are. Unset, none is.
   */
  isWord?: (word: string) => boolean;
}

interface VectorMeta {
  dimension: number;
  model: string;
}

// sqlite-vec caps k of one KNN query.
const maxCandidates = 4096;
// Rule 5 counts a word of a document when this many of its chunks (of one indexing batch) hold it.
const minDocumentTermChunks = 2;
// Bounds the document-frequency cache; questions reuse a small vocabulary, so this is rarely reached.
const maxCachedTerms = 20_000;

interface BmRow {
  chunkId: string;
  documentId: string;
  bm25: number;
}

/** The rowids one document's chunks lie between (a document is indexed in one go, so mostly its own). */
interface RowRange {
  low: number;
  high: number;
}

/**
 * The embedded index: BM25 over an FTS5 table and, once chunks arrive with embeddings, cosine
 * KNN over a sqlite-vec table, fused by reciprocal rank. All statements run synchronously on the
 * shared connection; the async signatures only satisfy the port.
 */
export class SqliteVectorIndex implements VectorIndex {
  readonly name = "embedded";
  private readonly database: Database;
  private readonly embeddingModel: string | undefined;
  private readonly vecLoadError: unknown;
  /** Prepared once: BM25 runs for every question part of every ask. */
  private readonly bm25Statement: Statement;
  private readonly firstPostingsStatement: Statement;
  private readonly documentStatement: Statement;
  private readonly documentTermsStatement: Statement;
  private readonly addDocumentTermStatement: Statement;
  private readonly countDocumentTermStatement: Statement;
  private readonly addDocumentStatement: Statement;
  private readonly documentSizesStatement: Statement;
  private readonly tail: RetrievalTailSettings;
  private readonly isWord: ((word: string) => boolean) | undefined;
  private readonly generationStatement: Statement;
  private readonly termCountStatement: Statement;
  private readonly chunkCountStatement: Statement;
  private readonly vocabularyStatement: Statement;
  /**
   * Document frequencies and the chunk count, valid for one index generation. The generation is
   * stored in the database and bumped by every write, so caches in other processes sharing the
   * file notice changes too.
   */
  private frequencies = {
    generation: -1,
    totalChunks: 0,
    terms: new Map<string, number>(),
    slips: new Map<string, string[]>(),
    ranges: new Map<string, RowRange>(),
    sizes: undefined as Map<string, number> | undefined,
  };

  /** `database` is the metadata store's connection; the index keeps its own tables in the same file. */
  constructor(database: Database, options: SqliteVectorIndexOptions = {}) {
    this.database = database;
    this.embeddingModel = options.embeddingModel;
    this.tail = options.tail ?? defaultRetrievalTailSettings;
    this.isWord = options.isWord;
    this.vecLoadError = loadSqliteVec(this.database);
    // A chunk names its document by a small key into index_documents, which also holds what rule 5
    // ranks documents by: their chunk counts, and in index_document_terms their word counts.
    this.database.exec(`
      CREATE TABLE IF NOT EXISTS index_documents (
        id INTEGER PRIMARY KEY, document_id TEXT NOT NULL UNIQUE, chunks INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS index_chunks (
        rowid INTEGER PRIMARY KEY, chunk_id TEXT NOT NULL UNIQUE, document INTEGER NOT NULL);
      CREATE VIRTUAL TABLE IF NOT EXISTS chunk_fts USING fts5(
        text, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE TABLE IF NOT EXISTS index_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS index_document_terms (
        term TEXT NOT NULL, document INTEGER NOT NULL, chunks INTEGER NOT NULL,
        PRIMARY KEY (term, document)) WITHOUT ROWID;
    `);
    keyChunksByDocument(this.database);
    this.database.exec("CREATE INDEX IF NOT EXISTS index_chunks_document ON index_chunks (document)");
    this.bm25Statement = this.database.prepare(
      `SELECT m.chunk_id AS chunkId, d.document_id AS documentId, bm25(chunk_fts) AS bm25
       FROM chunk_fts CROSS JOIN index_chunks m ON m.rowid = chunk_fts.rowid
       JOIN index_documents d ON d.id = m.document
       WHERE chunk_fts MATCH ? AND (? IS NULL OR d.document_id IN (SELECT value FROM json_each(?)))
       ORDER BY bm25 LIMIT ?`,
    );
    // Ordered by rowid alone: FTS5 walks the word's chunks newest first and stops at the limit.
    this.firstPostingsStatement = this.database.prepare(
      `SELECT m.chunk_id AS chunkId, d.document_id AS documentId, bm25(chunk_fts) AS bm25
       FROM chunk_fts CROSS JOIN index_chunks m ON m.rowid = chunk_fts.rowid
       JOIN index_documents d ON d.id = m.document
       WHERE chunk_fts MATCH ? AND (? IS NULL OR d.document_id IN (SELECT value FROM json_each(?)))
       ORDER BY chunk_fts.rowid DESC LIMIT ?`,
    );
    this.documentStatement = this.database.prepare(
      `SELECT min(rowid) AS low, max(rowid) AS high FROM index_chunks
       WHERE document = (SELECT id FROM index_documents WHERE document_id = ?)`,
    );
    // Per document, how many of its chunks hold each word (rule 5), and how many chunks it has.
    this.documentTermsStatement = this.database.prepare(
      `SELECT t.term, d.document_id AS documentId, t.chunks
       FROM index_document_terms t JOIN index_documents d ON d.id = t.document
       WHERE t.term IN (SELECT value FROM json_each(?))`,
    );
    this.documentSizesStatement = this.database.prepare(
      "SELECT document_id AS documentId, chunks FROM index_documents",
    );
    this.addDocumentStatement = this.database
      .prepare(
        `INSERT INTO index_documents (document_id, chunks) VALUES (?, ?)
         ON CONFLICT (document_id) DO UPDATE SET chunks = chunks + excluded.chunks RETURNING id`,
      )
      .pluck();
    this.addDocumentTermStatement = this.database.prepare(
      `INSERT INTO index_document_terms (term, document, chunks) VALUES (?, ?, ?)
       ON CONFLICT (term, document) DO UPDATE SET chunks = chunks + excluded.chunks`,
    );
    this.countDocumentTermStatement = this.database.prepare(
      "UPDATE index_document_terms SET chunks = chunks + ? WHERE term = ? AND document = ?",
    );
    this.generationStatement = this.database.prepare("SELECT value FROM index_meta WHERE key = 'generation'").pluck();
    this.termCountStatement = this.database.prepare("SELECT count(*) FROM chunk_fts WHERE chunk_fts MATCH ?").pluck();
    this.chunkCountStatement = this.database.prepare("SELECT count(*) FROM index_chunks").pluck();
    // The index's own words (Porter stems), read in a range by first letter and length; a
    // connection's temporary table, so reading them writes nothing to the file.
    this.database.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunk_fts_vocabulary USING fts5vocab(main, chunk_fts, 'row')",
    );
    this.vocabularyStatement = this.database
      .prepare("SELECT term FROM temp.chunk_fts_vocabulary WHERE term >= ? AND term < ? AND length(term) <= ?")
      .pluck();
  }

  async upsert(chunks: IndexedChunk[], signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const insertChunk = this.database.prepare("INSERT INTO index_chunks (chunk_id, document) VALUES (?, ?)");
    const insertText = this.database.prepare("INSERT INTO chunk_fts (rowid, text) VALUES (?, ?)");
    this.database
      .transaction(() => {
        const dimension = chunks.find((chunk) => chunk.embedding)?.embedding?.length;
        const insertVector = dimension === undefined ? undefined : this.vectorInserter(dimension);
        this.bumpGeneration();
        // Chunks written again under their ids replace their rows; a document's counts for rule 5
        // would count them twice, but ingest writes new ids and `npm run reindex` deletes each
        // document before writing it again.
        this.deleteRows(
          "SELECT rowid FROM index_chunks WHERE chunk_id IN (SELECT value FROM json_each(?))",
          JSON.stringify(chunks.map((chunk) => chunk.chunkId)),
        );
        // Each document of the batch: its key, with the batch's chunks added to its count.
        const batchChunks = new Map<string, number>();
        for (const chunk of chunks) batchChunks.set(chunk.documentId, (batchChunks.get(chunk.documentId) ?? 0) + 1);
        const keys = new Map(
          [...batchChunks].map(([documentId, count]) => [
            documentId,
            this.addDocumentStatement.get(documentId, count) as number,
          ]),
        );
        const documentTerms = new Map<number, Map<string, number>>();
        for (const chunk of chunks) {
          const key = keys.get(chunk.documentId) as number;
          const rowid = BigInt(insertChunk.run(chunk.chunkId, key).lastInsertRowid);
          const text = ftsIndexText(keywordText(chunk));
          insertText.run(rowid, text);
          const counts = documentTerms.get(key) ?? new Map<string, number>();
          for (const term of indexStems(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
          documentTerms.set(key, counts);
          if (!chunk.embedding) continue;
          if (!insertVector || chunk.embedding.length !== dimension) {
            throw new VectorStoreUnavailableError("Chunks of one batch carry vectors of different dimensions.");
          }
          insertVector.run(rowid, chunk.documentId, new Float32Array(chunk.embedding));
        }
        for (const [document, counts] of documentTerms) {
          // A word in one chunk of a document does not say what the document is about, and would be
          // most of the rows: a word is counted once two chunks of one batch hold it, and from then
          // on in every batch. Nor are figures ("14", "2024"): a question's figure is rare enough
          // for the bounded search.
          for (const [term, count] of counts) {
            if (!/\p{L}/u.test(term)) continue;
            if (count >= minDocumentTermChunks) this.addDocumentTermStatement.run(term, document, count);
            else this.countDocumentTermStatement.run(count, term, document);
          }
        }
      })
      .immediate();
  }

  async deleteDocument(documentId: string, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.database
      .transaction(() => {
        this.bumpGeneration();
        this.deleteRows(
          "SELECT rowid FROM index_chunks WHERE document = (SELECT id FROM index_documents WHERE document_id = ?)",
          documentId,
        );
        this.database
          .prepare(
            "DELETE FROM index_document_terms WHERE document = (SELECT id FROM index_documents WHERE document_id = ?)",
          )
          .run(documentId);
        this.database.prepare("DELETE FROM index_documents WHERE document_id = ?").run(documentId);
      })
      .immediate();
  }

  async search(query: SearchQuery, signal?: AbortSignal): Promise<SearchHit[]> {
    signal?.throwIfAborted();
    if (query.topK <= 0 || query.documentIds?.length === 0) return [];
    const filter = query.documentIds ? JSON.stringify(query.documentIds) : null;
    const meta = this.readVectorMeta();
    if (!query.embedding || !meta) {
      return this.bm25(query.text, query.topK, filter).map((row, index) => ({
        chunkId: row.chunkId,
        score: -row.bm25,
        ranks: { bm25: index + 1 },
      }));
    }
    this.checkCompatible(meta, query.embedding.length);
    const candidates = Math.min(maxCandidates, Math.max(query.topK * 4, 50));
    const lexical = this.bm25(query.text, candidates, filter).map((row) => row.chunkId);
    const dense = this.dense(query.embedding, candidates, filter);
    return reciprocalRankFusion([
      { retriever: "bm25", chunkIds: lexical },
      { retriever: "dense", chunkIds: dense },
    ]).slice(0, query.topK);
  }

  async health(signal?: AbortSignal): Promise<ComponentHealth> {
    signal?.throwIfAborted();
    try {
      const { n } = this.database.prepare("SELECT count(*) AS n FROM index_chunks").get() as { n: number };
      const meta = this.readVectorMeta();
      if (!meta) return { status: "ok", detail: `${n} chunks, BM25` };
      const detail = `${n} chunks, BM25 + ${meta.dimension}-dimension vectors of ${meta.model}`;
      if (this.embeddingModel && meta.model !== this.embeddingModel && this.countVectors() > 0) {
        return { status: "degraded", detail: `${detail}; the configured embedder is ${this.embeddingModel}` };
      }
      return { status: "ok", detail, model: meta.model };
    } catch (error) {
      return { status: "degraded", detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Drops every stored vector and the recorded model, so a rebuild can switch embedding models.
   * BM25 rows stay; chunks are BM25-only until they are upserted again with vectors.
   */
  resetVectors(): void {
    this.database.transaction(() => {
      this.database.exec("DROP TABLE IF EXISTS chunk_vectors");
      this.database.exec("DELETE FROM index_meta WHERE key LIKE 'vector_%'");
    })();
  }

  /** The connection belongs to the metadata store, which closes it. */
  async close(): Promise<void> {}

  private bm25(text: string, limit: number, filter: string | null): BmRow[] {
    const plan = this.boundedTerms(queryTerms(text));
    const match = matchExpression(plan.terms);
    if (!match) return [];
    const found = plan.overBudget
      ? // Rule 4: only the first chunks of a word found nearly everywhere are ranked (common-terms.ts).
        (this.firstPostingsStatement.all(match, filter, filter, this.tail.postingBudget) as BmRow[])
          .sort((left, right) => left.bm25 - right.bm25)
          .slice(0, limit)
      : (this.bm25Statement.all(match, filter, filter, limit) as BmRow[]);
    if (plan.widened.length === plan.terms.length || this.tail.documentsSearched <= 0) return found;
    return this.searchedAgainWithin(found, plan.widened, limit, filter);
  }

  /**
   * Rule 5's documents: the best by their own words (`rankDocuments` over every term rules 1 and
   * 2 keep), then the best of the bounded search's. A document indexed before its word counts were
   * kept (`npm run reindex` adds them) is found by the bounded search alone.
   */
  private documentsFor(found: BmRow[], terms: string[], filter: string | null): string[] {
    const stems = [...new Set(terms.map(indexStem))];
    const counted = this.documentTermsStatement.all(JSON.stringify(stems)) as DocumentTermCount[];
    const allowed = filter === null ? undefined : new Set(JSON.parse(filter) as string[]);
    const sizes = new Map(
      [...this.documentSizes()].filter(([documentId]) => allowed === undefined || allowed.has(documentId)),
    );
    const best = rankDocuments(counted, sizes, this.tail.documentsSearched);
    const searched = found[0]?.documentId;
    return searched === undefined || best.includes(searched) ? best : [...best, searched];
  }

  /**
   * Rule 5 (common-terms.ts): the chosen documents are searched again with every term rules 1
   * and 2 keep (rarest first within `documentPostingBudget`). FTS5 reads each word's whole chunk
   * list whatever the rowids asked for, so the documents are searched in one query, and only
   * their chunks are joined and scored. BM25's weights stay the library's, so the scores of both
   * searches rank together.
   */
  private searchedAgainWithin(found: BmRow[], terms: string[], limit: number, filter: string | null): BmRow[] {
    const documents = this.documentsFor(found, terms, filter);
    const ranges = documents.flatMap((documentId) => this.rowRange(documentId) ?? []);
    const counted = terms.map((term) => ({ term, documentFrequency: this.documentFrequency(term) }));
    const match = matchExpression(selectDocumentTerms(counted, this.tail));
    if (!match || ranges.length === 0) return found;
    const within = ranges.map(() => "chunk_fts.rowid BETWEEN ? AND ?").join(" OR ");
    const statement = prepared(
      this.database,
      `SELECT m.chunk_id AS chunkId, d.document_id AS documentId, bm25(chunk_fts) AS bm25
       FROM chunk_fts CROSS JOIN index_chunks m ON m.rowid = chunk_fts.rowid
       JOIN index_documents d ON d.id = m.document
       WHERE chunk_fts MATCH ? AND (${within}) AND d.document_id IN (SELECT value FROM json_each(?))
       ORDER BY bm25 LIMIT ?`,
    );
    const bounds = ranges.flatMap((range) => [range.low, range.high]);
    const rows = new Map(found.map((row) => [row.chunkId, row]));
    for (const row of statement.all(match, ...bounds, JSON.stringify(documents), limit) as BmRow[]) {
      const known = rows.get(row.chunkId);
      if (known === undefined || row.bm25 < known.bm25) rows.set(row.chunkId, row);
    }
    return [...rows.values()].sort((left, right) => left.bm25 - right.bm25).slice(0, limit);
  }

  /** Every document's chunk count, read once per index generation. */
  private documentSizes(): Map<string, number> {
    if (this.frequencies.sizes === undefined) {
      const rows = this.documentSizesStatement.all() as { documentId: string; chunks: number }[];
      this.frequencies.sizes = new Map(rows.map((row) => [row.documentId, row.chunks]));
    }
    return this.frequencies.sizes;
  }

  /** The rowids of one document's chunks, read once per index generation. */
  private rowRange(documentId: string): RowRange | undefined {
    const known = this.frequencies.ranges.get(documentId);
    if (known) return known;
    const row = this.documentStatement.get(documentId) as { low: number | null; high: number | null } | undefined;
    if (row?.low == null || row.high == null) return undefined;
    const range = { low: row.low, high: row.high };
    this.frequencies.ranges.set(documentId, range);
    return range;
  }

  /** The question's terms after the tail rule, with document frequencies read once per index generation. */
  private boundedTerms(terms: string[]): QueryTermSelection {
    if (terms.length === 0) return { terms, overBudget: false, widened: terms };
    const generation = Number(this.generationStatement.get() ?? 0);
    if (generation !== this.frequencies.generation || this.frequencies.terms.size > maxCachedTerms) {
      this.frequencies = {
        generation,
        totalChunks: Number(this.chunkCountStatement.get()),
        terms: new Map(),
        slips: new Map(),
        ranges: new Map(),
        sizes: undefined,
      };
    }
    const counted = terms.map((term) => ({ term, documentFrequency: this.documentFrequency(term) }));
    // A word the library never prints may be a typing slip: its word as the library prints it is searched too.
    const slips = counted.flatMap(({ term, documentFrequency }) =>
      documentFrequency === 0
        ? this.printedSlips(term).map((slip) => ({ term: slip, documentFrequency: this.documentFrequency(slip) }))
        : [],
    );
    return planQueryTerms([...counted, ...slips], this.frequencies.totalChunks, this.tail);
  }

  /** How many chunks hold a term, read once per index generation. */
  private documentFrequency(term: string): number {
    const known = this.frequencies.terms;
    let documentFrequency = known.get(term);
    if (documentFrequency === undefined) {
      documentFrequency = Number(this.termCountStatement.get(`"${term}"`));
      known.set(term, documentFrequency);
    }
    return documentFrequency;
  }

  /**
   * What the index holds of the words of the language one typing slip from a question word of five
   * letters or more that is none and that the index does not hold: "custmers" is searched as
   * "custom", the stem the index keeps of "customers". Each slip that is a word is stemmed as the
   * index stems its words (Porter) and looked up among the index's own stems that begin with the
   * same letter. A word of the language the library does not print ("dedicated") is searched as
   * it is: it is no slip, and its slips' stems ("devicated" → "devic") would search for other things.
   */
  private printedSlips(term: string): string[] {
    const isWord = this.isWord;
    if (isWord === undefined || !/^[a-z]{5,}$/u.test(term) || isWord(term)) return [];
    const cached = this.frequencies.slips.get(term);
    if (cached) return cached;
    const first = term.charAt(0);
    const next = String.fromCodePoint((first.codePointAt(0) ?? 0) + 1);
    const printed = new Set(this.vocabularyStatement.all(first, next, term.length + 1) as string[]);
    const own = stemmer(term);
    const slips = new Set<string>();
    for (const variant of oneSlipVariants(term)) {
      const stem = stemmer(variant);
      if (stem !== own && printed.has(stem) && isWord(variant)) slips.add(stem);
    }
    const found = [...slips];
    this.frequencies.slips.set(term, found);
    return found;
  }

  /** Marks the index as changed for every connection's frequency cache; runs inside a write transaction. */
  private bumpGeneration(): void {
    this.database
      .prepare(
        `INSERT INTO index_meta (key, value) VALUES ('generation', '1')
         ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`,
      )
      .run();
  }

  private dense(embedding: number[], limit: number, filter: string | null): string[] {
    const sql = `SELECT m.chunk_id AS chunkId FROM (
        SELECT rowid, distance FROM chunk_vectors WHERE embedding MATCH ? AND k = ?
        ${filter === null ? "" : "AND document_id IN (SELECT value FROM json_each(?))"}
      ) v JOIN index_chunks m ON m.rowid = v.rowid ORDER BY v.distance`;
    const parameters: unknown[] = [new Float32Array(embedding), limit];
    if (filter !== null) parameters.push(filter);
    const rows = this.database.prepare(sql).all(...parameters) as { chunkId: string }[];
    return rows.map((row) => row.chunkId);
  }

  /** Deletes index rows (text, vector, mapping) whose rowids the select returns. */
  private deleteRows(selectRowids: string, parameter: string): void {
    const rowids = (this.database.prepare(selectRowids).all(parameter) as { rowid: number }[]).map((row) =>
      BigInt(row.rowid),
    );
    if (rowids.length === 0) return;
    const deleteText = this.database.prepare("DELETE FROM chunk_fts WHERE rowid = ?");
    const deleteChunk = this.database.prepare("DELETE FROM index_chunks WHERE rowid = ?");
    const deleteVector = this.readVectorMeta()
      ? this.database.prepare("DELETE FROM chunk_vectors WHERE rowid = ?")
      : undefined;
    for (const rowid of rowids) {
      deleteText.run(rowid);
      deleteVector?.run(rowid);
      deleteChunk.run(rowid);
    }
  }

  /** Prepares the vector insert, creating the vector table on first use and refusing incompatible vectors. */
  private vectorInserter(dimension: number) {
    if (this.vecLoadError) {
      throw new VectorStoreUnavailableError(
        "The sqlite-vec extension could not be loaded, so vectors cannot be stored.",
        {
          cause: this.vecLoadError,
        },
      );
    }
    let meta = this.readVectorMeta();
    if (meta && this.countVectors() === 0 && !isCompatible(meta, dimension, this.embeddingModel)) {
      // An empty vector table can take a new model without a reindex.
      this.resetVectors();
      meta = undefined;
    }
    if (!meta) {
      meta = { dimension, model: this.embeddingModel ?? "unknown" };
      if (!Number.isInteger(dimension) || dimension <= 0) {
        throw new VectorStoreUnavailableError(`An embedding must have at least one dimension, not ${dimension}.`);
      }
      this.database.exec(
        `CREATE VIRTUAL TABLE chunk_vectors USING vec0(
          document_id text, embedding float[${dimension}] distance_metric=cosine)`,
      );
      const setMeta = this.database.prepare("INSERT OR REPLACE INTO index_meta (key, value) VALUES (?, ?)");
      setMeta.run("vector_dimension", String(meta.dimension));
      setMeta.run("vector_model", meta.model);
    }
    this.checkCompatible(meta, dimension);
    return this.database.prepare("INSERT INTO chunk_vectors (rowid, document_id, embedding) VALUES (?, ?, ?)");
  }

  private checkCompatible(meta: VectorMeta, dimension: number): void {
    if (isCompatible(meta, dimension, this.embeddingModel)) return;
    const found =
      meta.dimension === dimension
        ? `the configured embedder is ${this.embeddingModel}`
        : `the configured embedder produces ${dimension}-dimension vectors`;
    throw new VectorStoreUnavailableError(
      `The embedded index holds ${meta.dimension}-dimension vectors of ${meta.model}, but ${found}. ` +
        `Rebuild the index (npm run reindex) or configure ${meta.model} again.`,
    );
  }

  private readVectorMeta(): VectorMeta | undefined {
    const rows = prepared(this.database, "SELECT key, value FROM index_meta WHERE key LIKE 'vector_%'").all() as {
      key: string;
      value: string;
    }[];
    const values = new Map(rows.map((row) => [row.key, row.value]));
    const dimension = Number(values.get("vector_dimension"));
    const model = values.get("vector_model");
    return Number.isInteger(dimension) && dimension > 0 && model ? { dimension, model } : undefined;
  }

  private countVectors(): number {
    return (this.database.prepare("SELECT count(*) AS n FROM chunk_vectors").get() as { n: number }).n;
  }
}

function isCompatible(meta: VectorMeta, dimension: number, model: string | undefined): boolean {
  return meta.dimension === dimension && (model === undefined || meta.model === model);
}

/**
 * An index written before chunks named their document by key (index_chunks.document_id): its
 * chunks are keyed in place, in one transaction, and its documents get their chunk counts. Their
 * word counts come with `npm run reindex`; until then rule 5 finds them by the bounded search.
 */
export function keyChunksByDocument(database: Database): void {
  const columns = () => database.prepare("SELECT name FROM pragma_table_info('index_chunks')").pluck().all();
  if (!columns().includes("document_id")) return;
  database
    .transaction(() => {
      if (!columns().includes("document_id")) return;
      database.exec(`
        INSERT INTO index_documents (document_id, chunks)
          SELECT document_id, count(*) FROM index_chunks WHERE true GROUP BY document_id
          ON CONFLICT (document_id) DO NOTHING;
        CREATE TABLE index_chunks_keyed (
          rowid INTEGER PRIMARY KEY, chunk_id TEXT NOT NULL UNIQUE, document INTEGER NOT NULL);
        INSERT INTO index_chunks_keyed (rowid, chunk_id, document)
          SELECT c.rowid, c.chunk_id, d.id FROM index_chunks c JOIN index_documents d ON d.document_id = c.document_id;
        DROP INDEX IF EXISTS index_chunks_document;
        DROP TABLE index_chunks;
        ALTER TABLE index_chunks_keyed RENAME TO index_chunks;
      `);
    })
    .immediate();
}

/** Loads sqlite-vec into the connection; returns the failure instead of throwing so BM25 keeps working. */
function loadSqliteVec(database: Database): unknown {
  try {
    sqliteVec.load(database);
    return undefined;
  } catch (error) {
    return error;
  }
}
