import { lineShape, runningLines } from "../drafting/document-scope";
import type { DraftClaim, DraftPart, DraftPartInput, DraftPassage } from "../drafting/drafter";
import { memoize } from "../memoize";
import { oneSlipApart } from "../typing-slips";
import { type AnswerEngineSettings, answerEngineSettings } from "./answer-engine-settings";
import { CandidateCache } from "./candidate-cache";
import type { CandidateFeatures } from "./candidate-features";
import { escapeRegExp } from "./definition-shapes";
import { ligatureWord } from "./ligature-repair";
import { analyseQuestion, type QuestionAnalysis, type QuestionTerm } from "./question-analysis";
import { type ScoredCandidate, scoreCandidate, termWeights } from "./score-candidate";
import { selectClaims } from "./select-claims";
import { formsOf, wordForms } from "./word-forms";
import { type Lexicon, sharedLexicon } from "./wordnet-lexicon";

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
  /** Every form its passage holds. */
  passageForms: Set<string>;
}

/** Every candidate of a part with its score, and the question as analysed. */
export interface RankedPart {
  question: QuestionAnalysis;
  /** Question words read as a word the passages print, one slip away ("temprature" as "temperature"). */
  readAs: SpellingFix[];
  scored: ScoredCandidate[];
  /** Each question term's weight (empty when nothing was scored). */
  weights: Map<string, number>;
}

/** Passages without a source are taken as one document, as retrieval gave them together. */
export const documentOf = (passage: DraftPassage) => passage.source ?? "";
/** A quote as parts compare them: its words, whatever the line breaks. */
export const quoteKey = (quote: string) => quote.replace(/\s+/g, " ").trim();
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The extractive answer engine, as a pipeline: candidates of every shape from each passage
 * (cached) → the question's terms, forms, related words and answer type → one score per
 * candidate → selection of up to three claims on different facets → abstention below the
 * threshold. Documents that never name what the question names are out of scope; running
 * headers and footers are neither quoted nor taken as headings.
 */
export class AnswerEngine {
  readonly settings: AnswerEngineSettings;
  private readonly lexicon: Lexicon | undefined;
  private readonly cache: CandidateCache;
  /**
   * Whether the lexicon has the word in any part of speech, kept per word: putting back a lost
   * ligature asks it of every place and ligature in every unknown word of a passage (45 words for
   * one of eight letters), and each lookup searches WordNet's index.
   */
  private readonly knows = memoize(200_000, (form) => (this.lexicon ?? sharedLexicon()).knows?.(form) === true);
  /**
   * A word WordNet has in some form ("offices" as "office"): no part of a name on its own. A word
   * it has only as a name ("Philip", the king) is a name's part all the same. A word a PDF lost a
   * ligature from ("denition") is a common word all the same. Asked of every name-shaped token of
   * every candidate, so kept per word.
   */
  private readonly isCommonWord = memoize(50_000, (word) => {
    const lexicon = this.lexicon ?? sharedLexicon();
    return (
      formsOf(word).some((form) => this.knows(form) && lexicon.properName?.(form) !== true) ||
      ligatureWord(word, this.knows) !== undefined
    );
  });

  constructor(options: AnswerEngineOptions = {}) {
    this.settings = options.settings ?? answerEngineSettings;
    this.lexicon = options.lexicon;
    this.cache = options.cache ?? new CandidateCache(this.settings.cacheEntries, () => this.knows);
  }

