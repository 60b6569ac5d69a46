import { type AnswerKind, MONTHS, olderYear, statesAnswerKind } from "../drafting/answer-type";
import { measurement, shareFigure, TIME_UNITS } from "../drafting/attribute-units";
import { valueFigures, withoutIdentifiers } from "../drafting/value-figures";
import { memoize } from "../memoize";
import type { AnswerCandidate } from "./answer-candidates";
import { formSet, isContentWord, type WordForm, wordForms } from "./word-forms";

/** The kinds of fact a question can ask for, beyond those answer-type.ts reads. */
export type AnswerType =
  | AnswerKind
  | "count"
  | "percentage"
  | "person"
  | "definition"
  | "path"
  | "polar"
  | "name"
  | "value";

/** What a candidate offers to matching, computed once per passage text and cached. */
export interface CandidateFeatures {
  candidate: AnswerCandidate;
  /** Content words of the quote (a table row's own cells, an item without its lead-in). */
  own: WordForm[];
  /** Content words of its headings, headers, lead-in and caption. */
  context: WordForm[];
  /** Every form of the own words, to look up matches fast. */
  ownForms: Set<string>;
  contextForms: Set<string>;
  /** Every form of the claim's words: a table row's headers and an item's lead-in are part of what it says. */
  claimForms: Set<string>;
  claimSurfaces: Set<string>;
  /** The kinds of fact the candidate states. */
  states: Set<AnswerType>;
  /** Whether it gives a figure that is no span of time or share ("within 60 days" counts days, not what "how many" asks). */
  countsThings: boolean;
  /** Whether it only sends the reader elsewhere ("See Section 6.3."). */
  crossReference: boolean;
  /** Whether it is a figure's or a table's caption ("Figure 2: Expenditure and income with fitted models."). */
  caption: boolean;
  /** Whether it prints a year of the last millennium ("in 1770"), which answers "in what year". */
  namesYear: boolean;
  /** Whether it is a line of program input ("R> fm <- lm(y ~ x)", "> plot(fit)"): what a reader types, not what a document states. */
  programInput: boolean;
}

/** A capitalised name word, hyphenated ones too ("Adrien-Marie"). */
const nameWord = String.raw`\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?`;
/** Given name(s), an initial or a particle ("de", "van der"), then a surname: "Adrien-Marie Legendre", "Marquis de Condorcet". */
const personName = new RegExp(
  String.raw`(?:^|[^.!?]\s)(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?${nameWord}(?:\s+\p{Lu}\.)?(?:\s+(?:de|du|da|di|del|della|van|von|der|den|le|la|ter))*\s+${nameWord}`,
  "gu",
);

/**
 * A person named as papers cite them: a surname with its reference ("Sarkar [5]", "Hinton et al.",
 * "Lamport (1978)"), or after a verb of making ("proposed by Sarkar", "introduced by Condorcet").
 */
const citedPerson =
  /(\p{Lu}\p{Ll}+)(?:\s+(?:and|&)\s+\p{Lu}\p{Ll}+)?\s+(?:et\s+al\b|\[\d+(?:\s*[,–-]\s*\d+)*\]|\((?:1[6-9]|20)\d\d[a-z]?\))|\b(?:[Pp]roposed|[Ii]ntroduced|[Dd]eveloped|[Ii]nvented|[Dd]esigned|[Dd]evised|[Ww]ritten|[Cc]reated|[Ff]ounded|[Cc]oined|[Dd]iscovered|[Dd]escribed|[Ss]uggested|[Dd]efined|[Ff]ormulated)\s+by\s+(?:(?:Dr|Prof)\.?\s+)?(?:\p{Lu}\.\s*)*(\p{Lu}\p{Ll}+)/gu;

/**
 * The names a text gives, as printed: two capitalised words not opening a sentence ("Anders
 * Jensen", "Dr. Ada Byron"), and surnames cited as papers cite them ("Sarkar [5]").
 */
export function namesIn(text: string): string[] {
  const full = Array.from(text.matchAll(personName), (match) => match[0].replace(/^[^\p{Lu}]*/u, ""));
  const cited = Array.from(text.matchAll(citedPerson), (match) => match[1] ?? match[2] ?? "").filter(Boolean);
  return [...full, ...cited];
}

/**
 * A place in a file system as manuals and specifications print it: a path ("/var/crash",
 * "~/.config", "C:\\Program Files") or a file name with a common extension ("geometry.cfg").
 */
const filePath =
  /(?<![\p{L}\p{N}/<])(?:~|\.{1,2})?\/[\p{L}\p{N}._-]+(?:\/[\p{L}\p{N}._-]*)*|\b[A-Z]:\\[\p{L}\p{N}\\._-]+|\b[\p{L}\p{N}_-]+\.(?:conf|cfg|ini|txt|log|json|xml|ya?ml|toml|sh|py|c|h|cpp|js|ts|tex|sty|cls|bib|pdf|html?|css|md|rc|so|dll|exe|lock|pid|gz|zip|tar)\b/u;

