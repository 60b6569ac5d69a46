import { normalizeForMatch } from "@audited-rag/core";
import lemmatize from "wink-lemmatizer";
import { expectedAnswer, mainClause, yearAsked } from "../drafting/answer-type";
import { type Attribute, attributeOf, questionAttribute, type UnitTest } from "../drafting/attribute-units";
import { stem } from "../drafting/content-terms";
import type { AnswerType } from "./candidate-features";
import { escapeRegExp } from "./definition-shapes";
import { foldMarks, formsOf, isContentWord, STOPWORDS, wordForms } from "./word-forms";
import type { Lexicon } from "./wordnet-lexicon";

/** One content word of a question with every form it may be met in. */
export interface QuestionTerm {
  surface: string;
  /** The value when the word is a figure. */
  value?: number | undefined;
  /** Lemmas, stem and value key: the same word in another form. */
  forms: string[];
  /** Forms of its synonyms and derived words (WordNet): the same idea in other words. */
  related: string[];
  /** A name ("Willow Park", "AES-256", "JWT"): the passages' document must know it. */
  named: boolean;
  /** Set alone in quotes ("the 'screen' preset"): the name of an entry, when a list gives one. */
  quoted?: boolean;
  /** Names the kind of answer ("period", "number") rather than its subject; documents often leave it out. */
  answerWord: boolean;
  /** Names the category the answer belongs to ("which status code …", "what media type …"): answers often leave it to their heading. */
  category: boolean;
  /** A word mostly used as a noun: a thing the question is about, not how it is worded ("battery", not "actually"). */
  thing: boolean;
  /** For the number of "Table 2", "Figure 7", "Section 4.1": where to look, met only after the same word. */
  reference?: RegExp;
  /** For a part of a snake_case identifier ("warmup" of "warmup_steps"): its parts in order and their join, met only together. */
  identifier?: { parts: string[]; joined: string };
}

export interface QuestionAnalysis {
  terms: QuestionTerm[];
  /** The kind of fact asked for, when the wording says so. */
  type: AnswerType | null;
  /** For "what is X", the words of X. */
  subject: string | null;
  /** For "how many X", the term X: an answer counts X, not something else. */
  counted: string | null;
  /** Asked in so many words for a definition ("how do the notes define X", "what does X mean"), not only "what is X". */
  asksToDefine?: boolean;
  /** "What does ITA stand for?", "what is HAC short for?": the subject is an abbreviation, and its expansion answers. */
  asksExpansion?: boolean;
  /** Asked for a year ("in what year …"): any year answers, "in 1770" too. */
  asksYear?: boolean;
  /** The measured attribute asked about ("pressure"): a figure in its unit stands in for its name. */
  attribute: { surface: string; unit: UnitTest; monetary?: boolean; physical?: boolean } | null;
  /** The noun a counted phrase ends on, when it is not `counted` ("subjects" of "how many MGUS subjects"). */
  countedHead?: string;
  /** Words that say which kind of a thing is asked about: a modifier and its noun ("differential nonlinearity"), or a rate's two sides ("cost per airplane", `per`). */
  compounds?: Array<{ modifier: string; head: string; per?: boolean }>;
  /**
   * "Inside the floating environment": a question word the lexicon gives antonyms, before a term of
   * the question. `said` finds the word before the term in a text, `opposite` an antonym there
   * ("outside a floating environment"): a sentence saying only the latter is about the opposite.
   */
  opposites?: Array<{ said: RegExp; opposite: RegExp }>;
  /** Asked for what to type or call ("which function", "what command", "what should I pass"): a line of program input may answer. */
  asksForInput?: boolean;
}

/** Words asking what to type, call or pass: "what should I pass to predict", "which command", "the syntax of". */
const inputAsked =
  /\b(?:commands?|calls?|call(?:ed|ing)|syntax|pass(?:ed|ing)?|type\s+in|typed|typing|enter(?:ed)?|invoke[ds]?|invocation)\b/i;

const answerWords = new Set(
  (
    "period window time timeframe deadline duration date day year amount number count total name cost price fee " +
    "limit rate value percentage percent share proportion city town place location country region area person " +
    "people type kind term value values size"
  ).split(" "),
);
/**
 * Words of a question that only frame it ("does the document say", "is there any"). "The authors"
 * are the document's writers ("what do the authors recommend"): the page that answers says what
 * is recommended, not who recommends it.
 */
const questionFrame = new Set(
  (
    "use uses used using happen happens way mean means called call stand stands define take takes taken took " +
    "reach reached reaches achieve achieved achieves obtain obtained author authors"
  ).split(" "),
);
/**
 * "… according to the paper", "cited in the guide", "in these notes": the document itself named
 * as where to look. No passage says that word of itself where it states the answer.
 */