  /**
   * Answers one part. `quoted` holds the quotes earlier parts of the same question already
   * claim: a part that can only repeat one of them has found nothing of its own.
   */
  answer(
    part: DraftPartInput,
    quoted: ReadonlySet<string> = new Set(),
    answeredFrom: ReadonlySet<string> = new Set(),
  ): DraftPart {
    const settings = this.settings;
    const { question, scored, weights, readAs } = this.rank(part, answeredFrom);
    const repeats = (quote: string) => {
      const key = quoteKey(quote);
      return [...quoted].some((earlier) => key.includes(earlier) || earlier.includes(key));
    };
    const fresh = quoted.size === 0 ? scored : scored.filter((entry) => !repeats(entry.features.candidate.quote));
    const selection = selectClaims(fresh, question.type !== null, settings, question, weights);
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
        threshold: settings.abstainBelow,
        candidates: scored.length,
        best: selection.best === null ? null : round(selection.best),
        claims: selection.picked.map((chosen) => ({
          localId: chosen.localId,
          kind: chosen.features.candidate.kind,
          score: round(chosen.score),
          parts: Object.fromEntries(Object.entries(chosen.parts).map(([name, value]) => [name, round(value)])),
        })),
        ...(readAs.length > 0 && { readAs }),
      },
    };
  }

  /** Analyses passages ahead of asks (at ingest), so that asking them only scores. */
  prepare(passages: Array<Pick<DraftPassage, "text" | "structure">>): void {
    for (const passage of passages) this.cache.analyse(passage);
  }

  /**
   * Every in-scope candidate of a part with its score: what `answer` selects from. `answeredFrom`
   * holds the documents earlier parts of the same question were answered from.
   */
  rank(part: DraftPartInput, answeredFrom: ReadonlySet<string> = new Set()): RankedPart {
    const settings = this.settings;
    const lexicon = this.lexicon ?? sharedLexicon();
    const typed = analyseQuestion(part.question, lexicon);
    const isNoun = (word: string) => lexicon.mostlyNoun?.(word) === true;
    const running = runningLines(part.passages);
    const isRunning = (text: string) => running.has(lineShape(text));
    const placed: Placed[] = [];
    // Every form each document's passages hold, and the names it goes by (file name, running lines).
    const known = new Map<string, Set<string>>();
    const given = new Map<string, Set<string>>();
    part.passages.forEach((passage, position) => {
      const analysed = this.cache.analyse(passage);
      const document = documentOf(passage);
      const forms = known.get(document) ?? new Set<string>();
      const names = given.get(document) ?? new Set<string>();
      const sourceName = passage.source ? passage.source.replace(/\.pdf$/i, "") : "";
      const nameText = [sourceName, ...passage.text.split("\n").filter(isRunning)].join(" \n ");
      for (const word of wordForms(nameText)) for (const form of word.forms) names.add(form);
      for (const form of analysed.forms) forms.add(form);
      for (const form of names) forms.add(form);
      known.set(document, forms);
      given.set(document, names);
      for (const features of analysed.features) {
        const { candidate } = features;
        if (isRunning(candidate.quote.split("\n")[0] ?? "")) continue;
        const context = candidate.context.filter((line) => !isRunning(line));
        const kept =
          context.length === candidate.context.length
            ? features
            : { ...features, candidate: { ...candidate, context } };
        placed.push({
          features: kept,
          localId: passage.localId,
          rank: position + 1,
          document,
          passageForms: analysed.forms,
        });
      }
    });
    const readAs = spellingFixes(typed, known, this.isCommonWord);
    const asked = readAs.length > 0 ? analyseQuestion(respelled(part.question, readAs), lexicon) : typed;
    const question = withSpellingSlips(withFieldNames(asked, known, this.isCommonWord), known, this.isCommonWord);
    // "What is the key length of AES-512?" is not answered by a document that never says AES-512.
    const names = question.terms.filter((term) => term.named);
    const inScope = (document: string) =>
      names.every((term) => term.forms.some((form) => known.get(document)?.has(form)));
    const named = placed.filter((entry) => inScope(entry.document));
    if (question.terms.length === 0 || named.length === 0) return { question, scored: [], weights: new Map(), readAs };
    const weights = termWeights(
      question,
      named.map((entry) => entry.features),
      settings,
    );
    // Asked of a whole library, a question is about the document whose passages say most of it: a
    // sentence of another document that happens to share its commonest words answers nothing.
    const covered = new Map<string, number>();
    for (const entry of named) {
      if (!covered.has(entry.document))
        covered.set(entry.document, weightMet(question, weights, known.get(entry.document)));
    }
    const most = Math.max(...covered.values());
    // "the final airworthiness directive": a kind of thing the question names in two words. When
    // a retrieved document prints the two together, one that says neither is about something else
    // (a 10-Q's "become effective immediately" answers nothing about an airworthiness directive).
    // Said by the word itself or its lemma: a stem ("direct" for "directive") says another thing.
    // Together, not apart: "the extra factor" of a question is its wording when the only document
    // saying both has "extra points" on one line and "difficulty factor" on another.
    const says = (document: string, surface: string) => known.get(document)?.has(surface) ?? false;
    const kinds = (question.compounds ?? []).filter((pair) => !pair.per);
    // Any retrieved document counts, also one with no candidate of its own.
    const documents = [...known.keys()];
    const otherKinds = new Set<string>();
    for (const { modifier, head } of kinds) {
      const printed = printsPhrase(modifier, head);
      if (!part.passages.some((passage) => printed(passage.text))) continue;
      for (const document of documents)
        if (!says(document, modifier) && !says(document, head)) otherKinds.add(document);
    }
    const central = named.filter(
      (entry) => (covered.get(entry.document) ?? 0) >= settings.documentShare * most && !otherKinds.has(entry.document),
    );
    // The parts of one question ask about one thing: "What skip= value do the standard classes
    // preset, and what is the default of the position= option?" asks the second of the document
    // that answered the first, when it has candidates, not of another manual's "position".
    const sameDocument = answeredFrom.size > 0 ? central.filter((entry) => answeredFrom.has(entry.document)) : [];
    const pool = sameDocument.length > 0 ? sameDocument : central;
    const scored = pool.map((entry) =>
      scoreCandidate(
        entry.features,
        { localId: entry.localId, rank: entry.rank },
        question,
        weights,
        settings,
        given.get(entry.document),
        entry.passageForms,
        isNoun,
        this.isCommonWord,
      ),
    );
    return { question, scored, weights, readAs };
  }
}

