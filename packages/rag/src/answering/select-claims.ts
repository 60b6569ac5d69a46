import { MONTHS } from "../drafting/answer-type";
import { refersBefore, withoutIdentifiers } from "../drafting/value-figures";
import type { AnswerEngineSettings } from "./answer-engine-settings";
import { digitsValue } from "./number-words";
import type { QuestionAnalysis } from "./question-analysis";
import type { ScoredCandidate } from "./score-candidate";
import { type WordForm, wordForms } from "./word-forms";

export interface Selection {
  picked: ScoredCandidate[];
  /** The best score, or null when there was no candidate. */
  best: number | null;
  abstained: boolean;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const form of a) if (b.has(form)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

const surfaces = (candidate: ScoredCandidate) => new Set(candidate.features.own.map((word) => word.surface));
const valuesOf = (words: WordForm[]) =>
  new Set(words.filter((word) => word.value !== undefined).map((word) => word.value));

/**
 * The values a candidate states. Of a table row, only those under a header that meets the
 * question ("Block Size (Nb words) is 4" for "the block size of AES"), when any does: the row's
 * other cells are not what was asked, so another row repeating the asked value adds nothing.
 */
function values(candidate: ScoredCandidate, question: QuestionAnalysis | undefined): Set<number | undefined> {
  const { cells } = candidate.features.candidate;
  if (cells === undefined || question === undefined) return valuesOf(candidate.features.own);
  const asked = question.terms.filter((term) => candidate.matched.has(term.surface) && term.value === undefined);
  const meets = (header: string) =>
    wordForms(header).some((word) => asked.some((term) => word.forms.some((form) => term.forms.includes(form))));
  const askedCells = cells.filter((pair) => meets(pair.header)).map((pair) => pair.cell);
  return askedCells.length > 0 ? valuesOf(wordForms(askedCells.join(" "))) : valuesOf(candidate.features.own);
}

const month = new RegExp(`^${MONTHS}$`, "u");
const numberToken = /\d+(?:,\d{3})*(?:\.\d+)?(?:st|nd|rd|th)?/gu;

/**
 * The figures of `text` that only name, never measure: a section or note number heading the text
 * ("5.3 Feature-based Approach"), a reference ("Figure 6", "Table 2"), a figure after a
 * capitalised name ("Flight 610"; a month's day or year is a value) or glued to the letters
 * before it ("AD420"), and the figures of an identifier ("FAA–2020–0746"). A value also written
 * as a measure elsewhere in the text, or in words ("thirty days"), is not among them.
 */
export function namingValues(text: string): Set<number> {
  const typed = withoutIdentifiers(text);
  const naming = new Set<number>();
  const measuring = new Set<number>();
  for (const match of text.matchAll(numberToken)) {
    const at = match.index;
    const value = digitsValue(match[0]);
    if (value === null) continue;
    const inIdentifier = typed[at] !== text[at];
    const heading = text.slice(0, at).trim() === "" && /^\s+\p{Lu}/u.test(text.slice(at + match[0].length));
    const lead = /(\p{L}+)\.?\s+$/u.exec(text.slice(Math.max(0, at - 24), at));
    const before = lead?.[1];
    const named =
      lead !== null &&
      before !== undefined &&
      !month.test(before) &&
      /^\p{Lu}/u.test(before) &&
      !startsSentence(text, at - lead[0].length);
    // A figure glued to letters after it ("340M", "5mA") still measures.
    const glued = /\p{L}/u.test(text[at - 1] ?? "");
    const label = inIdentifier || glued || heading || named || refersBefore(text.slice(Math.max(0, at - 14), at));
    (label ? naming : measuring).add(value);
  }
  for (const value of measuring) naming.delete(value);
  return naming;
}

/** Whether the word starting at `at` opens a sentence (or the text). */
function startsSentence(text: string, at: number): boolean {
  const before = text.slice(0, at).trimEnd();
  return before === "" || /[.!?:;]["')\]]*$/u.test(before);
}

/** Whether the candidate states a value not yet stated, and as a measure rather than a label. */
function newMeasuredValue(candidate: ScoredCandidate, given: Set<number | undefined>, stated: Set<number | undefined>) {
  const fresh = [...given].filter((value) => !stated.has(value));
  if (fresh.length === 0) return false;
  const naming = namingValues(candidate.features.candidate.claimText);
  return fresh.some((value) => value !== undefined && !naming.has(value));
}

/** Two candidates from the same passage whose quotes overlap, or whose words mostly coincide. */
function sameFact(a: ScoredCandidate, b: ScoredCandidate, settings: AnswerEngineSettings): boolean {
  const quoteA = a.features.candidate;
  const quoteB = b.features.candidate;
  if (a.localId === b.localId) {
    const overlap =
      Math.min(quoteA.start + quoteA.quote.length, quoteB.start + quoteB.quote.length) -
      Math.max(quoteA.start, quoteB.start);
    if (overlap > 0) return true;
  }
  if (quoteA.quote.includes(quoteB.quote) || quoteB.quote.includes(quoteA.quote)) return true;
  return jaccard(surfaces(a), surfaces(b)) >= settings.nearDuplicate;
}

/**
 * The claims of one part: the best candidate when it clears the abstention threshold, then up
 * to two more that clear it too, score at least a share of the best, say something other than
 * those picked and add a facet. A facet is a question term not yet met that carries a share of
 * the question's weight (not a word of its wording, nor a name the first claim's document goes
 * by), or, for a question asking for a kind of fact, another value of that kind with as good a
 * match and a score close to the best: a second guess only where the two are too near to tell
 * apart. A figure that only names (a section, a figure, an identifier: see `namingValues`) is no
 * other value. After a row or entry looked up by what the question names, another row or entry
 * the question does not name is about something else.
 */
export function selectClaims(
  scored: ScoredCandidate[],
  asksForType: boolean,
  settings: AnswerEngineSettings,
  question?: QuestionAnalysis,
  /** Each question term's weight: a new facet must carry `newFacetShare` of their sum. */
  weights?: Map<string, number>,
): Selection {
  // On a tie the better-placed passage, then the shorter quote: it says the same with less.
  const ranked = [...scored].sort(
    (a, b) =>
      b.score - a.score || a.rank - b.rank || a.features.candidate.quote.length - b.features.candidate.quote.length,
  );
  const first = ranked[0];
  if (first === undefined) return { picked: [], best: null, abstained: true };
  if (first.score < settings.abstainBelow) return { picked: [], best: first.score, abstained: true };
  const picked = [first];
  // A name the first claim's document goes by is said already: "Debian" adds nothing to an answer
  // quoted from the Debian Policy Manual.
  const covered = new Set([...first.matched, ...first.namesGiven]);
  const total = [...(weights?.values() ?? [])].reduce((sum, weight) => sum + weight, 0);
  // A facet is a term that carries some of the question: a word of its wording ("leftover", "after") is none.
  const carries = (terms: string[]) =>
    weights === undefined || total === 0
      ? terms.length > 0
      : terms.reduce((sum, term) => sum + (weights.get(term) ?? 0), 0) >= settings.newFacetShare * total;
  const stated = values(first, question);
  const floor = Math.max(settings.abstainBelow, settings.shareOfBest * first.score);
  for (const candidate of ranked.slice(1)) {
    if (picked.length >= settings.maxClaimsPerPart || candidate.score < floor) break;
    if (picked.some((chosen) => sameFact(chosen, candidate, settings))) continue;
    // A row or entry looked up by what the question names ("the default of --soloCBlen") answers it;
    // another row or entry that the question does not name is about something else.
    const otherEntry = candidate.features.candidate.subject !== undefined && candidate.parts.tableLookup === 0;
    if (first.parts.tableLookup > 0 && otherEntry) continue;
    const newTerm = carries([...candidate.matched].filter((term) => !covered.has(term)));
    const given = values(candidate, question);
    // Another value of the asked kind with no new facet is a second guess at the same fact: it
    // must score close to the best, where the two are too near to tell apart.
    const newValue =
      asksForType &&
      candidate.score >= settings.shareOfBestForValue * first.score &&
      candidate.parts.answerType > 0 &&
      candidate.parts.coverage >= settings.shareOfBest * first.parts.coverage &&
      newMeasuredValue(candidate, given, stated);
    if (!newTerm && !newValue) continue;
    picked.push(candidate);
    for (const term of [...candidate.matched, ...candidate.namesGiven]) covered.add(term);
    for (const value of given) stated.add(value);
  }
  return { picked, best: first.score, abstained: false };
}