const documentNouns =
  "paper|guide|guideline|notes|document|article|manual|standard|specification|datasheet|report|tutorial|background|rule|filing";
const documentScope = new RegExp(
  [
    `\\b(?:according\\s+to|(?:cited|described|given|stated|shown|listed|used|set\\s+out)\\s+in|in)\\s+(?:the|these|this)\\s+(?:${documentNouns})\\b`,
    // "How does the guide define X", "what does the paper report": the document as the one who says it.
    `\\b(?:the|these|this)\\s+(?:${documentNouns})\\s+(?=(?:defines?|describes?|says?|states?|lists?|calls?|recommends?|mentions?|suggests?|reports?|gives?|specif(?:y|ies)|requires?|expects?|estimates?)\\b)`,
  ].join("|"),
  "giu",
);
/**
 * "… in the elliptic curves section", "at the start of the plotting chapter": a part of the
 * document named as where to look. Its noun is no word of the answer; the words before it are.
 */
const documentPart =
  /\b(?:in|from|within|of|under)\s+the\s+(?:[\p{L}-]+\s+){0,3}(section|chapter|appendix|subsection)\b(?!\s+(?:on|about|of)\b)/giu;

/** "Table 2", "Fig. 7", "Section 4.1": a number that says where to look. */
const referencePattern =
  /\b(table|figure|fig\.?|section|sec\.?|appendix|equation|eq\.?|chapter|example|definition|theorem|lemma)\s+(\d+(?:\.\d+)*)\b/giu;
/** "How long", "how many": the adjective after "how" asks for the answer's kind, it names no subject. */
const howAdjective = /\bhow\s+(\p{L}+)/giu;

/** "In these notes, …", "According to the guide, …": a scope before the question itself. */
const leadingScope = String.raw`^\s*(?:(?:in|according to|per|within|from)\s+[^,?]{1,60},\s*)?`;
/** "… in the BERT paper", "… in this standard": where to look, not what X is. */
const trailingScope = String.raw`(?:\s+(?:in|according to|within|for|under|as used in)\s+(?:the|these|this|that)\b[^?]{0,60})?`;
const term = `["'‘“]?(.{1,60}?)["'’”]?`;
const definitionQuestion = new RegExp(
  [
    // "What were the revenues in Q1?", "what was the EPV at that moment?": a past value, not a term.
    String.raw`${leadingScope}(?:what|who)\s+(?:is|are)\s+(?:meant\s+by\s+)?(?:a|an|the)?\s*${term}${trailingScope}\s*\??\s*$`,
    String.raw`${leadingScope}what\s+does\s+(?:the\s+term\s+)?${term}\s+(?:mean|stand for|refer to|denote)${trailingScope}\s*\??\s*$`,
    String.raw`${leadingScope}(?:define|what\s+is\s+the\s+definition\s+of)\s+${term}${trailingScope}\s*[.?]?\s*$`,
    String.raw`${leadingScope}how\s+(?:do|does|did)\s+(?:the\s+)?[\p{L}\s]{1,40}?\s+define\s+(?:a|an|the)?\s*${term}${trailingScope}\s*\??\s*$`,
  ].join("|"),
  "iu",
);
/**
 * "What is required to install it?", "what is stored in /var/tmp?", "what is said about X?": a
 * passive asks what thing is so treated, not what a term means. A participle before a noun
 * ("what is distributed computing?") still names a term.
 */
const passiveSubject =
  /^(?:\p{L}+[^e\s]ed|said|done|known|shown|given|made|taken|seen|written|kept|held|set|put|found|left|sent|built|run|paid|told|brought|chosen|drawn|hidden)\s+(?:to|for|in|on|at|by|about|from|with|into|onto|when|where|if|before|after|during|between|under|over|as|inside|within|per|against|through|until|unless)\b/iu;
/**
 * A modifier that picks some of a kind out ("the recommended way", "the supported platforms"):
 * which, not what; after "a" it is part of a term ("a primary key").
 */
const selectingModifier =
  /^(?:recommended|supported|preferred|required|allowed|permitted|valid|invalid|best|main|primary|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)|last|next|current|latest|usual|typical|common|only|correct)\s/iu;
/** "What is the default value of X": a value asked for, not a definition. */
const valueSubject =
  /^(?:the\s+)?(?:default|value|maximum|minimum|max|min|number|total|amount|size|length|cost|price|rate|percentage|date)\b/i;
const percentageQuestion =
  /\b(?:what|which)\s+(?:[\p{L}()-]+\s+){0,3}?(?:percentage|percent|share|proportion|fraction|ratio|probability|likelihood|chance)\b|\bhow much of\b|\bhow (?:likely|probable)\b/iu;