/** Tokens with their neighbours: options ("--outSAMtype"), versions ("POSIX.1-2008"), paths are one. */
const nameToken = /(?:--?)?[\p{L}\p{N}]+(?:[._/-][\p{L}\p{N}]+)*/gu;

/**
 * The words of `text` shaped like the name of a thing, lowercased: acronyms ("VB", "POSIX"),
 * identifiers ("POSIX.1-2008", "--outSAMtype", "na.trim"), capitalised words past a sentence's first, and
 * lowercase words of four letters or more (whether one is a dictionary word is for the scorer to
 * tell). Read only for questions asking for a name, so memoized by text rather than kept with
 * every candidate's features.
 */
export const nameTokensOf = memoize(5_000, (text: string): string[] => {
  const found = new Set<string>();
  for (const match of text.matchAll(nameToken)) {
    const token = match[0];
    const before = text.slice(Math.max(0, match.index - 2), match.index);
    const opensSentence = match.index === 0 || /[.!?:]\s*$/u.test(before) || /^\s*$/u.test(text.slice(0, match.index));
    const shaped =
      /^\p{Lu}{2,}/u.test(token) ||
      /\p{Ll}\p{Lu}/u.test(token) ||
      /^--?\p{L}/u.test(token) ||
      (/[._-]/u.test(token) && /\p{L}/u.test(token) && /\d|\p{Lu}|--?/u.test(token)) ||
      // "na.trim", "max_allocs": words joined by a dot or an underscore are code, however lowercase.
      (token.length >= 5 && /^\p{L}[\p{L}\p{N}]*(?:[._][\p{L}\p{N}]+)+$/u.test(token)) ||
      (!opensSentence && /^\p{Lu}\p{Ll}+$/u.test(token)) ||
      /^\p{Ll}{4,}$/u.test(token);
    if (shaped) found.add(token.toLowerCase());
  }
  return [...found];
});

/**
 * The words a text prints wholly in capitals ("CHAINED", "NDEBUG"), lowercased: in a text that
 * also has lower case, a constant, a macro or an acronym, whether or not the dictionary has the
 * word. A heading set all in capitals prints none.
 */
export const capitalTokensOf = memoize(5_000, (text: string): Set<string> => {
  if (!/\p{Ll}/u.test(text)) return new Set();
  return new Set(
    Array.from(text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}{2,}(?![\p{L}\p{N}])/gu), (match) => match[0].toLowerCase()),
  );
});

/**
 * What answers a yes-or-no question: a rule or a denial ("There must be no subdirectories in
 * /bin", "No weak keys have been identified", "may be removed", "is not required").
 */
