import { type Attribute, LENGTH_UNITS, measurement, questionAttribute, TIME_UNITS } from "./attribute-units";
import { contentTerms } from "./content-terms";
import { valueFigures } from "./value-figures";

/**
 * The kind of fact a question asks for, when its wording says so: a figure ("how many",
 * "what size"), a length of time or extent ("how long"), a date or moment ("when"), or a
 * frequency ("how often").
 */
export type AnswerKind = "quantity" | "duration" | "time" | "frequency";

export interface ExpectedAnswer {
  kind: AnswerKind | null;
  /** Stemmed noun a "how many X" question counts; a sentence that never names X does not answer it. */
  counted: string | null;
  /** The measured attribute asked about ("capacity", "price"), with the units its values come in. */
  attribute: Attribute | null;
}

const frequencyQuestion = /\bhow (?:often|frequently)\b|\bat what (?:interval|frequency)\b/i;
// "How much wall-clock time …": a hyphenated modifier before "time" still asks a span.
const durationQuestion =
  /\bhow long\b|\bhow much (?:\p{L}+(?:-\p{L}+)+\s+)?time\b|\bhow (?:soon|quickly)\b|\bwithin how\b/iu;
/** "How long a cell barcode …", "how long an input": the length of a thing, a figure, not a span of time. */
const lengthOfThing = /\bhow long an?\s/i;
const timeQuestion = /^\s*(?:until |since |by )?when\b|\b(?:what|which) (?:year|date|day|month|time)\b/i;
// "What is the estimated intercept", "the mean delay": a statistic is a figure ("the mean" only
// after an article, so "what does X mean" stays a definition question).
const quantityQuestion =
  /\bhow (?:many|much|large|big|small|old|far|fast|heavy|tall|wide|high|deep)\b|\bhow long an?\s|\b(?:size|length|number|count|amount|limit|maximum|minimum|rate|range|span|interval)\b|\b(?:which|what)\s+page\b|\b(?:the|an?|its|their)\s+(?:estimated|average|mean|median)\b/i;
/**
 * The noun of "which X is …", "in what X does …", "which index class does …": the kind of thing
 * the question asks for, the head of its phrase (the word before the verb, or before the symbol
 * that names it: "what default bandwidth h does …").
 */
const askedKind =
  /^\s*(?:(?:in|at|on|for|from|to|by|under|with|into)\s+)?(?:which|what)\s+((?:(?!(?:is|are|was|were|does|do|did|can|could|should|must|will|would|has|have|the|a|an|of)\b)[\p{L}-]+\s+){0,2}?)(\p{L}+)(?:\s+\p{L}{1,2})?\s+(?:is|are|was|were|does|do|did|can|could|should|must|will|would|has|have)\b/iu;
/** Nouns of "which X" that ask for a figure all the same ("which values can Nk take?"). */
const measureNoun =
  /^(?:values?|pages?|figures?|levels?|settings?|thresholds?|scores?|totals?|prices?|costs?|fees?|ratios?|percentages?|shares?|proportions?|amounts?|quantit(?:y|ies)|dimensions?|sizes?|widths?|heights?|weights?|speeds?|ranges?|spans?|intervals?|extents?|defaults?)$/i;
const countedNoun = /\bhow many\s+(\p{L}[\p{L}\p{N}-]*)/iu;

/**
 * "When switching to polar coordinates, what factor …", "If the driver does not match, which …":
 * a clause that sets the scene before the question after its comma. The question word that says
 * what is asked comes after it; "When was it released, and …" is no such clause.
 */
const sceneClause =
  /^\s*(?:when|whenever|where|wherever|if|while|once|after|before)\s+(?!(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had)\b)(?:[^,?()]|\((?:[^()]|\([^()]*\))*\))*,\s*(?=(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|must)\b)/i;

/**
 * "My series starts with a few missing values. What happens by default to …?": statements told
 * before the question sentence describe the asker's situation; what is asked, and so the kind of
 * answer, is in the sentence that ends in the question mark. A full stop ends a statement only
 * before a capital and after a word longer than an abbreviation ("e.g.", "Fig.", "No.").
 */
