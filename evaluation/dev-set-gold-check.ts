import path from "node:path";
import type { LoadedDevQuestion } from "./dev-set-schema";
import type { PageRef, PageRenderings } from "./dev-set-scoring";
import { factMatches } from "./text-judge";

/** A gold fact whose pattern poppler's text of its own pages does not match. */
export interface GoldProblem {
  id: string;
  fact: number;
  pattern: string;
  pages: number[];
}

/** The pages every fact names, as the poppler judge is asked for them. */
export function goldPages(questions: LoadedDevQuestion[]): PageRef[] {
  return questions.flatMap((question) =>
    question.facts.flatMap((fact) => fact.pages.map((page) => ({ filename: path.basename(question.document), page }))),
  );
}

/**
 * Facts that no answer could match on the page the dev set names: the pattern misses
 * poppler's text of every one of the fact's pages in both renderings. Such a fact is a dev-set
 * error to report to its writer, not something for the engine to meet. Without poppler, nothing is checked.
 */
export function checkGold(questions: LoadedDevQuestion[], pages: PageRenderings): GoldProblem[] {
  return questions.flatMap((question) =>
    question.facts.flatMap((fact, index): GoldProblem[] => {
      const renderings = fact.pages.map((page) => pages({ filename: path.basename(question.document), page }));
      if (renderings.some((rendering) => rendering === undefined)) return [];
      const pattern = question.patterns[index] as RegExp;
      const found = renderings.some((rendering) => factMatches(pattern, rendering ?? []));
      return found ? [] : [{ id: question.id, fact: index + 1, pattern: fact.pattern, pages: fact.pages }];
    }),
  );
}