/** Words of five letters or more that WordNet leaves out because they are function words (conjunctions, prepositions, pronouns), not terms. */
const functionWords = new Set(
  (
    "during because although though whether unless until since among amongst toward towards upon whilst whereas wherein whereby thereof therein therefore hence " +
    "without beside versus cannot itself himself herself themselves ourselves yourself yourselves myself oneself theirs yours " +
    "whichever whoever whomever whenever anything something everything anyone everyone anybody everybody"
  ).split(" "),
);

/**
 * A word of the question that WordNet has in no form and that the retrieved passages print
 * ("luatex", "marginparwidth", "mkfifo") is a name of the field, an option or a command as a
 * manual writes it in lower case: like a capitalised name, the passage must say it. A word the
 * passages never print (a typing slip, the question's own coinage) stays a plain word, and so does
 * one they print in the plural ("tarballs"): names are not inflected.
 */
export function withFieldNames(
  question: QuestionAnalysis,
  known: Map<string, Set<string>>,
  isCommonWord: (word: string) => boolean,
): QuestionAnalysis {
  const documents = [...known.values()];
  const printed = (form: string) => documents.some((forms) => forms.has(form));
  let changed = false;
  const terms = question.terms.map((term) => {
    if (term.named || term.value !== undefined || !/^\p{Ll}[\p{Ll}\p{N}]{4,}$/u.test(term.surface)) return term;
    if (functionWords.has(term.surface) || isCommonWord(term.surface) || !term.forms.some(printed)) return term;
    // "Unmaintained", "nonzero": a common word negated is English, not a name of the field.
    const negated = /^(?:un|non)-?(\p{L}{4,})$/u.exec(term.surface)?.[1];
    if (negated !== undefined && isCommonWord(negated)) return term;
    // "Tarball", printed "tarballs": a word the passages inflect is a noun of the language, not a name.
    if (!/s$/u.test(term.surface) && (printed(`${term.surface}s`) || printed(`${term.surface}es`))) return term;
    changed = true;
    return { ...term, named: true, related: [] };
  });
  return changed ? { ...question, terms } : question;
}

/** A question word read as the word the passages print one slip away from it. */
export interface SpellingFix {
  asked: string;
  read: string;
}

/**
 * A plain lower-case question word of `letters` letters or more: one a slip may have changed. A
 * question's own slip is read from five letters ("blcok"); a page's, from six, as a page prints more
 * short words that are no English words (abbreviations, identifiers).
 */