const ruleOrDenial =
  /\b(?:must|shall|should|may|might|can|cannot|need(?:s|n't)?|required?|prohibited|forbidden|allowed|permitted|recommended|not|no|never|none)\b|n't\b/i;

/**
 * A sentence that sends the reader elsewhere: "See Section 6.3", or one that ends by pointing
 * ahead to what follows it ("Interrupt numbers and their addresses are listed below.", "The
 * options are as follows:"): what it announces, not the sentence, holds the values.
 */
const crossReference =
  /^see\b|\bsee\s+(?:sec|section|fig|figure|table|appendix|eq|equation|ref|chapter|annex|rfc)\b|\b(?:(?:are|is)\s+(?:listed|given|shown|described|summari[sz]ed|tabulated|presented)\s+(?:below|in\s+the\s+(?:following|next)\s+(?:table|list|figure|section)s?)|as\s+follows)\s*[.:]?\s*$/i;
/** A caption opens on its figure's or table's number: "Figure 2:", "Table 3.1.", "Fig. 4 –". */
const captionOpening = /^(?:figure|fig\.|table|listing|exhibit|chart)\s+(?:\d+|\p{Lu})(?:[.-]\d+)*\s*[.:—–-]\s/iu;
/** A table-of-contents line ("5.6. /var/crash : System crash dumps (optional) ....... 32"): it points to the answer's page. */
const contentsEntry = /(?:\.\s?){4,}\s*(?:\d{1,4}|[ivxlc]{1,6})?\s*$/iu;
/** An aside that points elsewhere: "(see Section 5.2)", "(see also twoside)". */
const referenceAside = /\([^()]*\bsee\b[^()]*\)/gi;

/**
 * Whether a quote only sends the reader elsewhere. Its cross-references are taken out (the
 * sentences that are one, "See also twoside.", and the asides, "(see Section 5.2)"); a quote that
 * still says something of its own (four content words or more) is no cross-reference, though it
 * holds one: "See also twoside. bindingoffset removes a specified space from the inner side".
 */
function onlyRefersElsewhere(quote: string): boolean {
  if (!crossReference.test(quote)) return false;
  // Split at every full stop: the next sentence may open on a name in lower case ("bindingoffset").
  const rest = quote
    .replace(referenceAside, " ")
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !crossReference.test(sentence))
    .join(" ");
  return wordForms(rest).filter(isContentWord).length < 4;
}
/**
 * A line typed at a program's prompt ("R> ", "> ", "$ ", "gp> ") or an R assignment ("inc <- seq(0.5, 1.2)"):
 * input to a program, which states no fact about the document's subject however many of its names it prints.
 * A figure after the sign is a comparison or an amount ("> 50%", "$ 1,200"), not a prompt.
 */
const programLine = /^(?:(?:R|gp)?>|\$)\s+(?=[\p{L}_(.])|(?:^|[\s;])[\p{L}_][\p{L}\p{N}._]*\s*<-\s*[\p{L}\p{N}("'-]/u;

/** Moments stated without a date: "on the first day of each month", "by the end of the quarter", "before 5 pm". */
const moment =
  /\b(?:on|by|before|after|until|from|at|during)\s+(?:the\s+)?(?:\d+(?:st|nd|rd|th)|first|second|third|last|final|next|end|beginning|start)\b|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)|\b(?:noon|midnight|upon|immediately|annually|monthly|weekly|daily)\b/i;
const timeKinds: AnswerKind[] = ["quantity", "duration", "time", "frequency"];
/** A table row's figure under a header that names time or its unit: "Recovery Time (s) is 221.7", "Latency (ms) is 4". */
const timedCell =
  /\b(?:time|duration|latency|delay|period|runtime|uptime)\b[^,.;]{0,30}?\bis\s+[~≈<>]?\d|\((?:s|ms|µs|us|ns|sec|secs|min|mins|h|hrs?|hours?|days?|seconds?|minutes?|weeks?|months?|years?)\)\s+is\s+[~≈<>]?\d/iu;

const month = `${MONTHS}\\.?`;
/** Dates and years: "On October 22, 2024" or "in fiscal 2025" counts nothing. */
const dates = new RegExp(
  [
    `\\b${month}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${month}\\s+\\d{4}\\b`,
    `\\b${month}\\s+\\d{4}\\b`,
    "\\b\\d{4}-\\d{2}-\\d{2}\\b",
    "(?<![\\d.,$€£])\\b(?:19|20)\\d{2}\\b(?![.,]\\d)",
  ].join("|"),
  "giu",
);
const withoutDates = (text: string) => text.replace(dates, " ");
/** A span of time or a share: "60 days", "three-year", "15%". */
const spanOrShare = new RegExp(measurement(`(?:${TIME_UNITS}|%|percent|per cent)`).source, "giu");

/**
 * The content words of a candidate's context and their forms. The candidates of one block share
 * their headings and lead-in, so this is memoized; the arrays and sets it returns are only read.
 */
const contextWords = memoize(1_000, (joined: string) => {
  const words = wordForms(joined).filter(isContentWord);
  return { words, forms: formSet(words) };
});

/** Features of one candidate; `statesAnswerKind` decides the figure, duration, time and frequency kinds. */
export function candidateFeatures(candidate: AnswerCandidate): CandidateFeatures {
  // A footnote is scored as read in its citing sentence; its quote is still the note alone.
  const text = candidate.scoredText ?? candidate.quote;
  const own = wordForms(text).filter(isContentWord);
  const context = contextWords(candidate.context.join(" \n "));
  const claim = candidate.claimText;
  const claimWords = candidate.kind === "table-row" || candidate.kind === "list-item" ? wordForms(claim) : own;
  const states = new Set<AnswerType>();
  // A table of contents' line ("3.6 Optimization . . . . 43") states nothing: its figures are section and page numbers.
  const contents = contentsEntry.test(text) || (claim !== text && contentsEntry.test(claim));
  // The figures of an identifier ("Docket No. FAA–2020–0746") state no year, count or amount.
  const typed = contents ? "" : withoutIdentifiers(text);
  // Figures are read once and reused below while the text they are read from stays the same.
  const figures = valueFigures(typed);
  for (const kind of timeKinds) {
    // statesAnswerKind(text, "quantity") is whether valueFigures(text) finds any.
    if (kind === "quantity" ? figures.length > 0 : statesAnswerKind(typed, kind)) states.add(kind);
  }
  if (candidate.kind === "table-row" && timedCell.test(claim)) states.add("duration");
  if (moment.test(typed)) states.add("time");
  const undated = withoutDates(typed);
  const undatedFigures = undated === typed ? figures : valueFigures(undated);
  if (undatedFigures.length > 0) states.add("count");
  if (shareFigure.test(typed)) states.add("percentage");
  if (namesIn(claim).length > 0) states.add("person");
  if (filePath.test(text) || (claim !== text && filePath.test(claim))) states.add("path");
  if (ruleOrDenial.test(text)) states.add("polar");
  if (candidate.kind === "definition") states.add("definition");
  if (contents) states.clear();
  const uncounted = undated.replace(spanOrShare, " ");
  const ownForms = formSet(own);
  return {
    candidate,
    own,
    context: context.words,
    ownForms,
    contextForms: context.forms,
    claimForms: claimWords === own ? ownForms : formSet(claimWords),
    claimSurfaces: new Set(claimWords.map((word) => word.surface)),
    states,
    countsThings: (uncounted === undated ? undatedFigures : valueFigures(uncounted)).length > 0,
    crossReference: contents || onlyRefersElsewhere(text),
    caption: captionOpening.test(text),
    namesYear: olderYear.test(typed),
    programInput: programLine.test(text),
  };
}
