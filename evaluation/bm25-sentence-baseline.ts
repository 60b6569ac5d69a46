import { type Sentence, splitSentences } from "@audited-rag/rag";

/**
 * The "plain BM25, best sentence of the top passage" baseline the engine must beat: no
 * stemming, no synonyms, no answer types, never abstains. Pure; the runner feeds it the
 * index's top passage and the library's term statistics.
 */

const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;

// The function words the FTS query leaves out (retrieval/fts-query.ts), so both halves of the baseline agree.
const stopwords = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "me my no not of on or our so than that the their them then there these they this those to was we were " +
    "what when where which who whom why will with would you your"
  ).split(" "),
);

/** Lowercased word tokens without function words; words hyphenated at a line end are joined first. */
export function baselineTerms(text: string): string[] {
  const joined = text
    .replace(/(\p{L})-\n(\p{Ll})/gu, "$1$2")
    .normalize("NFKC")
    .toLowerCase();
  return [...joined.matchAll(wordPattern)].map((match) => match[0]).filter((word) => !stopwords.has(word));
}

/** How many passages of the library contain each term: the idf of BM25. */
export interface TermStatistics {
  passages: number;
  documentFrequency: Map<string, number>;
}

export function termStatistics(passages: Iterable<string>): TermStatistics {
  const documentFrequency = new Map<string, number>();
  let count = 0;
  for (const text of passages) {
    count++;
    for (const term of new Set(baselineTerms(text)))
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  return { passages: count, documentFrequency };
}

/** BM25's idf, floored at a small positive value so a term in every passage still counts a little. */
export function inverseDocumentFrequency(term: string, statistics: TermStatistics): number {
  const df = statistics.documentFrequency.get(term) ?? 0;
  return Math.log(1 + (statistics.passages - df + 0.5) / (df + 0.5));
}

const k1 = 1.2;
const b = 0.75;

/** BM25 of each sentence against the question's terms, sentences as the "documents" and their mean length as avgdl. */
export function scoreSentences(question: string, sentences: Sentence[], statistics: TermStatistics): number[] {
  const queryTerms = [...new Set(baselineTerms(question))];
  const tokenised = sentences.map((sentence) => baselineTerms(sentence.text));
  const averageLength = tokenised.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, tokenised.length) || 1;
  return tokenised.map((terms) => {
    const frequency = new Map<string, number>();
    for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    let score = 0;
    for (const term of queryTerms) {
      const tf = frequency.get(term) ?? 0;
      if (tf === 0) continue;
      const norm = tf + k1 * (1 - b + (b * terms.length) / averageLength);
      score += inverseDocumentFrequency(term, statistics) * ((tf * (k1 + 1)) / norm);
    }
    return score;
  });
}

/** The best-scoring sentence of the passage (the first on a tie, the first when none overlaps); null for empty text. */
export function bestSentence(question: string, passageText: string, statistics: TermStatistics): Sentence | null {
  const sentences = splitSentences(passageText);
  if (sentences.length === 0) return null;
  const scores = scoreSentences(question, sentences, statistics);
  let best = 0;
  for (let index = 1; index < scores.length; index++) {
    if ((scores[index] as number) > (scores[best] as number)) best = index;
  }
  return sentences[best] as Sentence;
}
