/**
 * The bounded retrieval tail. An OR query over FTS5 scores every chunk that holds any of its
 * terms, so its cost is the sum of the terms' document frequencies; a word found in most of the
 * library ("system", "report") makes every question slower as the library grows while adding
 * almost nothing to the ranking (BM25's idf of a term in more than half of the chunks is ≤ 0,
 * which FTS5 clamps to a near-zero weight). The rule, applied before the MATCH expression is built:
 *
 * 1. Terms found in no chunk are left out (they cannot match).
 * 2. A term whose document frequency is above `maxTermShare` of all chunks is dropped.
 * 3. The remaining terms are taken rarest first while the sum of their document frequencies
 *    stays within `postingBudget`; the rest (the most common) are dropped.
 * 4. If that leaves nothing, the single rarest term that occurs at all is kept, so a question
 *    made only of common words still retrieves something. (Searching it alone is the cheapest
 *    option measured: an AND of the common terms scores fewer chunks but costs more per chunk.)
 *    Its search is bounded too: BM25 ranks only the first `postingBudget` chunks holding it, the
 *    most recently indexed first. Such a word tells so little about where the answer is (its
 *    idf is near zero) that ranking all its chunks would cost the most for the least.
 * 5. When rule 3 or 4 left words out, the documents that hold the question's words best are
 *    searched again with them: documents are ranked by BM25 over their own word counts (how many
 *    of a document's chunks hold each word, kept at indexing in `index_document_terms`), the best
 *    `documentsSearched` of them and the bounded search's best are searched with every word rules
 *    1 and 2 keep (rarest first within `documentPostingBudget`), and only their chunks are scored.
 *    A word common across the library ("debian", "manual") is often what tells one document's
 *    answer from the rest of that document; rarest-first alone lost it. Ranking documents reads
 *    at most one row per document and word, never the chunks. The second search still reads
 *    each of its words' whole chunk lists (FTS5 does so whatever rowids are asked for; measured),
 *    which is what `documentPostingBudget` bounds; the scoring, join and sort it saves are most
 *    of an unbounded search's time.
 *
 * Rules 3 and 4 apply only to a library of more than `boundFromChunks` chunks. Below that even a
 * query of every term costs a few milliseconds, and the budget would only cost answers: a word
 * frequent in one long document ("debian" across a policy manual) is what ties a question to that
 * document, and rarest-first drops it once a few rarer words fill the budget. So a small or
 * middling library is ranked by plain BM25 (rule 2 aside), and in a large one the work per
 * question is bounded by the budget instead of growing with the library. The order of the kept
 * terms follows the question.
 */
export interface RetrievalTailSettings {
  /** Share of all chunks (0–1) above which a term counts as matching most of the library. */
  maxTermShare: number;
  /** Largest sum of document frequencies (chunks) of the terms one query keeps. */
  postingBudget: number;
  /** Library size (chunks) above which the budget (rules 3 and 4) applies. */
  boundFromChunks: number;
  /** Rule 5: how many documents, the best by their own words, are searched again with the dropped terms. */
  documentsSearched: number;
  /** Rule 5: largest sum of document frequencies (chunks, library-wide) of the terms searched again. */
  documentPostingBudget: number;
}

/**
 * The defaults. `maxTermShare` 0.5 is where BM25's idf reaches zero. `postingBudget` 300 chunks was
 * chosen with the retrieval section of `npm run bench` (generated library, 100 and 5,000 pages):
 * before rule 4 was bounded, budgets of 400–4,000 all left the 5,000-page p95 at 3.1–3.8× the
 * 100-page one, set by questions of common words only; with it bounded, 500 gave ×2.9–3.6 and
 * 300 ×2.2–2.6 in three runs each. `npm run eval` on the dev set retrieves a gold page for the same
 * 99 of 104 answerable questions with 300 as with 500 and with the rule off.
 */
/*
 * Rule 5's settings were chosen on the 324 held-out questions asked of their 36 documents in one
 * library (over 4,000 chunks, so the budget applies), and the retrieval section of `npm run bench`
 * (evaluation/README.md, stop 52): three documents found a gold page for 227 of 252 answerable
 * questions (five: 231, but one answer fewer), the bounded search's own three best documents 218,
 * no budget at all 234, the budget alone 203. `documentPostingBudget` 5,000 cost one answer against
 * 10,000 and bounds the search again for libraries far larger than the bench's 9,000 chunks.
 */
export const defaultRetrievalTailSettings: RetrievalTailSettings = {
  maxTermShare: 0.5,
  postingBudget: 300,
  boundFromChunks: 4000,
  documentsSearched: 3,
  documentPostingBudget: 5000,
};

/** A query term with the number of chunks it occurs in. */
export interface TermFrequency {
  term: string;
  documentFrequency: number;
}

