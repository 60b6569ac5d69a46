import { selfContainedProblem } from "../answer/self-contained";
import { splitSentences } from "../answer/split-sentences";
import { contentTerms } from "./content-terms";
import { documentScope, lineShape, runningLines } from "./document-scope";
import type { DraftPassage } from "./drafter";
import { type SentenceTerms, sameTerm } from "./sentence-relevance";

/** A fragment of at most this many content terms is taken for a heading ("Service areas."). */
const HEADING_MAX_TERMS = 8;
const headingProblems = new Set(["too_short", "no_verb", "no_terminal_punctuation"]);

/** One sentence of a retrieved passage, as the extractive drafter weighs it. */
export interface PassageSentence extends SentenceTerms {
  localId: number;
  /** 1-based retrieval rank of its passage. */
  rank: number;
  /** The sentence exactly as it stands in the passage. */
  quote: string;
  /** Whether it may be quoted as a claim (self-contained). */
  quotable: boolean;
  /** The document its passage comes from; empty when passages do not say. */
  document: string;
}

/**
 * Every sentence of every passage, with the heading it sits under within its passage as
 * context, and as given those of `named` (the question's names) that name its document: "Books
 * may be borrowed for 21 days." is about the Orchard Valley Library of its page footer.
 * Running headers and footers are neither headings nor quotable, nor is a sentence they open
 * ("NIST AI 100-1 AI RMF 1.0 valid and reliable, …" is the tail of one from the page before).
 */
export function readSentences(passages: DraftPassage[], named: string[] = []): PassageSentence[] {
  const running = runningLines(passages);
  const scope = documentScope(passages, running);
  return passages.flatMap((passage, position) => {
    const names = (scope.get(passage.localId) ?? []).filter((term) => named.some((name) => sameTerm(name, term)));
    let heading: string[] = [];
    return splitSentences(passage.text).map((sentence) => {
      const terms = contentTerms(sentence.text);
      const problem = selfContainedProblem(sentence.text, "sentence");
      const opensWithRunningLine = running.has(lineShape(sentence.text.split("\n")[0] as string));
      // "Motor power 250 W" is a table row, not a heading; "3.1 Inputs and Outputs" is one.
      const tableRow = /\d/.test(sentence.text.replace(/^\s*\d+(?:\.\d+)*\.?\s/, ""));
      const context = heading;
      if (
        !opensWithRunningLine &&
        !tableRow &&
        problem !== null &&
        headingProblems.has(problem) &&
        terms.length > 0 &&
        terms.length <= HEADING_MAX_TERMS
      ) {
        heading = terms;
      }
      const quotable = problem === null && !opensWithRunningLine;
      const document = passage.source ?? "";
      return {
        localId: passage.localId,
        rank: position + 1,
        quote: sentence.text,
        terms,
        context,
        given: names,
        quotable,
        document,
      };
    });
  });
}
