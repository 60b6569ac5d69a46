import { stem } from "./content-terms";

/** Share of the question's term weight a sentence must cover to count as an answer. */
export const MIN_COVERAGE = 0.5;

/**
 * Whether two stemmed terms name the same thing: equal, or one extends the other by at most
 * three letters ("serv" from "served" and "servic" from "service"), which the light stemmer
 * cannot bring together itself.
 */
export function sameTerm(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 3 && long.startsWith(short);
}

/**
 * Words that name the kind of answer wanted ("cancellation period", "which cities") rather than
 * its subject. Documents state the answer ("within thirty days", "in Rome and Milan") without
 * them, so one that no passage mentions does not count against a sentence.
 */
const answerTypeWords = new Set(
  (
    "period window time timeframe deadline duration date day year amount number count total name cost price fee " +
    "limit rate value percentage city town place location country region area person people"
  )
    .split(" ")
    .map(stem),
);

/** A sentence's own terms, and those of the heading it sits under, which also say what it is about. */
export interface SentenceTerms {
  terms: string[];
  context: string[];
}

const mentions = (sentence: SentenceTerms, term: string) =>
  sentence.terms.some((own) => sameTerm(term, own)) || sentence.context.some((heading) => sameTerm(term, heading));

/**
 * Builds a scorer of sentences against one question's content terms. A term weighs more the
 * fewer of the part's sentences mention it, and most when none does: missing such a term is
 * what an off-topic question looks like. The scorer returns null below the relevance floor
 * (fewer than half of the terms, fewer than two when the question has two or more, or less
 * than half of their weight), else a score rising with coverage and with question phrases
 * found in the same order ("block size").
 */
export function relevanceScorer(
  allQuestionTerms: string[],
  sentences: SentenceTerms[],
): (sentence: SentenceTerms) => number | null {
  const n = sentences.length;
  const unmentioned = (term: string) => !sentences.some((sentence) => mentions(sentence, term));
  const subjectTerms = allQuestionTerms.filter((term) => !(answerTypeWords.has(term) && unmentioned(term)));
  const questionTerms = subjectTerms.length > 0 ? subjectTerms : allQuestionTerms;
  const weight = new Map(
    questionTerms.map((term) => {
      const frequency = sentences.filter((sentence) => mentions(sentence, term)).length;
      return [term, Math.log(1 + (n + 1) / (frequency + 0.5))];
    }),
  );
  const weightOf = (term: string) => weight.get(term) ?? 0;
  const total = questionTerms.reduce((sum, term) => sum + weightOf(term), 0);
  const needed = Math.max(Math.ceil(questionTerms.length / 2), Math.min(questionTerms.length, 2));
  const questionPairs = questionTerms.slice(1).map((term, k) => [questionTerms[k] as string, term] as const);

  return (sentence) => {
    const matched = questionTerms.filter((term) => mentions(sentence, term));
    const coverage = matched.reduce((sum, term) => sum + weightOf(term), 0) / total;
    if (questionTerms.length === 0 || matched.length < needed || coverage < MIN_COVERAGE) return null;
    const { terms } = sentence;
    const phrases = questionPairs.filter(([first, second]) =>
      terms.some(
        (term, k) => k + 1 < terms.length && sameTerm(first, term) && sameTerm(second, terms[k + 1] as string),
      ),
    ).length;
    // Weight alone would let one rare term outrank a sentence that matches as many terms and answers.
    return (coverage + matched.length / questionTerms.length) / 2 + 0.1 * Math.min(phrases, 2);
  };
}
