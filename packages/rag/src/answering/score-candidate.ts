import { TIME_UNITS } from "../drafting/attribute-units";
import { valueFigures } from "../drafting/value-figures";
import { memoize } from "../memoize";
import type { AnswerEngineSettings } from "./answer-engine-settings";
import { type CandidateFeatures, capitalTokensOf, namesIn, nameTokensOf } from "./candidate-features";
import { statesDefinitionOf } from "./definition-shapes";
import type { QuestionAnalysis, QuestionTerm } from "./question-analysis";
import { formsOf, STOPWORDS, type WordForm } from "./word-forms";

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
  /** 1 when the question asks for a kind of fact and the candidate states none (0.5 when that kind is a definition). */
  typeMissing: number;
  /** 1 when the question asks in so many words for a definition ("how do the notes define X") and the candidate gives none of X: missed twice over. */
  definitionMissing: number;
  /** 1 for the first retrieved passage, falling with rank. */
  rank: number;
  /** 1 when it is a definition of what the question asks about. */
  definition: number;
  /** 1 when it only sends the reader elsewhere. */
  crossReference: number;
  /** 1 when the question asks for no kind of fact and the candidate states a figure, which tends to carry one. */
  figure: number;
  /** 1 when it meets only the question's names: whom it is about, not what is asked. */
  namesOnly: number;
  /** Share of the question's name weight that neither the candidate, its context nor its document's name meets. */
  namedMissing: number;
  /** 1 when the candidate is looked up by what the question names: a row by its label and a column, an entry by its name. */
  tableLookup: number;
  /** 1 when it says the antonym of a question word where the question says the word ("outside" for "inside the environment"). */
  opposite: number;
  /** 1 when it is a line of program input and the question asks for no command, call or name to type. */
  programInput: number;
}

export interface ScoredCandidate {
  features: CandidateFeatures;
  localId: number;
  rank: number;
  score: number;
  parts: ScoreParts;
  /** Question terms the quote or its context meets. */
  matched: Set<string>;
  /** The question's names met only by what the candidate's document goes by (its file name, its running lines): taken as said. */
  namesGiven: Set<string>;
}

/** How strongly `word`-forms meet `term`: exact surface, another form, a related word, or not. */
export function matchStrength(
  term: QuestionTerm,
  forms: Set<string>,
  surfaces: Set<string>,
  settings: AnswerEngineSettings,
): number {
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
    // What a count or a measure is of ("how many rounds", "tyre pressure") is what the answer is about.
    if (term.surface === question.counted || term.surface === question.attribute?.surface)
      weight *= settings.focusWeight;
    if (term.answerWord && frequency === 0) weight *= settings.unmentionedAnswerWord;
    // A word no retrieved candidate says ("when will shareholders *actually* receive …") is how the
    // question is worded, not what tells its answer apart; rarity alone would make it the heaviest.
    // A thing none of them names ("the price of a replacement *battery*") still counts in full: the
    // passages may be about something else.
    // What "how many" counts is what is asked, however it is worded.
    else if (frequency === 0 && !term.named && !term.thing && term.surface !== question.counted)
      weight *= settings.unmentionedWord;
    if (term.category) weight *= settings.categoryWeight;
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
  // One word can meet two terms ("BERTBASE" meets "bert" and "base"): the window is never narrower than one a term.
  return Math.min(1, present.length / best);
}

/**
 * Column headers abbreviate: "Max" for maximum, "Typ" for typical, "Temp" for temperature. In a
 * table row, a header word of three or more letters that begins a longer question word meets it
 * as another form of it.
 */
function abbreviationMatch(term: QuestionTerm, features: CandidateFeatures, settings: AnswerEngineSettings): number {
  if (features.candidate.kind !== "table-row" || term.value !== undefined || term.surface.length < 5) return 0;
  for (const surface of features.claimSurfaces) {
    if (surface.length >= 3 && surface.length <= term.surface.length - 2 && /^\p{L}+$/u.test(surface)) {
      if (term.surface.startsWith(surface)) return settings.match.form;
    }
  }
  // A contraction set with its full stop in a header ("Std." for standard, "Avg." for average):
  // its letters stand in the word in order, the first one first.
  for (const cell of features.candidate.cells ?? []) {
    for (const [, short] of cell.header.matchAll(/(?<![\p{L}.])(\p{L}{3,5})\.(?!\p{L})/gu)) {
      if (contracts(term.surface, (short as string).toLowerCase())) return settings.match.form;
    }
  }
  return 0;
}

