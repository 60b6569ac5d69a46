import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { DraftPassage } from "../drafting/drafter";
import { answerCandidates } from "./answer-candidates";
import { type CandidateFeatures, candidateFeatures } from "./candidate-features";
import { inferStructure } from "./infer-structure";
import { ligatureRepairs } from "./ligature-repair";
import { formSet, formsOf, type WordForm, wordForms } from "./word-forms";

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

  /** `knows` tells a dictionary word, to put back the ligatures a PDF lost (ligature-repair.ts); none without it. */
  constructor(
    maxEntries: number,
    private readonly knows?: () => (word: string) => boolean,
  ) {
    this.cache = maxEntries > 0 ? new LRUCache({ max: maxEntries }) : undefined;
  }

  analyse(passage: Pick<DraftPassage, "text" | "structure">): AnalysedPassage {
    if (this.cache === undefined) return analysePassage(passage, this.knows?.());
    const key = createHash("sha1")
      .update(passage.text)
      .update("\u0000")
      .update(passage.structure ? JSON.stringify(passage.structure) : "")
      .digest("base64");
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const analysed = analysePassage(passage, this.knows?.());
    this.cache.set(key, analysed);
    return analysed;
  }

  get size(): number {
    return this.cache?.size ?? 0;
  }
}

function analysePassage(
  passage: Pick<DraftPassage, "text" | "structure">,
  knows: ((word: string) => boolean) | undefined,
): AnalysedPassage {
  const structure = passage.structure ?? inferStructure(passage.text);
  const features = answerCandidates(passage.text, structure).map(candidateFeatures);
  const forms = formSet(wordForms(passage.text));
  const repairs = knows ? ligatureRepairs(passage.text, knows) : new Map<string, string>();
  if (repairs.size === 0) return { features, forms };
  for (const whole of repairs.values()) for (const form of formsOf(whole)) forms.add(form);
  return { features: features.map((each) => withRepairs(each, repairs)), forms };
}

/** A candidate's words also in the forms of the words they were before a ligature was lost. */
function withRepairs(features: CandidateFeatures, repairs: Map<string, string>): CandidateFeatures {
  const repaired = (words: WordForm[]) =>
    words.map((word) => {
      const whole = repairs.get(word.surface);
      return whole === undefined ? word : { ...word, forms: [...new Set([...word.forms, ...formsOf(whole)])] };
    });
  const own = repaired(features.own);
  const context = repaired(features.context);
  const claimForms = new Set(features.claimForms);
  for (const surface of features.claimSurfaces) {
    const whole = repairs.get(surface);
    if (whole !== undefined) for (const form of formsOf(whole)) claimForms.add(form);
  }
  return { ...features, own, context, ownForms: formSet(own), contextForms: formSet(context), claimForms };
}
