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
}

/**
 * The defaults. `maxTermShare` 0.5 is where BM25's idf reaches zero. `postingBudget` 300 chunks was
 * chosen with the retrieval section of `npm run bench` (generated library, 100 and 5,000 pages):
 * before rule 4 was bounded, budgets of 400–4,000 all left the 5,000-page p95 at 3.1–3.8× the
 * 100-page one, set by questions of common words only; with it bounded, 500 gave ×2.9–3.6 and
 * 300 ×2.2–2.6 in three runs each. `npm run eval` on the dev set retrieves a gold page for the same
 * 99 of 104 answerable questions with 300 as with 500 and with the rule off.
 */
export const defaultRetrievalTailSettings: RetrievalTailSettings = {
  maxTermShare: 0.5,
  postingBudget: 300,
  boundFromChunks: 4000,
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
  return { terms: kept, overBudget: totalChunks > settings.boundFromChunks && postings > settings.postingBudget };
}

/** Applies rules 1–3 and the choice of rule 4; pure, so it is tested on hand-made frequencies. */
export function selectQueryTerms(
  terms: readonly TermFrequency[],
  totalChunks: number,
  settings: RetrievalTailSettings = defaultRetrievalTailSettings,
): string[] {
  const present = terms.filter((term) => term.documentFrequency > 0);
  if (present.length === 0) return [];
  const shareLimit = settings.maxTermShare * totalChunks;
  const byRarity = present
    .filter((term) => term.documentFrequency <= shareLimit)
    .sort((left, right) => left.documentFrequency - right.documentFrequency);
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
