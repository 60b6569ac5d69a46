import { lineShape, runningLines } from "../drafting/document-scope";
import type { DraftClaim, DraftPart, DraftPartInput } from "../drafting/drafter";
import { type AnswerEngineSettings, answerEngineSettings } from "./answer-engine-settings";
import { CandidateCache } from "./candidate-cache";
import type { CandidateFeatures } from "./candidate-features";
import { analyseQuestion } from "./question-analysis";
import { type ScoredCandidate, scoreCandidate, termWeights } from "./score-candidate";
import { selectClaims } from "./select-claims";
import { type Lexicon, sharedLexicon } from "./wordnet-lexicon";
import { wordForms } from "./word-forms";

export interface AnswerEngineOptions {
  settings?: AnswerEngineSettings;
  lexicon?: Lexicon;
  cache?: CandidateCache;
}

interface Placed {
  features: CandidateFeatures;
  localId: number;
  rank: number;
  document: string;
}

/**
 * The extractive answer engine, as a pipeline: candidates of every shape from each passage
 * (cached) → the question's terms, forms, related words and answer type → one score per
 * candidate → selection of up to three claims on different facets → abstention below the
 * threshold. Documents that never name what the question names are out of scope; running
 * headers and footers are neither quoted nor taken as headings.
 */
export class AnswerEngine {
  private readonly settings: AnswerEngineSettings;
  private readonly lexicon: Lexicon | undefined;
  private readonly cache: CandidateCache;

  constructor(options: AnswerEngineOptions = {}) {
    this.settings = options.settings ?? answerEngineSettings;
    this.lexicon = options.lexicon;
    this.cache = options.cache ?? new CandidateCache(this.settings.cacheEntries);
  }

  answer(part: DraftPartInput): DraftPart {
    const settings = this.settings;
    const question = analyseQuestion(part.question, this.lexicon ?? sharedLexicon());
    const running = runningLines(part.passages);
    const isRunning = (text: string) => running.has(lineShape(text));
    const placed: Placed[] = [];
    const known = new Map<string, Set<string>>();
    part.passages.forEach((passage, position) => {
      const analysed = this.cache.analyse(passage);
      const document = passage.source ?? `#${passage.localId}`;
      const forms = known.get(document) ?? new Set<string>();
      for (const form of analysed.forms) forms.add(form);
      if (passage.source) for (const word of wordForms(passage.source.replace(/\.pdf$/i, ""))) for (const form of word.forms) forms.add(form);
      known.set(document, forms);
      for (const features of analysed.features) {
        const { candidate } = features;
        if (isRunning(candidate.quote.split("\n")[0] ?? "")) continue;
        const context = candidate.context.filter((line) => !isRunning(line));
        const kept =
          context.length === candidate.context.length
            ? features
            : { ...features, candidate: { ...candidate, context } };
        placed.push({ features: kept, localId: passage.localId, rank: position + 1, document });
      }
    });
    // The names a document goes by, from its file name and running lines: taken as given, not to be matched.
    const given = new Map<string, Set<string>>();
    for (const passage of part.passages) {
      const document = passage.source ?? `#${passage.localId}`;
      const names = given.get(document) ?? new Set<string>();
      const lines = passage.text.split("\n").filter(isRunning);
      const sourceName = passage.source ? passage.source.replace(/\.pdf$/i, "") : "";
      for (const word of wordForms([sourceName, ...lines].join(" \n "))) for (const form of word.forms) names.add(form);
      given.set(document, names);
    }
    // "What is the key length of AES-512?" is not answered by a document that never says AES-512.
    const named = question.terms.filter((term) => term.named);
    const inScope = (document: string) =>
      named.every((term) => term.forms.some((form) => known.get(document)?.has(form)));
    const pool = placed.filter((entry) => inScope(entry.document));
    const trace = { threshold: settings.abstainBelow, candidates: pool.length, best: null as number | null, claims: [] };
    if (question.terms.length === 0 || pool.length === 0) {
      return { index: part.index, abstained: true, claims: [], scores: trace };
    }
    const weights = termWeights(
      question,
      pool.map((entry) => entry.features),
      settings,
    );
    const scored: ScoredCandidate[] = pool.map((entry) =>
      scoreCandidate(
        entry.features,
        { localId: entry.localId, rank: entry.rank },
        question,
        weights,
        settings,
        given.get(entry.document),
      ),
    );
    const selection = selectClaims(scored, question.type !== null, settings);
    const claims: DraftClaim[] = selection.picked.map((chosen) => ({
      text: chosen.features.candidate.claimText,
      quote: chosen.features.candidate.quote,
      citations: [chosen.localId],
    }));
    return {
      index: part.index,
      abstained: selection.abstained,
      claims,
      scores: {
        ...trace,
        best: selection.best,
        claims: selection.picked.map((chosen) => ({
          localId: chosen.localId,
          kind: chosen.features.candidate.kind,
          score: round(chosen.score),
          parts: Object.fromEntries(Object.entries(chosen.parts).map(([name, value]) => [name, round(value)])),
        })),
      },
    };
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;