/** "What gross margin percentage …": the noun before "percentage" is what the share is of. */
const shareOf =
  /\b(?:what|which)\s+(?:[\p{L}-]+\s+){0,2}?(\p{L}+)\s+(?:percentage|percent|share|proportion|fraction)\b/iu;
/** "Who …", "which company …", "at which medical institution …": someone, one word before the kind allowed. */
const personQuestion =
  /^\s*(?:who|whom|whose)\b|\b(?:which|what) (?:[\p{L}-]+ )?(?:person|people|authors?|organi[sz]ations?|company|companies|firms?|vendors?|manufacturers?|agency|agencies|institutions?|universit(?:y|ies))\b/iu;
/**
 * "Which standard does FHS cite …", "what language was it coded in …", "which driver is selected",
 * "which ./configure option …": a thing known by its name.
 */
const nameQuestion =
  /\b(?:which|what)\s+(?:[\p{L}\p{N}./_-]*\p{L}[\p{L}\p{N}./_-]*\s+)?(?:standards?|options?|drivers?|commands?|functions?|packages?|programs?|tools?|librar(?:y|ies)|languages?|protocols?|algorithms?|variables?|parameters?|macros?|classes|modules?|software|applications?|utilit(?:y|ies)|compilers?|editors?|browsers?|processors?|operating\s+systems?|fonts?|licen[cs]es?|engines?|formats?|extensions?|mailing\s+lists?|receivers?|chips?|sensors?|devices?|controllers?|daemons?|services?|repositor(?:y|ies)|suites?|channels?|settings?|flags?|switches|keywords?|directives?|statements?|methods?|arguments?|attributes?|fields?|properties|modes?)\b/iu;
/**
 * Whether the question asks for a thing known by its name. The kind must head its phrase: in
 * "what standard error" or "which option value" it only qualifies the noun after it, one WordNet
 * gives as mostly a noun, and a value is asked for, not a name.
 */
function namesAThing(question: string, lexicon: Lexicon | undefined): boolean {
  const match = nameQuestion.exec(question);
  return match !== null && headsItsPhrase(question, match, lexicon);
}

/** Whether the word `match` ends on heads its phrase: the next word is no noun that it only qualifies. */
function headsItsPhrase(question: string, match: RegExpExecArray, lexicon: Lexicon | undefined): boolean {
  const after = /^\s+(\p{Ll}+)\b(\s+\p{Ll}+)?/u.exec(question.slice(match.index + match[0].length));
  const next = after?.[1];
  if (next === undefined || STOPWORDS.has(next)) return true;
  // "Which hex file format does gplink produce": the word before the question's verb ends the
  // phrase and heads it, whichever part of speech the dictionary gives it first.
  if (after?.[2] !== undefined && questionVerb.test(after[2])) return false;
  if (lexicon?.mostlyNoun === undefined) return true;
  return !lexicon.mostlyNoun(lemmatize.noun(next));
}
/** The verb that ends the noun phrase a question word asks about: "which file format does …". */
const questionVerb = /^\s+(?:is|are|was|were|does|do|did|can|could|may|might|must|should|will|would|has|have|had)$/u;

/** "Are subdirectories allowed in /bin?", "Is it acceptable to …", "Must the file …": a yes-or-no question. */
const polarQuestion =
  /^\s*(?:is|are|was|were|can|could|may|might|must|shall|should|does|do|did|will|would|has|have)\s+(?!there\s+(?:a|an)\s+(?:\p{L}+\s+)?(?:number|limit|maximum|minimum)\b)/iu;
/**
 * "Which directory holds …", "what file does R read …", "in which folder …": a place in a file
 * system, when the place word heads its phrase ("which hex file format" asks for a format).
 */
const pathQuestion = /\b(?:which|what)\s+(?:[\p{L}-]+\s+)?(?:director(?:y|ies)|folders?|paths?|files?|filenames?)\b/iu;
const asksForPath = (question: string, lexicon: Lexicon | undefined) => {
  const match = pathQuestion.exec(question);
  return match !== null && headsItsPhrase(question, match, lexicon);
};
/** "Which status code is …", "what media type does …": the noun phrase the question word asks about. */
const categoryPhrase =
  /^\s*(?:which|what)\s+((?:[\p{L}\p{N}-]+\s+){1,3}?)(?:is|are|was|were|does|do|did|can|could|may|must|should|will|would|has|have|means?)\b/iu;
const countQuestion = /\bhow many\b/i;
/** "… stand for", "short for", "abbreviation": a question about what the letters of a word stand for. */
const expansionAsked = /\bstands?\s+for\b|\bshort\s+for\b|\babbreviat|\bacronym\b/iu;
/** A word in capitals of two to six letters ("ITA", "NMU"), a plural "s" allowed: an abbreviation. */
const isAbbreviation = (word: string) => /^\p{Lu}{2,6}s?$/u.test(word.trim());