const statementEnd = /[\p{L}\p{N})"'’”]{4}[.!]\s+(?=\p{Lu})/gu;

/**
 * How many characters of `question` are statements told before its question sentence: up to the
 * last statement's end before the first question mark (0 when there is none). A scan, not one
 * pattern over the whole text, so a long question without a question mark costs linear time.
 */
function toldBeforeLength(question: string): number {
  const mark = question.indexOf("?");
  if (mark < 0) return 0;
  let end = 0;
  for (const match of question.slice(0, mark).matchAll(statementEnd)) end = match.index + match[0].length;
  return end;
}

/** The question sentence alone, without the statements told before it or a scene-setting clause. */
export function mainClause(question: string): string {
  return question.slice(toldBeforeLength(question)).replace(sceneClause, "");
}

/** What answer `question` expects, judged from its wording alone. */
export function expectedAnswer(
  fullQuestion: string,
  attribute: Attribute | null = questionAttribute(mainClause(fullQuestion)),
): ExpectedAnswer {
  const question = mainClause(fullQuestion);
  if (frequencyQuestion.test(question)) return { kind: "frequency", counted: null, attribute: null };
  if (durationQuestion.test(question) && !lengthOfThing.test(question))
    return { kind: "duration", counted: null, attribute };
  if (timeQuestion.test(question)) return { kind: "time", counted: null, attribute: null };
  // "In which direction is a function's rate of change greatest?" asks for a direction: a measure
  // named later in the question is what is compared, not what is asked for.
  const asked = askedKind.exec(question);
  const kindAsked = asked?.[2];
  // "What default maximum time is used?": a measure among the modifiers asks for a figure all the same.
  const phrase = `${asked?.[1] ?? ""}${kindAsked ?? ""}`;
  if (
    kindAsked !== undefined &&
    !phrase.split(/\s+/u).some((word) => measureNoun.test(word)) &&
    !quantityQuestion.test(phrase) &&
    questionAttribute(phrase) === null
  )
    return { kind: null, counted: null, attribute: null };
  if (quantityQuestion.test(question) || attribute !== null) {
    const counted = countedNoun.exec(question)?.[1];
    return { kind: "quantity", counted: counted ? (contentTerms(counted)[0] ?? null) : null, attribute };
  }
  return { kind: null, counted: null, attribute: null };
}

/** Month names and their abbreviations, capitalised, as regular-expression source. */
export const MONTHS =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
// Capitalised only, or every "may" would read as a month.
const calendar = new RegExp(
  `\\b(?:${MONTHS}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\\b|\\b(?:1[89]|20)\\d\\d\\b|\\b\\d{1,2}:\\d\\d\\b`,
);
/** A question asking for a year ("in what year …"), which any year answers, not only a recent one. */
export const yearAsked = /\b(?:what|which)\s+year\b/i;
/** A year of the last millennium as prose prints it ("in 1770"); `calendar` reads only 1800–2099 as years. */
export const olderYear = /(?<![\d.,])\b1\d{3}\b(?![.,]\d)/;
const frequency =
  /\bevery\b|\beach (?:day|week|month|quarter|year|time)\b|\b(?:hourly|daily|weekly|fortnightly|monthly|quarterly|yearly|annually|semi-annual(?:ly)?)\b|\bper (?:hour|day|week|month|quarter|year)\b|\b(?:once|twice)\b|\btimes (?:a|per)\b/i;
const span = measurement(TIME_UNITS);
/** "Within several days", "a few weeks": a span stated without a figure. */
const vagueSpan = new RegExp(`\\b(?:several|a few|a couple of|few|many)\\s+${TIME_UNITS}\\b`, "i");
const extent = measurement(LENGTH_UNITS);

/** Whether `text` states a fact of `kind` beyond the figures `question` already contains. */
export function statesAnswerKind(text: string, kind: AnswerKind, question = ""): boolean {
  switch (kind) {
    case "quantity":
      return valueFigures(text, question).length > 0;
    case "duration":
      return span.test(text) || vagueSpan.test(text) || extent.test(text);
    case "time":
      return calendar.test(text) || span.test(text);
    case "frequency":
      return frequency.test(text);
  }
}
