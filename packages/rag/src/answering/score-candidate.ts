import type { AnswerEngineSettings } from "./answer-engine-settings";
import type { CandidateFeatures } from "./candidate-features";
import type { QuestionAnalysis, QuestionTerm } from "./question-analysis";
import type { WordForm } from "./word-forms";

/** The parts of one candidate's score, each in [0, 1], and the weighted total. */
export interface ScoreParts {
  /** Share of the question's term weight the quote itself meets (by match strength). */
  coverage: number;
  /** Share met only by its headings, column headers, lead-in or caption. */
  context: number;
  /** How close together the matched terms stand in the quote. */
  proximity: number;
  /** 1 when it states the kind of fact asked for (a count, a date, a definition of X). */
  answerType: number;
  /** 1 when the question asks for a kind of fact and the candidate states none. */
  typeMissing: number;
  /** 1 for the first retrieved passage, falling with rank. */
  rank: number;
  /** 1 when it is a definition of what the question asks about. */
  definition: number;
  /** 1 when it only sends the reader elsewhere. */
  crossReference: number;
}

export interface ScoredCandidate {
  features: CandidateFeatures;
  localId: number;
  rank: number;
  score: number;
  parts: ScoreParts;
  /** Question terms the quote or its context meets. */
  matched: Set<string>;
}

/** How strongly `word`-forms meet `term`: exact surface, another form, a related word, or not. */
export function matchStrength(term: QuestionTerm, forms: Set<string>, surfaces: Set<string>, settings: AnswerEngineSettings): number {
  if (surfaces.has(term.surface)) return settings.match.exact;
  if (term.forms.some((form) => forms.has(form))) return settings.match.form;
  if (term.related.some((form) => forms.has(form))) return settings.match.related;
  return 0;
}

const surfacesOf = (words: WordForm[]) => new Set(words.map((word) => word.surface));

/** Term weights by rarity among the part's candidates: the inverse document frequency over candidates. */
export function termWeights(
  question: QuestionAnalysis,
  pool: CandidateFeatures[],
  settings: AnswerEngineSettings,
): Map<string, number> {
  const n = pool.length;
  const weights = new Map<string, number>();
  for (const term of question.terms) {
    const frequency = pool.filter(
      (features) =>
        term.forms.some((form) => features.ownForms.has(form) || features.contextForms.has(form)) ||
        term.related.some((form) => features.ownForms.has(form)),
    ).length;
    let weight = Math.log(1 + (n + 1) / (frequency + 0.5));
    if (term.named) weight *= settings.namedWeight;
    if (term.answerWord && frequency === 0) weight *= settings.unmentionedAnswerWord;
    weights.set(term.surface, weight);
  }
  return weights;
}

/** Positions of the own words that meet each matched term; the smallest window holding one of each. */
function proximity(positionsByTerm: number[][]): number {
  const present = positionsByTerm.filter((positions) => positions.length > 0);
  if (present.length < 2) return present.length === positionsByTerm.length && present.length === 1 ? 1 : 0;
  const events = present.flatMap((positions, term) => positions.map((position) => ({ position, term })));
  events.sort((a, b) => a.position - b.position);
  const counts = new Map<number, number>();
  let best = Number.POSITIVE_INFINITY;
  let left = 0;
  for (const event of events) {
    counts.set(event.term, (counts.get(event.term) ?? 0) + 1);
    while (counts.size === present.length) {
      const first = events[left] as (typeof events)[number];
      best = Math.min(best, event.position - first.position + 1);
      const remaining = (counts.get(first.term) ?? 0) - 1;
      if (remaining === 0) counts.delete(first.term);
      else counts.set(first.term, remaining);
      left++;
    }
  }
  return present.length / best;
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** One explainable score for one candidate; see AnswerEngineSettings for the formula. */
export function scoreCandidate(
  features: CandidateFeatures,
  placement: { localId: number; rank: number },
  question: QuestionAnalysis,
  weights: Map<string, number>,
  settings: AnswerEngineSettings,
  given: Set<string> = new Set(),
): ScoredCandidate {
  const ownSurfaces = surfacesOf(features.own);
  const contextSurfaces = surfacesOf(features.context);
  let total = 0;
  let own = 0;
  let contextOnly = 0;
  const matched = new Set<string>();
  const positionsByTerm: number[][] = [];
  for (const term of question.terms) {
    const weight = weights.get(term.surface) ?? 0;
    const inOwn = matchStrength(term, features.ownForms, ownSurfaces, settings);
    const inContext = matchStrength(term, features.contextForms, contextSurfaces, settings);
    // A name the candidate's document goes by (its file name, its running header) is taken as given.
    if (inOwn === 0 && inContext === 0 && term.forms.some((form) => given.has(form))) continue;
    total += weight;
    own += weight * inOwn;
    contextOnly += weight * Math.max(0, inContext - inOwn);
    if (inOwn > 0 || inContext > 0) matched.add(term.surface);
    if (!term.answerWord || inOwn > 0) {
      positionsByTerm.push(
        inOwn > 0
          ? features.own
              .filter((word) => word.surface === term.surface || word.forms.some((form) => term.forms.includes(form) || term.related.includes(form)))
              .map((word) => word.position)
          : [],
      );
    }
  }
  const type = question.type;
  const states = type !== null && features.states.has(type);
  const subject = question.subject ? wordsOf(question.subject) : null;
  const defined = features.candidate.subject ? wordsOf(features.candidate.subject) : null;
  const definesSubject =
    subject !== null && defined !== null && [...subject].some((word) => defined.has(word) && word.length > 2);
  const parts: ScoreParts = {
    coverage: total > 0 ? own / total : 0,
    context: total > 0 ? contextOnly / total : 0,
    proximity: proximity(positionsByTerm),
    answerType: states ? 1 : 0,
    typeMissing: type !== null && type !== "definition" && !states ? 1 : 0,
    rank: 1 / placement.rank,
    definition: definesSubject ? 1 : 0,
    crossReference: features.crossReference ? 1 : 0,
  };
  const w = settings.weights;
  const score =
    w.coverage * parts.coverage +
    w.context * parts.context +
    w.proximity * parts.proximity +
    w.answerType * parts.answerType -
    w.typeMissing * parts.typeMissing +
    w.rank * parts.rank +
    w.definition * parts.definition -
    w.crossReference * parts.crossReference;
  return { features, ...placement, score, parts, matched };
}