const countedNoun = /\bhow many\s+(\p{L}[\p{L}\p{N}-]*)((?:\s+\p{L}[\p{L}\p{N}-]*){0,2})/iu;

/**
 * The head of the noun phrase after "how many" (`countedNoun`'s match): the last of up to three
 * words, each a noun after the first ("how many MGUS subjects had …" counts subjects, "how many
 * key bits" bits). `isPlural` tells a plural the lexicon has as a noun or a verb ("replicates"),
 * which ends the phrase whatever its commonest sense; `namesThing` a noun that may modify it.
 */
function countedHead(
  match: RegExpExecArray | null,
  isNoun: (word: string) => boolean,
  isPlural: (word: string) => boolean = () => false,
  namesThing: (word: string) => boolean = () => false,
): string | undefined {
  if (!match) return undefined;
  const words = [match[1] as string, ...(match[2] ?? "").trim().split(/\s+/).filter(Boolean)].map((word) =>
    word.toLowerCase(),
  );
  let head = words[0] as string;
  for (const [k, next] of words.slice(1).entries()) {
    if (STOPWORDS.has(next)) break;
    if (isNoun(next) || isPlural(next)) {
      head = next;
      continue;
    }
    // "Parametric bootstrap replicates": a noun the lexicon knows, modifying the plural after it.
    const after = words[k + 2];
    if (after !== undefined && namesThing(next) && isPlural(after)) continue;
    break;
  }
  return head;
}
/** "How much memory …", "how much labor …": the measured thing, when the word after "much" is a noun; a hyphenated modifier before it ("how much wall-clock time") is not the thing. */
const measuredNoun = /\bhow much\s+(?:\p{L}+(?:-\p{L}+)+\s+)?(\p{L}+)\b/iu;

/**
 * Names in a question: acronyms, words with a digit, capitalised words that open no sentence
 * ("My document is double spaced. Out of the box, …" capitalises "Out" as a sentence's first), and
 * identifiers as software and specifications print them: camelCase, snake_case and options
 * written with a leading dash ("--outSAMtype", "warmup_steps", "-v"), and file paths ("/var/tmp").
 */
