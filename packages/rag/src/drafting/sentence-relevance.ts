import { stem } from "./content-terms";

/** Share of the question's term weight a sentence must cover to count as an answer. */
export const MIN_COVERAGE = 0.5;
/** How much more a named term of the question weighs than a common word as rare. */
const NAME_WEIGHT = 2;

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
  /**
   * Question terms its document goes by ("Orchard Valley Library" in the page footer): taken as
   * given, they are left out of what the sentence must cover rather than counted as covered.
   */
  given?: string[];
}

/** Whether the sentence or its heading names `term`. */
export const mentions = (sentence: SentenceTerms, term: string) =>
  sentence.terms.some((own) => sameTerm(term, own)) || sentence.context.some((heading) => sameTerm(term, heading));

const isGiven = (sentence: SentenceTerms, term: string) =>
  (sentence.given ?? []).some((given) => sameTerm(term, given));

/** Whether the sentence, its heading or its document names `term`. */
export const mentionsOrGiven = (sentence: SentenceTerms, term: string) =>
  mentions(sentence, term) || isGiven(sentence, term);

/** Whether `term` is only given by the sentence's document, not named by the sentence or its heading. */
const onlyGiven = (sentence: SentenceTerms, term: string) => isGiven(sentence, term) && !mentions(sentence, term);

/** How a sentence meets a question: a score, the share of term weight it covers and the terms it misses. */
export interface Relevance {
  score: number;
  coverage: number;
  missing: string[];
}

/**
 * Builds a scorer of sentences against one question's content terms. A term weighs more the
 * fewer of the part's sentences mention it, and most when none does: missing such a term is
 * what an off-topic question looks like; `named` terms weigh double. The scorer returns null
 * below the relevance floor (fewer than half of the terms a sentence is not given, fewer than
 * two when there are two or more, or less than half of their weight), else a score rising
 * with coverage and with question phrases found in the same order ("block size").
 */
export function relevanceScorer(
  allQuestionTerms: string[],
  sentences: SentenceTerms[],
  named: string[] = [],
): (sentence: SentenceTerms) => Relevance | null {
  const n = sentences.length;
  const unmentioned = (term: string) => !sentences.some((sentence) => mentions(sentence, term));
  const subjectTerms = allQuestionTerms.filter((term) => !(answerTypeWords.has(term) && unmentioned(term)));
  const questionTerms = subjectTerms.length > 0 ? subjectTerms : allQuestionTerms;
  const weight = new Map(
    questionTerms.map((term) => {
      const frequency = sentences.filter((sentence) => mentions(sentence, term)).length;
      // A name ("Willow Park", "K7") singles out what is asked about more than any common word.
      const nameFactor = named.includes(term) ? NAME_WEIGHT : 1;
      return [term, nameFactor * Math.log(1 + (n + 1) / (frequency + 0.5))];
    }),
  );
  const weightOf = (term: string) => weight.get(term) ?? 0;
  const questionPairs = questionTerms.slice(1).map((term, k) => [questionTerms[k] as string, term] as const);

  return (sentence) => {
    const asked = questionTerms.filter((term) => !onlyGiven(sentence, term));
    const matched = asked.filter((term) => mentions(sentence, term));
    const total = asked.reduce((sum, term) => sum + weightOf(term), 0);
    const coverage = total > 0 ? matched.reduce((sum, term) => sum + weightOf(term), 0) / total : 0;
    const needed = Math.max(Math.ceil(asked.length / 2), Math.min(asked.length, 2));
    if (asked.length === 0 || matched.length < needed || coverage < MIN_COVERAGE) return null;
    // Names say whom the question is about; the other words say what it asks. Names alone answer nothing.
    const plain = asked.filter((term) => !named.includes(term));
    if (plain.filter((term) => matched.includes(term)).length < Math.ceil(plain.length / 2)) return null;
    const { terms } = sentence;
    const phrases = questionPairs.filter(([first, second]) =>
      terms.some(
        (term, k) => k + 1 < terms.length && sameTerm(first, term) && sameTerm(second, terms[k + 1] as string),
      ),
    ).length;
    // Weight alone would let one rare term outrank a sentence that matches as many terms and answers.
    const score = (coverage + matched.length / asked.length) / 2 + 0.1 * Math.min(phrases, 2);
    return { score, coverage, missing: asked.filter((term) => !matched.includes(term)) };
  };
}