const spellable = (term: QuestionTerm, letters: number) =>
  !term.named && term.value === undefined && term.surface.length >= letters && /^\p{Ll}+$/u.test(term.surface);

/** The words the passages print, in any form, one slip from a question word: letters only. */
function printedSlips(surface: string, known: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  for (const forms of known.values()) for (const form of forms) if (oneSlipApart(surface, form)) found.add(form);
  return [...found].filter((word) => /^\p{Ll}+$/u.test(word));
}

/**
 * A question's typing slips: a word of no language ("temprature") that no retrieved passage prints
 * in any form, one slip away from exactly one word of the language they print ("temperature"), is
 * read as that word. Two or more such words leave it as typed: which one was meant is a guess.
 */
export function spellingFixes(
  question: QuestionAnalysis,
  known: Map<string, Set<string>>,
  isCommonWord: (word: string) => boolean,
): SpellingFix[] {
  const typed = question.terms.filter((term) => spellable(term, 5) && !isCommonWord(term.surface));
  if (typed.length === 0) return [];
  const documents = [...known.values()];
  const fixes: SpellingFix[] = [];
  for (const term of typed) {
    if (term.forms.some((form) => documents.some((forms) => forms.has(form)))) continue;
    const words = printedSlips(term.surface, known).filter(isCommonWord);
    // Of one word's forms, the one that ends as typed ("rouns" as "rounds", not "round"), else the shortest.
    const last = term.surface.at(-1);
    const [read] = words.sort((a, b) => Number(b.at(-1) === last) - Number(a.at(-1) === last) || a.length - b.length);
    // One word in its forms ("temperature", "temperatures"), not two words ("control", "contort").
    const lemmas = new Set(read === undefined ? [] : formsOf(read));
    if (read !== undefined && words.every((word) => formsOf(word).some((form) => lemmas.has(form))))
      fixes.push({ asked: term.surface, read });
  }
  return fixes;
}

/** The question as it would have been typed without its slips, each word replaced where it stands. */
export function respelled(question: string, fixes: SpellingFix[]): string {
  return fixes.reduce(
    (text, fix) =>
      text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(fix.asked)}(?![\\p{L}\\p{N}])`, "giu"), fix.read),
    question,
  );
}

/**
 * A word misspelt on the page: its "optimzation" against the question's "optimization". A plain
 * question word of six letters or more also meets, as another form of it, a word the retrieved
 * passages print one slip away (a letter added, dropped or changed, or two neighbours swapped;
 * never the first) when exactly one of the two is a word of the language. Two dictionary words
 * ("routine", "routing") are two words, and so are two names ("sdldgb", "sdldz80").
 */
export function withSpellingSlips(
  question: QuestionAnalysis,
  known: Map<string, Set<string>>,
  isCommonWord: (word: string) => boolean,
): QuestionAnalysis {
  if (!question.terms.some((term) => spellable(term, 6))) return question;
  let changed = false;
  const terms = question.terms.map((term) => {
    if (!spellable(term, 6)) return term;
    const common = isCommonWord(term.surface);
    const slips = printedSlips(term.surface, known).filter(
      (word) => !term.forms.includes(word) && isCommonWord(word) !== common,
    );
    if (slips.length === 0) return term;
    changed = true;
    return { ...term, forms: [...term.forms, ...slips] };
  });
  return changed ? { ...question, terms } : question;
}

/**
 * Whether a text prints a modifier right before its head, as one phrase: "airworthiness
 * directives", "airworthiness-directive", across a line end, and in any case.
 */
function printsPhrase(modifier: string, head: string): (text: string) => boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(modifier)}[\\s-]+${escapeRegExp(head)}`, "iu");
  return (text) => pattern.test(text);
}

/** The question's term weight that a document's retrieved passages meet, by any form or related word. */
function weightMet(question: QuestionAnalysis, weights: Map<string, number>, forms: Set<string> | undefined): number {
  let met = 0;
  for (const term of question.terms) {
    const known = forms !== undefined && [...term.forms, ...term.related].some((form) => forms.has(form));
    if (known) met += weights.get(term.surface) ?? 0;
  }
  return met;
}