function namedSurfaces(question: string): Set<string> {
  const text = foldMarks(normalizeForMatch(question));
  const named = new Set<string>();
  const words = Array.from(text.matchAll(/[\p{L}\p{N}]+(?:[-/_][\p{L}\p{N}]+)*/gu));
  words.forEach((match, k) => {
    const word = match[0];
    if (STOPWORDS.has(word.toLowerCase())) return;
    const option = /(?:^|\s)--?$/.test(text.slice(Math.max(0, match.index - 3), match.index));
    // A file path ("/opt", "/var/tmp", "usr/share/man"), not "input/output" or "and/or".
    const path = text.charAt(match.index - 1) === "/" || (word.match(/\//g) ?? []).length >= 2;
    const identifier = word.includes("_") || /\p{Ll}\p{Lu}/u.test(word) || option || path;
    // A full stop after a lone letter ends an abbreviation ("the U.S. Army"), not a sentence.
    const opensSentence = k === 0 || /(?<!(?:^|[\s.])\p{L})[.?!]\s+$/u.test(text.slice(0, match.index));
    if (identifier || /\d/.test(word) || /^\p{Lu}{2,}/u.test(word) || (!opensSentence && /^\p{Lu}/u.test(word))) {
      for (const part of word.toLowerCase().split(/[-/_]/)) if (part.length > 0) named.add(part);
    }
  });
  return named;
}

/** Whether `surface` stands in the question in capitals only ("DES", "NIST", "GF2"). */
function isAcronym(question: string, surface: string): boolean {
  const written = foldMarks(normalizeForMatch(question)).match(/[\p{L}\p{N}]+/gu) ?? [];
  return written.some((word) => word.toLowerCase() === surface && /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(word));
}

/** A term set in quotes: an opening quote not inside a word ("Arm's" has none), a closing one ending a word. */
const quotedTerm = /(?<![\p{L}\p{N}])["'‘“]([\p{L}\p{N}][^"'’”]{0,59}?)["'’”](?![\p{L}\p{N}])/u;

/** The lowercased words the question sets in quotes one by one ("the 'screen' preset"): `quotedTerm`s of one word. */
export function quotedSurfaces(question: string): Set<string> {
  const quoted = new Set<string>();
  for (const [, term] of question.matchAll(new RegExp(quotedTerm.source, "gu"))) {
    const word = foldMarks(normalizeForMatch(term as string)).toLowerCase();
    if (/^[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*$/u.test(word)) quoted.add(word);
  }
  return quoted;
}

/** "the name of the function X", "the acronym X", "the abbreviation X": a word named as a word, and which. */
const namingFrame =
  /^(?:the\s+)?(?:name|acronym|abbreviation|initialism)\s+(?:of\s+(?:the\s+|an?\s+)?)?(?:[\p{L}-]+\s+)?(["'‘“]?[^\s"'’”]+["'’”]?)$/iu;

/** X of "what is X", "what does X mean", "define X", with any scope around it; null when not so asked. */
function definitionSubject(question: string): string | null {
  const match = definitionQuestion.exec(question);
  // "What is the tropical semiring (Definition 1.1)?": the parenthesis says where, not what.
  const subject = match
    ?.slice(1)
    .find((group) => group !== undefined)
    ?.replace(/\s*\([^)]*\)\s*$/, "")
    .trim();
  if (!subject || valueSubject.test(subject)) return null;
  // The words after "what is / are", article and all.
  const afterCopula = /\bwhat\s+(?:is|are)\s+(.+)$/iu.exec(question)?.[1];
  if (afterCopula !== undefined && passiveSubject.test(afterCopula)) return null;
  // "What does the name of the function weave stand for?", "what does the acronym HAC mean?": the
  // frame names what kind of word X is; X is the word itself. ("What is the name of the function?"
  // asks for a name.)
  const named = match?.[1] === undefined ? namingFrame.exec(subject)?.[1] : undefined;
  if (named !== undefined) return named;
  // "What is the 'Attrition' attack vector?": a term quoted in the question, with more words after
  // it, is what is defined; the rest names its kind. (The pattern may have taken its opening quote.)
  const quoted = quotedTerm.exec(question)?.[1];
  if (quoted !== undefined && subject.includes(quoted) && subject.replace(/^["'‘“]|["'’”]$/gu, "") !== quoted)
    return quoted;
  // "What is the model dimension of the base Transformer?" asks for an attribute's value; only
  // an explicit "define", "mean" or "definition of" makes "X of Y" a term to define.
  const plainWhatIs = match?.[1] !== undefined;
  if (plainWhatIs && (/\bof\b/i.test(subject) || /\d/.test(subject) || /['’]s\b/.test(subject))) return null;
  // "What are the requirements for a package name?", "what is the recommended way to install it?",
  // "what are the supported platforms?": which things are so, not what a term means.
  const indefinite = afterCopula !== undefined && /^an?\s/iu.test(afterCopula);
  if (plainWhatIs && (/\b(?:for|between|to)\b/i.test(subject) || (!indefinite && selectingModifier.test(subject))))
    return null;
  return subject;
}
const isDefinitionQuestion = (question: string) => definitionSubject(question) !== null;

/**
 * The question's words that say which kind of a thing it asks about: neighbouring words, neither a
 * figure nor a name, the second a thing (a noun) the first modifies ("differential nonlinearity"),
 * and the two sides of a rate ("cost per airplane", `per`).
 */
function kindCompounds(
  question: string,
  terms: QuestionTerm[],
  lexicon: Lexicon,
): NonNullable<QuestionAnalysis["compounds"]> {
  const bySurface = new Map(terms.map((term) => [term.surface, term]));
  const words =
    foldMarks(normalizeForMatch(question))
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const pairs: NonNullable<QuestionAnalysis["compounds"]> = [];
  for (let k = 0; k + 1 < words.length; k++) {
    const modifier = bySurface.get(words[k] as string);
    const head = bySurface.get(words[k + 1] as string);
    if (!modifier || !head || modifier.named || head.named) continue;
    // A word WordNet does not have ("nonlinearity", "copyset") is a term of the field: a noun.
    const noun = head.thing || (/^\p{L}{4,}$/u.test(head.surface) && lexicon.knows?.(head.surface) === false);
    if (!noun) continue;
    if (modifier.value !== undefined || head.value !== undefined || modifier.answerWord) continue;
    // "Estimated cost", "proposed rule": a participle describes the thing, it does not say its kind.
    if (/ed$/.test(modifier.surface)) continue;
    pairs.push({ modifier: modifier.surface, head: head.surface });
  }
  // "Cost per airplane": what a rate is per says its kind as well; "cost per operator" is another.
  for (let k = 1; k + 1 < words.length; k++) {
    if (words[k] !== "per") continue;
    const head = bySurface.get(words[k - 1] as string);
    const unit = bySurface.get(words[k + 1] as string);
    if (head && unit && head.value === undefined && unit.value === undefined)
      pairs.push({ modifier: unit.surface, head: head.surface, per: true });
  }
  return pairs;
}

/** "How much wall-clock time …", "how long does the recovery time last": the time asked for is measured as a duration is. */
const timeSpan: Attribute = { ...(attributeOf([stem("duration")]) as Attribute), term: stem("time") };

/**
 * The attribute a question measures; a noun before another noun ("current noise") only names that
 * one's kind. "Time" is one only where the question asks for a span: "the first time", "at
 * compile time" name no measure.
 */
const attributeIn = (question: string, lexicon: Lexicon) =>
  questionAttribute(
    mainClause(question),
    (word) => lexicon.mostlyNoun?.(word) === true,
    (word) => answerWords.has(word),
  ) ?? (/\btime\b/i.test(mainClause(question)) && expectedAnswer(question, null).kind === "duration" ? timeSpan : null);

/** The type of answer a question wants, from its wording; `attribute` is what it measures, when already read. */
export function answerTypeOf(fullQuestion: string, attribute?: Attribute | null, lexicon?: Lexicon): AnswerType | null {
  const question = mainClause(fullQuestion);
  if (percentageQuestion.test(question)) return "percentage";
  if (countQuestion.test(question)) return "count";
  const kind = expectedAnswer(question, attribute).kind;
  if (kind !== null) return kind;
  if (personQuestion.test(question)) return "person";
  if (asksForPath(question, lexicon)) return "path";
  if (polarQuestion.test(question)) return "polar";
  if (namesAThing(question, lexicon)) return "name";
  if (isDefinitionQuestion(question)) return "definition";
  // "What was the EPV when Paul shoots?", "what were the revenues in Q1?": a value at some time, not a term.
  if (pastValueQuestion.test(question)) return "quantity";
  if (valueQuestion.test(question)) return "value";
  return null;
}
/**
 * "What is the default value of the Port field?", "what value does skip= take?", "what default port
 * does the driver use?": a setting's value,
 * which a manual gives as a figure ("3306") or a keyword ("raggedright").
 */
const valueQuestion =
  /\b(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+|its\s+)?(?:default\s+|initial\s+|preset\s+)?values?\s+(?:of|for)\b|\b(?:what|which)\s+(?:default\s+)?values?\s+(?:is|are|does|do|did)\b|\b(?:what|which)\s+default\s+(?:[\p{L}-]+\s+){1,2}?(?:is|are|does|do|did|will|would)\b/iu;
const pastValueQuestion = new RegExp(`${leadingScope}what\\s+(?:was|were)\\s+(?:the|its|their|his|her)\\s`, "iu");

/** The question's terms with their forms and related words, its answer type and, for "what is X", X. */
export function analyseQuestion(typed: string, lexicon: Lexicon): QuestionAnalysis {
  const question = asDocumentSays(typed);
  const named = namedSurfaces(question);
  // "Is it OK to …": a word in capitals that English also uses as an adverb ("ok", "fast") is a
  // common word said loudly, no name; "AES" (unknown to WordNet) and "RAM" (a noun and a verb) stay names.
  for (const surface of named) {
    if (isAcronym(question, surface) && !lexicon.mostlyNoun?.(surface) && lexicon.knows?.(surface, "adv"))
      named.delete(surface);
  }
  const quoted = quotedSurfaces(question);
  const attribute = attributeIn(question, lexicon);
  const type = answerTypeOf(question, attribute, lexicon);
  const category = new Set((categoryPhrase.exec(question)?.[1] ?? "").toLowerCase().split(/\s+/).filter(Boolean));
  const seen = new Set<string>(
    Array.from(question.matchAll(howAdjective), (match) => (match[1] as string).toLowerCase()),
  );
  for (const [scope] of question.matchAll(documentScope))
    for (const word of scope.toLowerCase().split(/\s+/)) if (!STOPWORDS.has(word)) seen.add(word);
  for (const [, part] of question.matchAll(documentPart)) seen.add((part as string).toLowerCase());
  // "… (Table 2), … at a scatter width of 8": the table's number is where to look; a row printing 2 does not meet it.
  const references = new Map<string, RegExp>();
  for (const [, label, number] of question.matchAll(referencePattern)) {
    const stemOf = (label as string).toLowerCase().replace(/\.$/, "").slice(0, 3);
    const escaped = (number as string).replace(/\./g, "\\.");
    references.set(number as string, new RegExp(`\\b${stemOf}[\\p{L}.]*\\s*${escaped}(?![\\d.]\\d)`, "iu"));
  }
  const terms: QuestionTerm[] = [];
  for (const word of wordForms(question).filter(isContentWord)) {
    // "Who are the authors of …" asks for them: there the word is the question's, not its frame.
    const asked = type === "person" && /^authors?$/u.test(word.surface);
    if (seen.has(word.surface) || (questionFrame.has(word.surface) && !asked)) continue;
    seen.add(word.surface);
    const isNamed = named.has(word.surface);
    const related =
      isNamed || word.value !== undefined
        ? []
        : [
            ...new Set(
              [...new Set([word.surface, ...word.forms.filter((form) => /^[a-z]+$/.test(form))])]
                .flatMap((form) => lexicon.related(form))
                .flatMap(formsOf),
            ),
          ].filter((form) => !word.forms.includes(form));
    terms.push({
      value: word.value,
      surface: word.surface,
      // An acronym is met as written: the stem of "DES" is "de", which a hex table prints on every row.
      forms: isNamed && isAcronym(question, word.surface) ? [word.surface] : word.forms,
      related,
      named: isNamed,
      ...(quoted.has(word.surface) && { quoted: true }),
      answerWord: answerWords.has(word.surface) || word.forms.some((form) => answerWords.has(form)),
      category: category.has(word.surface),
      thing:
        word.value === undefined &&
        (lexicon.mostlyNoun?.(word.surface) === true ||
          word.forms.some((form) => form !== word.surface && lexicon.mostlyNoun?.(form) === true)),
      ...(references.has(word.surface) && { reference: references.get(word.surface) }),
    });
  }
  // "warmup_steps", "d_model": an identifier is one name, printed as written or joined ("dmodel",
  // its second part set as a subscript); its parts are met only together.
  for (const [written] of question.matchAll(/[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+/gu)) {
    const parts = foldMarks(written).toLowerCase().split("_");
    const joined = parts.join("");
    for (const term of terms) {
      if (!parts.includes(term.surface)) continue;
      term.forms = [...term.forms, joined];
      term.identifier = { parts, joined };
    }
  }
  // "BERT-LARGE" is printed "BERTLARGE" too: each of two neighbouring words also meets their join.
  terms.forEach((term, k) => {
    const next = terms[k + 1];
    if (next === undefined || term.value !== undefined) return;
    const joined = `${term.surface}${next.surface}`;
    // A hyphenated pair already carries its join (wordForms), unless an acronym's forms were reset.
    for (const word of [term, next]) if (!word.forms.includes(joined)) word.forms = [...word.forms, joined];
  });
  // "What is the scatter width?" asks for a definition though its words read as a measure: both answer
  // it. "What is the block size of AES?" asks for the value of an attribute.
  // Read in the question's main clause too, as its type is: "When using the .status suffix after solving, what does …".
  const asked = definitionSubject(question) ?? definitionSubject(mainClause(question));
  const subject = type === "definition" || (asked !== null && !/\bof\b/i.test(asked)) ? asked : null;
  const attributeTerm = attribute && terms.find((term) => stem(term.surface) === attribute.term);
  const measuredWord = measuredNoun.exec(question)?.[1]?.toLowerCase();
  const sharedWord = shareOf.exec(question)?.[1]?.toLowerCase();
  const isNoun = (word: string | undefined) => word !== undefined && lexicon.mostlyNoun?.(word) === true;
  const counting = countedNoun.exec(question);
  const countedWord =
    counting?.[1]?.toLowerCase() ??
    (isNoun(measuredWord) ? measuredWord : undefined) ??
    (type === "percentage" && isNoun(sharedWord) ? sharedWord : undefined);
  // "How many MGUS subjects": the noun the phrase ends on is counted too. A plural of a word the
  // lexicon has ends the phrase, even one it has only as a verb ("bootstrap replicates").
  const knows = (word: string, pos?: "noun" | "adj") => lexicon.knows?.(word, pos) === true;
  const headWord = countedHead(
    counting,
    (word) => isNoun(lemmatize.noun(word)),
    (word) => /[^s]s$/u.test(word) && (knows(lemmatize.noun(word), "noun") || knows(word.slice(0, -1))),
    (word) => knows(lemmatize.noun(word), "noun"),
  );
  // "How many parametric bootstrap replicates": an adjective counts nothing; the phrase's head is what is counted.
  const describes =
    countedWord !== undefined &&
    headWord !== countedWord &&
    knows(countedWord, "adj") &&
    !knows(lemmatize.noun(countedWord), "noun");
  // "How many people died": a word that only names the kind of answer counts nothing the answer must say ("157 fatalities").
  const counted =
    terms.find((term) => term.surface === (describes ? headWord : countedWord) && !term.answerWord)?.surface ?? null;
  const head =
    headWord === countedWord || describes ? undefined : terms.find((term) => term.surface === headWord)?.surface;
  const explicit = type === "definition" && definitionQuestion.exec(question)?.[1] === undefined;
  const compounds = kindCompounds(question, terms, lexicon);
  const opposites = type === "polar" ? [] : oppositesOf(question, terms, lexicon);
  return {
    terms,
    ...(compounds.length > 0 && { compounds }),
    ...(opposites.length > 0 && { opposites }),
    type,
    subject,
    counted,
    ...(head !== undefined && { countedHead: head }),
    ...(explicit && { asksToDefine: true }),
    ...(type === "definition" &&
      subject !== null &&
      isAbbreviation(subject) &&
      expansionAsked.test(question) && {
        asksExpansion: true,
      }),
    ...(type === "time" && yearAsked.test(question) && { asksYear: true }),
    ...((type === "name" || inputAsked.test(question)) && { asksForInput: true }),
    attribute:
      attribute && attributeTerm
        ? {
            surface: attributeTerm.surface,
            unit: attribute.unit,
            ...(attribute.monetary && { monetary: true }),
            ...(attribute.physical && { physical: true }),
          }
        : null,
  };
}

/**
 * "y^2 + y = x^3": a power of a one-letter variable typed with a caret is printed as a
 * superscript, which a PDF's text layer gives flat ("y2 + y = x3"); the question is read as the
 * page prints it. A word's caret ("I(Income^2)") is code, printed as typed.
 */
const flattenPowers = (question: string) => question.replace(/(?<![\p{L}\p{N}_])(\p{L})\^(?=\d)/gu, "$1");

/**
 * What a manual calls the default, said the way a user says it: "out of the box" ending its
 * clause, "unless I change it", "without changing any options", "without any setup", "if I don't
 * pass -x". The document says "default" ("raggedright is used by default"), so the question is
 * read with it.
 */
const defaultIdiom =
  /\bout[ -]of[ -]the[ -]box\b(?=\s*(?:[,.;:?!]|$))|\bunless\s+(?:i|you|we)\s+(?:change|set|specify|override)\s+(?:it|them|this|that)\b|\bwithout\s+(?:changing|setting|specifying|configuring)\s+(?:any(?:thing)?|its|the)(?:\s+(?:options?|settings?|parameters?|arguments?))?\b|\bwithout\s+any\s+(?:setup|set-up|configuration|options|arguments)\b|\bif\s+(?:i|you|we)\s+(?:don['’]t|do\s+not)\s+(?:set|specify|change|pass|give)\b/giu;

/** The question read as a document would put it: powers flat, a user's "out of the box" as "by default". */
const asDocumentSays = (typed: string) => {
  const question = flattenPowers(typed);
  return /\bdefault/iu.test(question) ? question : question.replace(defaultIdiom, "by default");
};

/**
 * The question as a search should read it: without the document named as where to look ("in the
 * guide", "how does the paper define") and without the words that only frame it ("define",
 * "mean", "called"). Those words are common in the very document asked about and pull passages
 * that merely mention it.
 */
export function searchText(typed: string): string {
  const question = asDocumentSays(typed);
  const unscoped = question
    .replace(documentScope, " ")
    .replace(documentPart, (phrase, part: string) => phrase.slice(0, phrase.length - part.length));
  const kept = unscoped
    .split(/(\s+)/)
    .filter((token) => !questionFrame.has(token.toLowerCase().replace(/[^\p{L}]/gu, "")))
    .join("");
  return /[\p{L}\p{N}]/u.test(kept) ? kept : question;
}

/**
 * The question's words that have antonyms and stand within three words before one of its terms
 * ("inside the floating environment", "the maximum voltage"), as patterns for the word and for its
 * antonyms before that term. A yes-or-no question is left out: its answer may well say the opposite.
 */
function oppositesOf(
  question: string,
  terms: QuestionTerm[],
  lexicon: Lexicon,
): Array<{ said: RegExp; opposite: RegExp }> {
  if (lexicon.opposites === undefined) return [];
  // Every run of letters, stopwords too ("inside" and "before" have antonyms), figures left out.
  const words = Array.from(
    foldMarks(question)
      .toLowerCase()
      .matchAll(/\p{L}+/gu),
    (match) => match[0],
  );
  const found: Array<{ said: RegExp; opposite: RegExp }> = [];
  words.forEach((word, k) => {
    const antonyms = lexicon.opposites?.(word) ?? [];
    if (antonyms.length === 0) return;
    const term = words
      .slice(k + 1, k + 4)
      .map((next) => terms.find((each) => each.surface === next))
      .find((each) => each !== undefined);
    if (term === undefined) return;
    const forms = [...new Set([term.surface, ...term.forms])].map(escapeRegExp).join("|");
    const before = (alternatives: string) =>
      new RegExp(`(?<!\\p{L})(?:${alternatives})\\P{L}+(?:\\p{L}+\\P{L}+){0,2}?(?:${forms})`, "iu");
    found.push({ said: before(escapeRegExp(word)), opposite: before(antonyms.map(escapeRegExp).join("|")) });
  });
  // Every candidate is tested against each pattern: a long question of many such words keeps its first few.
  return found.slice(0, MAX_OPPOSITES);
}
const MAX_OPPOSITES = 12;