/** The terms a query keeps, and whether their chunks pass the budget (rule 4: only the first are ranked). */
export interface QueryTermSelection {
  terms: string[];
  overBudget: boolean;
  /** The terms rules 1 and 2 keep, in question order: what rule 5 searches within a document. */
  widened: string[];
}

/** Applies rules 1–4 and says whether the search must be bounded; pure, like `selectQueryTerms`. */
export function planQueryTerms(
  terms: readonly TermFrequency[],
  totalChunks: number,
  settings: RetrievalTailSettings = defaultRetrievalTailSettings,
): QueryTermSelection {
  const kept = selectQueryTerms(terms, totalChunks, settings);
  const postings = terms
    .filter((term) => kept.includes(term.term))
    .reduce((sum, term) => sum + term.documentFrequency, 0);
  const widened = underShare(terms, totalChunks, settings).map((term) => term.term);
  return {
    terms: kept,
    overBudget: totalChunks > settings.boundFromChunks && postings > settings.postingBudget,
    widened: widened.length > kept.length ? widened : kept,
  };
}

/**
 * Rule 5's terms: those rules 1 and 2 keep, taken rarest first while their document frequencies
 * stay within `documentPostingBudget`, at least the rarest; pure.
 */
export function selectDocumentTerms(terms: readonly TermFrequency[], settings: RetrievalTailSettings): string[] {
  return selectQueryTerms(terms, Number.POSITIVE_INFINITY, {
    ...settings,
    maxTermShare: Number.POSITIVE_INFINITY,
    postingBudget: settings.documentPostingBudget,
    boundFromChunks: 0,
  });
}

/** Rules 1 and 2: the terms found somewhere but in no more than `maxTermShare` of the chunks, in question order. */
function underShare(terms: readonly TermFrequency[], totalChunks: number, settings: RetrievalTailSettings) {
  const shareLimit = settings.maxTermShare * totalChunks;
  return terms.filter((term) => term.documentFrequency > 0 && term.documentFrequency <= shareLimit);
}

/** Applies rules 1–3 and the choice of rule 4; pure, so it is tested on hand-made frequencies. */
export function selectQueryTerms(
  terms: readonly TermFrequency[],
  totalChunks: number,
  settings: RetrievalTailSettings = defaultRetrievalTailSettings,
): string[] {
  const present = terms.filter((term) => term.documentFrequency > 0);
  if (present.length === 0) return [];
  const byRarity = underShare(present, totalChunks, settings).sort(
    (left, right) => left.documentFrequency - right.documentFrequency,
  );
  const budget = totalChunks > settings.boundFromChunks ? settings.postingBudget : Number.POSITIVE_INFINITY;
  const kept = new Set<string>();
  let postings = 0;
  for (const term of byRarity) {
    if (postings + term.documentFrequency > budget) break;
    postings += term.documentFrequency;
    kept.add(term.term);
  }
  if (kept.size === 0) {
    const rarest = present.reduce((best, term) => (term.documentFrequency < best.documentFrequency ? term : best));
    kept.add(rarest.term);
  }
  return present.filter((term) => kept.has(term.term)).map((term) => term.term);
}

/** How many of one document's chunks hold a term (a stem as the index keeps it). */
export interface DocumentTermCount {
  term: string;
  documentId: string;
  chunks: number;
}

/**
 * Rule 5's choice of documents: BM25 with documents for texts, the chunks of a document that
 * hold a term for its frequency and the document's chunk count for its length (k1 1.2, b 0.75).
 * `sizes` gives every document's chunk count; pure. Best first, at most `limit`.
 */
export function rankDocuments(
  counts: readonly DocumentTermCount[],
  sizes: ReadonlyMap<string, number>,
  limit: number,
): string[] {
  const documents = sizes.size;
  if (documents === 0 || limit <= 0) return [];
  let total = 0;
  for (const size of sizes.values()) total += size;
  const average = total / documents;
  const holding = new Map<string, number>();
  for (const count of counts) holding.set(count.term, (holding.get(count.term) ?? 0) + 1);
  const scores = new Map<string, number>();
  for (const { term, documentId, chunks } of counts) {
    const size = sizes.get(documentId);
    if (size === undefined || chunks <= 0) continue;
    const held = holding.get(term) ?? 0;
    const idf = Math.log(1 + (documents - held + 0.5) / (held + 0.5));
    const frequency = (chunks * 2.2) / (chunks + 1.2 * (0.25 + (0.75 * size) / average));
    scores.set(documentId, (scores.get(documentId) ?? 0) + idf * frequency);
  }
  return [...scores.entries()]
    .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
    .slice(0, limit)
    .map(([documentId]) => documentId);
}