/** Whether `short` is a contraction of `word`: same first letter, the rest in order, and shorter by two or more. */
function contracts(word: string, short: string): boolean {
  if (short.length > word.length - 2 || short[0] !== word[0]) return false;
  let at = 1;
  for (const letter of short.slice(1)) {
    at = word.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * A lookup: a table row whose whole label and one of whose columns (a header word its own cells
 * do not print) the question names, "goodwill at September 29, 2024"; or a definition whose
 * whole subject the question names by a name or in quotes, "the default of --outSAMtype", "the
 * 'screen' preset".
 */
function looksUp(features: CandidateFeatures, question: QuestionAnalysis, matched: Set<string>): boolean {
  const { candidate } = features;
  if ((candidate.kind !== "table-row" && candidate.kind !== "definition") || !candidate.subject) return false;
  // "Table 2: …" is a caption: the question names it as where to look, not as what to look up.
  if (/^(?:table|figure|fig\.?|section|appendix|equation|chapter)\s/i.test(candidate.subject)) return false;
  const terms = question.terms.filter((term) => matched.has(term.surface) && !term.answerWord);
  // The whole label, not a part of it: "AES" asks about no one row of AES-128, AES-192 and AES-256.
  // A bracket qualifies the label ("Infinity (n = 45)", "AES-256 (Nk = 8)"): the name is what stands before it.
  const name = candidate.subject.replace(/\s*\([^()]*\)/gu, " ").trim() || candidate.subject;
  const labelWords = [...wordsOf(name)].filter((word) => !STOPWORDS.has(word));
  const namesLabel =
    labelWords.length > 0 &&
    labelWords.every((word) => terms.some((term) => formsOf(word).some((form) => term.forms.includes(form))));
  if (!namesLabel) return false;
  if (candidate.kind === "definition") {
    // An entry of an option list or glossary looked up by its name: "the default of --outSAMtype".
    const label = formsIn(candidate.subject);
    return terms.some((term) => (term.named || term.quoted) && term.forms.some((form) => label.has(form)));
  }
  // A column: a header word the row's own cells do not print.
  return terms.some(
    (term) =>
      !term.forms.some((form) => features.ownForms.has(form)) &&
      term.forms.some((form) => features.claimForms.has(form)),
  );
}

/**
 * A definition whose predicate sends the reader elsewhere ("X is described further; see Sec. 5.2")
 * defines nothing; a definition that ends by citing a source ("… seconds since 1970. See RFC 3339")
 * still does.
 */
const pointsElsewhere =
  /\b(?:is|are)\s+(?:described|defined|given|specified|discussed|explained)\b[^.]{0,40}\b(?:in|below|above|further|later)\b|^\s*see\b|;\s*see\b/i;

/**
 * Heads of the question's compounds that the text says only of another kind: asked of
 * "differential nonlinearity", "integral nonlinearity" names another nonlinearity; asked of "cost
 * per airplane", "cost per operator" is another rate. For a modifier, the text must
 * not say the question's modifier at all, and every time it says the head, a word of content
 * that the question does not say stands right before it ("Max" before "Load" abbreviates
 * "maximum" and is the same).
 */
export function otherKindHeads(text: string, question: QuestionAnalysis): Set<string> {
  const heads = new Set<string>();
  if (!question.compounds) return heads;
  const tokens = tokensOf(text);
  const termOf = (surface: string) => question.terms.find((term) => term.surface === surface) as QuestionTerm;
  for (const { modifier, head, per } of question.compounds) {
    const modifierTerm = termOf(modifier);
    const headTerm = termOf(head);
    if (per) {
      // Every rate the text gives of the head is per something else: "cost per operator".
      const units = tokens.flatMap((token, k) =>
        says(token, headTerm) && tokens[k + 1] === "per" && tokens[k + 2] !== undefined
          ? [tokens[k + 2] as string]
          : [],
      );
      if (units.length > 0 && !units.some((unit) => says(unit, modifierTerm))) heads.add(head);
      continue;
    }
    if (tokens.some((token) => says(token, modifierTerm))) continue;
    const before = tokens.flatMap((token, k) => (says(token, headTerm) ? [tokens[k - 1]] : []));
    // A word of the question itself before the head ("quiescent current" for "maximum quiescent supply current") is no other kind.
    const other = (word: string | undefined) =>
      word !== undefined &&
      /^\p{L}{2,}$/u.test(word) &&
      !STOPWORDS.has(word) &&
      !(word.length >= 3 && modifier.startsWith(word)) &&
      !question.terms.some((term) => says(word, term));
    if (before.length > 0 && before.every(other)) heads.add(head);
  }
  return heads;
}

/**
 * "How many employees": "employee benefit plans" are plans. Whether the text says the term only
 * where it modifies the noun after it, so that what it counts is that noun.
 */
export function onlyModifies(text: string, term: QuestionTerm, isNoun: (word: string) => boolean): boolean {
  const tokens = tokensOf(text);
  const isTerm = (token: string) => says(token, term);
  let said = false;
  for (const [k, token] of tokens.entries()) {
    if (!isTerm(token)) continue;
    said = true;
    const next = tokens[k + 1];
    const modifies =
      next !== undefined && /^\p{L}+$/u.test(next) && !STOPWORDS.has(next) && !isTerm(next) && isNoun(next);
    if (!modifies) return false;
  }
  return said;
}

/** A physical quantity stated against another of its kind: "6.2 times the rated current", "twice the nominal power", "80 % of full load". */
const relativeFigure =
  /(?<![\p{L}\p{N}])(?:\d+(?:[.,]\d+)?\s*(?:times|×|%|percent|per\s+cent)|twice|thrice|half)(?![\p{L}\p{N}])/iu;

/**
 * Whether a token only joins neighbouring words of the question: "perl-regexp" for "Perl regexp
 * support", "./configure" for "configure". An option set with its dashes ("--disable-perl-regexp")
 * is a name of its own, whatever its words.
 */
function joinsQuestionWords(token: string, terms: QuestionTerm[]): boolean {
  if (/^-/u.test(token)) return false;
  const parts = token.split(/[._/-]+/u).filter(Boolean);
  if (parts.length === 0) return false;
  const at = terms.findIndex((term) => says(parts[0] as string, term));
  return at >= 0 && parts.every((part, k) => terms[at + k] !== undefined && says(part, terms[at + k] as QuestionTerm));
}

/** Small words an expansion may leave out of its initials ("Bureau *of* Standards"). */
const skippable = new Set(["of", "and", "for", "the", "in", "on", "at", "by", "with", "a", "an", "&"]);

/**
 * Whether a text spells an abbreviation out: consecutive words whose initials give its letters in
 * order, small words between them allowed ("Intent To Adopt" for ITA, "National Institute of
 * Standards and Technology" for NIST).
 */
export function expandsAbbreviation(text: string, abbreviation: string): boolean {
  const letters = abbreviation.replace(/s$/u, "").toLowerCase();
  if (letters.length < 2) return false;
  const words = text.match(/[\p{L}&]+/gu) ?? [];
  for (let start = 0; start < words.length; start++) {
    let k = 0;
    for (let j = start; j < words.length && k < letters.length; j++) {
      const word = (words[j] as string).toLowerCase();
      if (word === letters) break;
      if (word[0] === letters[k]) k++;
      else if (k === 0 || !skippable.has(word)) break;
    }
    if (k === letters.length) return true;
  }
  return false;
}

/** Whether a word of a text is one of a question term's forms. */
const says = (token: string, term: QuestionTerm) => formsOf(token).some((form) => term.forms.includes(form));

/** A claim's words and marks, lowercased, in order; kept per claim text, since every ask reads them again. */
const tokensOf = memoize(5_000, (text) =>
  Array.from(text.toLowerCase().matchAll(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu), (match) => match[0]),
);

const spanUnit = new RegExp(`^${TIME_UNITS}$`, "i");

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const formsIn = (text: string) => new Set([...wordsOf(text)].flatMap(formsOf));

/** Whether the words hold an identifier whole: joined ("dmodel") or its parts in a row ("warmup_steps" as printed). */
function saysTogether(words: WordForm[], identifier: { parts: string[]; joined: string }): boolean {
  if (words.some((word) => word.surface === identifier.joined)) return true;
  const content = identifier.parts.filter((part) => part.length > 1 || /\d/.test(part));
  return words.some((word, k) =>
    content.every((part, j) => {
      const at = words[k + j];
      return at !== undefined && at.surface === part && at.position === word.position + j;
    }),
  );
}

/** One explainable score for one candidate; see AnswerEngineSettings for the formula. */
export function scoreCandidate(
  features: CandidateFeatures,
  placement: { localId: number; rank: number },
  question: QuestionAnalysis,
  weights: Map<string, number>,
  settings: AnswerEngineSettings,
  given: Set<string> = new Set(),
  nearby: Set<string> = new Set(),
  isNoun: (word: string) => boolean = () => false,
  isCommonWord: (word: string) => boolean = () => false,
): ScoredCandidate {
  const ownSurfaces = surfacesOf(features.own);
  const contextSurfaces = surfacesOf(features.context);
  let total = 0;
  let own = 0;
  let contextOnly = 0;
  const matched = new Set<string>();
  const namesGiven = new Set<string>();
  const positionsByTerm: number[][] = [];
  const otherKinds = otherKindHeads(features.candidate.claimText, question);
  for (const term of question.terms) {
    const weight = weights.get(term.surface) ?? 0;
    // "Between 3.5 and 5 bar" is about pressure though it never says so.
    const measured =
      question.attribute?.surface === term.surface && question.attribute.unit.test(features.candidate.quote)
        ? settings.match.form
        : 0;
    const reference = term.reference;
    let inOwn = reference
      ? reference.test(features.candidate.claimText)
        ? settings.match.exact
        : 0
      : (otherKinds.has(term.surface) ? settings.otherKind : 1) *
        Math.max(
          measured,
          matchStrength(term, features.ownForms, ownSurfaces, settings),
          // A row's headers and an item's lead-in are part of its claim, though not of what it prints.
          settings.claimShare * matchStrength(term, features.claimForms, features.claimSurfaces, settings),
          settings.claimShare * abbreviationMatch(term, features, settings),
        );
    // "warmup … steps" is not warmup_steps: an identifier's part met apart from its other parts counts half.
    if (term.identifier && inOwn > 0 && !saysTogether(features.own, term.identifier)) inOwn *= settings.identifierApart;
    const inContext = reference
      ? reference.test(features.candidate.context.join("\n"))
        ? settings.match.exact
        : 0
      : matchStrength(term, features.contextForms, contextSurfaces, settings);
    // A name the candidate's document goes by (its file name, its running header) is taken as given.
    if (inOwn === 0 && inContext === 0 && term.forms.some((form) => given.has(form))) {
      if (term.named) namesGiven.add(term.surface);
      continue;
    }
    total += weight;
    own += weight * inOwn;
    contextOnly += weight * Math.max(0, inContext - inOwn);
    if (inOwn > 0 || inContext > 0) matched.add(term.surface);
    if (!term.answerWord || inOwn > 0) {
      positionsByTerm.push(
        inOwn > 0
          ? features.own
              .filter(
                (word) =>
                  word.surface === term.surface ||
                  word.forms.some((form) => term.forms.includes(form) || term.related.includes(form)),
              )
              .map((word) => word.position)
          : [],
      );
    }
  }
  const type = question.type;
  const subject = question.subject ? wordsOf(question.subject) : null;
  const defined = features.candidate.subject ? formsIn(features.candidate.subject) : null;
  const subjectWords = subject === null ? [] : [...subject].filter((word) => !STOPWORDS.has(word) && word.length > 1);
  const namedForms = new Set(question.terms.filter((term) => term.named).map((term) => term.surface));
  const definedWord = (word: string) => defined !== null && formsOf(word).some((form) => defined.has(form));
  // The head of an English noun phrase is its last word: "tropical algebraic geometry" defines no
  // "tropical semiring", however many other words they share.
  const definesSubject =
    subjectWords.length > 0 && definedWord(subjectWords.at(-1) as string)
      ? subjectWords.filter(definedWord).length / subjectWords.length
      : 0;
  // The shapes are looked for only where every word of X is met: the test is a regular expression per subject.
  const namesSubject =
    subjectWords.length > 0 &&
    subjectWords.length <= 6 &&
    subjectWords.every((word) => formsOf(word).some((form) => features.claimForms.has(form)));
  const codeEntry = question.subject ? codeEntryOf(question.subject) : null;
  const definesCode = codeEntry?.test(features.candidate.claimText) === true;
  const headWords = question.subject ? scopedHeadWords(question.subject) : [];
  // "The nM SAM attribute output by STAR": of a subject that holds a name, the name is what is defined.
  const namedWord = subjectWords.length > 1 ? subjectWords.find((word) => namedForms.has(word)) : undefined;
  const definesNamedWord =
    namedWord !== undefined &&
    formsOf(namedWord).some((form) => features.claimForms.has(form)) &&
    statesDefinitionOf(features.candidate.claimText, [namedWord]);
  // "What does ITA stand for?" is answered by the words its letters begin ("Intent To Adopt"), not by a
  // sentence of the shape "ITA is …" that says something else of it.
  const definitionOfSubject = question.asksExpansion
    ? expandsAbbreviation(features.candidate.claimText, question.subject ?? "")
      ? 1
      : 0
    : !pointsElsewhere.test(features.candidate.claimText) &&
        (definesSubject >= 0.5 ||
          definesCode ||
          (namesSubject &&
            (statesDefinitionOf(features.candidate.claimText, subjectWords) ||
              (headWords.length > 0 && statesDefinitionOf(features.candidate.claimText, headWords)))) ||
          definesNamedWord)
      ? 1
      : 0;
  // "How many rounds" is not answered by a count of keys.
  // "How much did it cost?" is answered by an amount of money, not by "16 Cloud TPUs".
  const countedTerm = question.terms.find((term) => term.surface === question.counted);
  // "How many employees" is not answered by "within 60 days": a span of time counts its units only.
  const countsKind =
    type !== "count" || countedTerm === undefined || features.countsThings || spanUnit.test(countedTerm.surface);
  // "How many MGUS subjects" is answered by "the 9 subjects who …": the phrase's first word or its head.
  const headTerm = question.terms.find((term) => term.surface === question.countedHead);
  const countsWhatIsAsked =
    countsKind &&
    (countedTerm === undefined ||
      [countedTerm, headTerm].some(
        (term) =>
          term !== undefined && matched.has(term.surface) && !onlyModifies(features.candidate.claimText, term, isNoun),
      )) &&
    !(
      (type === "quantity" || type === "count") &&
      (question.attribute?.monetary ||
        (question.attribute?.physical && !relativeFigure.test(features.candidate.claimText))) &&
      !question.attribute.unit.test(features.candidate.claimText)
    );
  // "Who designed the Orchard Library?" is not answered by naming the Orchard Library: the name must be
  // another, and hold a word that is no common word ("Principal Executive Offices" names no one).
  const namesSomeoneElse =
    type !== "person" ||
    namesIn(features.candidate.claimText).some((name) => {
      const words = [...wordsOf(name)].filter((word) => !STOPWORDS.has(word));
      return words.some((word) => !question.terms.some((term) => says(word, term))) && !words.every(isCommonWord);
    });
  // "Which driver is selected?" is answered by a name the question does not give ("dvips", "POSIX.1-2008").
  const namesNew = (text: string) =>
    nameTokensOf(text).some(
      (token) =>
        !STOPWORDS.has(token) &&
        !question.terms.some((term) => says(token, term)) &&
        !joinsQuestionWords(token, question.terms) &&
        (!/^\p{Ll}+$/u.test(token) || !isCommonWord(token) || capitalTokensOf(features.candidate.quote).has(token)),
    );
  const namesAThing = type !== "name" || namesNew(features.candidate.quote);
  // A setting's value is a figure or a keyword; asked for its default, one said next to "default"
  // ("defaulting to 3306", "inhx32 (the default)"), not any figure of the sentence ("Section is 2.4").
  const givesValue =
    type === "value" &&
    (question.terms.some((term) => term.surface === "default")
      ? aroundDefault(features.candidate.claimText).some((near) => valueFigures(near).length > 0 || namesNew(near))
      : features.states.has("quantity") || namesNew(features.candidate.quote));
  // A definition answers "what is X" only when it is of X; any other kind, when it is stated at all.
  const states =
    type !== null &&
    ((type === "definition"
      ? definitionOfSubject === 1
      : (type === "name"
          ? namesAThing
          : type === "value"
            ? givesValue
            : features.states.has(type) || (question.asksYear === true && features.namesYear)) &&
        countsWhatIsAsked &&
        namesSomeoneElse) ||
      definitionOfSubject === 1);
  // Names say which thing is asked about: a candidate about another thing answers another question.
  const namedTotal = question.terms
    .filter((term) => term.named)
    .reduce((sum, term) => sum + (weights.get(term.surface) ?? 0), 0);
  // A name the candidate leaves to the rest of its passage ("the jury found …" in a passage on Arm's suit) half counts.
  const namedMatched = question.terms
    .filter((term) => term.named)
    .reduce((sum, term) => {
      const weight = weights.get(term.surface) ?? 0;
      if (matched.has(term.surface) || term.forms.some((form) => given.has(form))) return sum + weight;
      return term.forms.some((form) => nearby.has(form)) ? sum + weight / 2 : sum;
    }, 0);
  const plain = question.terms.filter((term) => !term.named && !term.answerWord);
  const namesOnly = plain.length > 0 && !plain.some((term) => matched.has(term.surface));
  const coverage = total > 0 ? own / total : 0;
  const context = total > 0 ? contextOnly / total : 0;
  // A caption says what its figure or table shows, not what it states: unless the question asks
  // about a figure or table itself, it sends the reader to the figure as a cross-reference does.
  const pointsAway =
    features.crossReference ||
    (features.caption &&
      !question.terms.some((term) => /^(?:figure|fig|table|listing|exhibit|chart)$/u.test(term.surface)));
  // Being the right kind of answer counts only as far as the candidate is about the question.
  const about = Math.min(1, coverage + context);
  const parts: ScoreParts = {
    coverage,
    context,
    proximity: proximity(positionsByTerm),
    answerType: states ? about : 0,
    // Half for "what is X": a definition's shapes are found less surely than a figure or a date.
    // Asked in so many words ("how does the guide define X"), a definition is what answers.
    typeMissing: type !== null && !states ? (type === "definition" && !question.asksToDefine ? 0.5 : 1) : 0,
    definitionMissing: type === "definition" && question.asksToDefine && !states ? 1 : 0,
    rank: 1 / placement.rank,
    // A sentence that sends the reader elsewhere defines nothing, whatever its shape.
    definition: pointsAway ? 0 : Math.max(definesSubject, definitionOfSubject) * about,
    crossReference: pointsAway ? 1 : 0,
    figure: type === null && features.states.has("count") ? about : 0,
    namesOnly: namesOnly ? 1 : 0,
    namedMissing: namedTotal > 0 ? 1 - namedMatched / namedTotal : 0,
    tableLookup: looksUp(features, question, matched) ? 1 : 0,
    opposite: (question.opposites ?? []).some(
      ({ said, opposite }) => opposite.test(features.candidate.claimText) && !said.test(features.candidate.claimText),
    )
      ? 1
      : 0,
    programInput: features.programInput && !question.asksForInput ? 1 : 0,
  };
  const w = settings.weights;
  const score =
    w.coverage * parts.coverage +
    w.context * parts.context +
    w.proximity * parts.proximity +
    w.answerType * parts.answerType -
    w.typeMissing * parts.typeMissing -
    w.definitionMissing * parts.definitionMissing +
    w.rank * parts.rank +
    w.definition * parts.definition -
    w.crossReference * parts.crossReference +
    w.figure * parts.figure -
    w.namesOnly * parts.namesOnly -
    w.namedMissing * parts.namedMissing +
    w.tableLookup * parts.tableLookup -
    w.opposite * parts.opposite -
    w.programInput * parts.programInput;
  return { features, ...placement, score, parts, matched, namesGiven };
}

/** The text within a few words of each "default" of `text`, where a setting's default value is said. */
function aroundDefault(text: string): string[] {
  return Array.from(text.matchAll(/\bdefault(?:s|ed|ing)?\b/giu), (match) =>
    text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40),
  );
}

/**
 * "What does a status value of 3 mean?": a code is defined where a list gives the code with its
 * meaning after it ("3 | non-basic on upper bound", "404 Not Found"), not "3 times faster". The
 * pattern for the subject's code, or null when it holds none; made once per subject.
 */
const codeEntryOf = memoize(500, (subject: string): RegExp | null => {
  const code = /(?<![\p{L}\p{N}.])\d+(?![\p{L}\p{N}]|\.\d)/u.exec(subject)?.[0];
  return code === undefined
    ? null
    : new RegExp(`(?<![\\p{L}\\p{N}.,])${code}(?:\\s*[|:=–—)-]\\s*\\p{L}|\\s+\\p{Lu})`, "u");
});

/** "The Jacobson radical of an associative algebra": the words of the phrase before "of", what is defined (the rest is its scope). */
const scopedHeadWords = memoize(500, (subject: string): string[] => {
  const scoped = /^(.+?)\s+of\s+\S/iu.exec(subject)?.[1];
  return scoped === undefined ? [] : [...wordsOf(scoped)].filter((word) => !STOPWORDS.has(word) && word.length > 1);
});
