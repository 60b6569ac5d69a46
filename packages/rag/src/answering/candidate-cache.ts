import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { DraftPassage } from "../drafting/drafter";
import { answerCandidates } from "./answer-candidates";
import { type CandidateFeatures, candidateFeatures } from "./candidate-features";
import { inferStructure } from "./infer-structure";
import { formSet, wordForms } from "./word-forms";

/** A passage's candidates with their features, and every form its text holds (for the document-scope check). */
export interface AnalysedPassage {
  features: CandidateFeatures[];
  forms: Set<string>;
}

/**
 * Analyses passages once: the same chunks come back ask after ask, and reading their candidates
 * and word forms is most of an ask's drafting time. Keyed by a hash of text and structure.
 */
export class CandidateCache {
  /** None when `maxEntries` is 0: every ask then analyses its passages afresh. */
  private readonly cache: LRUCache<string, AnalysedPassage> | undefined;

  constructor(maxEntries: number) {
    this.cache = maxEntries > 0 ? new LRUCache({ max: maxEntries }) : undefined;
  }

  analyse(passage: Pick<DraftPassage, "text" | "structure">): AnalysedPassage {
    if (this.cache === undefined) return analysePassage(passage);
    const key = createHash("sha1")
      .update(passage.text)
      .update("\u0000")
      .update(passage.structure ? JSON.stringify(passage.structure) : "")
      .digest("base64");
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const analysed = analysePassage(passage);
    this.cache.set(key, analysed);
    return analysed;
  }

  get size(): number {
    return this.cache?.size ?? 0;
  }
}

function analysePassage(passage: Pick<DraftPassage, "text" | "structure">): AnalysedPassage {
  const structure = passage.structure ?? inferStructure(passage.text);
  return {
    features: answerCandidates(passage.text, structure).map(candidateFeatures),
    forms: formSet(wordForms(passage.text)),
  };
}
