/** Sparse vector as Qdrant takes it: unique uint32 indices with one value each. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/** BM25 parameters for document term weights. */
export interface Bm25Settings {
  k1: number;
  b: number;
  /** Typical chunk length in tokens after stopwords; documents are not counted globally. */
  averageLength: number;
}

export const BM25_DEFAULTS: Bm25Settings = { k1: 1.2, b: 0.75, averageLength: 120 };

/** Common English function words (Lucene's list plus question words), which carry no topic. */
const STOPWORDS = new Set(
  (
    "a an and are as at be but by for if in into is it no not of on or such that the their then there these they " +
    "this to was will with what which who whom whose when where why how do does did has have had its were been " +
    "being am can could would should may might must shall about from than so"
  ).split(" "),
);

/** Folds plurals so `policies` matches `policy`; deliberately light, applied to text and queries alike. */
function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * Splits text into search terms the way a search engine would: accents folded, lowercased,
 * Unicode letters and digits only, stopwords and single letters dropped, plurals folded.
 */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => !STOPWORDS.has(word) && (word.length > 1 || /\p{N}/u.test(word))).map(stem);
}

const encoder = new TextEncoder();

/** 32-bit FNV-1a over the UTF-8 bytes of `term`; the sparse index of the term. */
export function fnv1a32(term: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(term)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Term frequencies by hashed index; colliding terms simply add up. */
function countTerms(tokens: string[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const index = fnv1a32(token);
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  return counts;
}

function toSparse(weights: Map<number, number>): SparseVector {
  const indices = [...weights.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((index) => weights.get(index) as number) };
}

/**
 * BM25 term weights of a passage: tf·(k1+1) / (tf + k1·(1 − b + b·length/averageLength)).
 * Qdrant's `idf` modifier supplies the inverse document frequency at query time.
 */
export function documentSparseVector(text: string, settings: Bm25Settings = BM25_DEFAULTS): SparseVector {
  const tokens = tokenize(text);
  const { k1, b, averageLength } = settings;
  const lengthNorm = 1 - b + (b * tokens.length) / averageLength;
  const weights = new Map<number, number>();
  for (const [index, tf] of countTerms(tokens)) weights.set(index, (tf * (k1 + 1)) / (tf + k1 * lengthNorm));
  return toSparse(weights);
}

/** A query's sparse vector: weight 1 per distinct term, so the score is the sum of matched BM25 weights. */
export function querySparseVector(text: string): SparseVector {
  const weights = new Map<number, number>();
  for (const index of countTerms(tokenize(text)).keys()) weights.set(index, 1);
  return toSparse(weights);
}
