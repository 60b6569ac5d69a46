const numberWords =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|half";

/** Regex source of one figure: digits ("1,000", "3.5") or a number word ("three"). */
export const FIGURE = `(?:\\d+(?:[.,]\\d+)*|(?:${numberWords})\\b)`;

/** Unit symbols printed against their figure: "100GB", "5V", "244nA", "12h", "3x". */
const gluedUnit = "(?:[kmgtp]i?b|[kmgt]bps|[munpµ]?[avwfs]|[kmg]?hz|[munµ]?m|ms|min|h|hrs?|x|k|°c|°f)";
/** A figure standing on its own: not part of an identifier such as "K7" or "AES-256". */
const figure = new RegExp(
  `(?<![\\p{L}\\p{N}_.-])\\d+(?:[.,]\\d+)*(?:${gluedUnit})?(?![\\p{L}\\p{N}])|\\b(?:${numberWords})\\b`,
  "giu",
);
/** Any figure, identifiers included: "AES-256" in the question makes a "256" in a sentence no news. */
const anyFigure = new RegExp(`\\d+(?:[.,]\\d+)*|\\b(?:${numberWords})\\b`, "giu");
/**
 * What makes the figure after it a reference rather than a value: "Section 4.1", "Fig. 3", "[12]",
 * "ISO 9000", and the label of a numbered statement, "Definition 4", "Theorem 2.1", "Example 6.7".
 */
const referenceBefore =
  /(?:\b(?:sec(?:tion)?s?|fig(?:ure)?s?|tables?|appendix|annex|rfc|steps?|pages?|pp?|eq(?:uation)?s?|chapters?|parts?|title|category|law|no|items?|version|iso(?:\/iec)?|ts|guide|def(?:inition)?s?|theorems?|thm|lemmas?|propositions?|prop|corollar(?:y|ies)|examples?|exercises?|remarks?|conjectures?|algorithms?|listings?|exhibits?)\.?|[[§])\s*$/i;

/** Whether the text just before a figure makes it a reference ("Section 4.1", "Fig. 3", "[12]"), not a value. */
export const refersBefore = (before: string) => referenceBefore.test(before);

/** Parts joined by hyphens or dashes, one of them holding a figure: "FAA–2020–0746", "256-bit", "10–20". */
const dashedRun = /[\p{L}\p{N}]+(?:[-\u2010-\u2013][\p{L}\p{N}]+)+/gu;
const isoDate = /^\d{4}-\d{2}-\d{2}$/u;

/**
 * A heading's number opening a line, "3.10. Using …", "A.6. APRS", "3.6 Optimization" on a line of
 * its own or leading a claim ("3.6 Optimization: gplink is …"): it names a section, it states no value.
 */
const sectionNumber =
  /^(?:\p{Lu}\.)?\d+(?:\.\d+)*\.(?=[ \t]+\p{Lu})|^\p{Lu}\.\d+(?:\.\d+)*(?=[ \t]+\p{Lu})|^\d+(?:\.\d+)+(?=[ \t]+\p{Lu}[^\n:.]{0,80}(?::\s|$))/gmu;

/**
 * `text` with identifiers and section numbers blanked out (the same length, so offsets hold): runs of parts joined by
 * dashes that hold a figure and either a part with a capital letter ("FAA–2020–0746",
 * "2019–CE–012–AD", "COVID-19") or three parts or more ("2018–23–51", an ISO date excepted).
 * Their figures name a thing; a range ("10–20") or a figure with its unit ("256-bit") stays.
 */
export function withoutIdentifiers(text: string): string {
  const unnumbered = text.replace(sectionNumber, (number) => " ".repeat(number.length));
  if (!/\d[-\u2010-\u2013]|[-\u2010-\u2013]\d/u.test(unnumbered)) return unnumbered;
  return unnumbered.replace(dashedRun, (run) => {
    if (!/\p{N}/u.test(run)) return run;
    const parts = run.split(/[-\u2010-\u2013]/u);
    const named = parts.some((part) => /\p{Lu}/u.test(part));
    return named || (parts.length >= 3 && !isoDate.test(run)) ? " ".repeat(run.length) : run;
  });
}

/** Words that cite an equation by its number: "from (4.13)", "and (2)", "see (5)". */
const citedBefore = /\b(?:from|in|by|see|of|and|or|to|with|using|via|into|cf\.?|eq\.?|equation|equations)\s*\($/i;

/**
 * A number word that quantifies without counting: "one or more layers", "one of the keys", "one
 * another", "no one", "each one", "in one way or another".
 */
const quantifierAfter = /^\s+(?:or\s+more|or\s+another|or\s+the\s+other|of\b|another\b|by\s+one\b)/i;
const quantifierBefore = /\b(?:no|any|each|every|some)\s+$/i;
/** "One" as the pronoun, the subject of a modal or a verb of doing: "one can estimate …", "one needs …". */
const pronounAfter =
  /^\s+(?:can|cannot|could|may|might|must|should|would|will|shall|needs|has|gets|obtains|finds|sees|wants|wishes|uses|writes|computes)\b/i;

/**
 * A year cited with its author: "Andrews (1993)", "Newey and West (1987, 1994)", "(Knuth, 1989)",
 * "Zeileis (2006b)". The text before the year, and the text after it.
 */
const citingBefore =
  /(?:\p{Lu}[\p{L}'’-]+(?:\s+et\s+al\.?|\s+(?:and|&)\s+\p{Lu}[\p{L}'’-]+)?\s*\((?:(?:1[5-9]|20)\d{2}[a-z]?,\s*)*|\(\p{Lu}[\p{L}'’-]+(?:\s+et\s+al\.?|\s+(?:and|&)\s+\p{Lu}[\p{L}'’-]+)?,?\s+(?:(?:1[5-9]|20)\d{2}[a-z]?,\s*)*)$/u;
const citingAfter = /^[a-z]?(?:,\s*(?:1[5-9]|20)\d{2}[a-z]?)*(?:,\s*p+\.\s*\d+(?:[-–]\d+)?)?\)/u;
/** Whether the figure at `index` of `text` is a year cited with its author. */
const isCitedYear = (text: string, figure: string, index: number, after: string) =>
  /^(?:1[5-9]|20)\d{2}$/.test(figure) &&
  citingAfter.test(after) &&
  citingBefore.test(text.slice(Math.max(0, index - 60), index));

/**
 * The figures of `text` that carry a value, lowercased: references, equation numbers such as
 * "(4.13)" and figures that `question` already contains are left out.
 */
export function valueFigures(text: string, question = ""): string[] {
  const asked = new Set(Array.from(question.matchAll(anyFigure), (match) => match[0].toLowerCase()));
  return Array.from(text.matchAll(figure))
    .filter((match) => {
      const before = text.slice(Math.max(0, match.index - 14), match.index);
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
      // A year cited with its author is where a claim comes from, not a value it states.
      if (isCitedYear(text, match[0], match.index, after)) return false;
      // "(4.13)" closing a displayed equation, among its terms or cited ("follows from (4.13)"); a
      // figure in brackets after a word of prose ("the EPV is very high (1.59)") is a value.
      const equation =
        before.endsWith("(") &&
        after.startsWith(")") &&
        (/^\)\s*(?:$|\n)/.test(after) || !/\p{L}\s*\($/u.test(before) || citedBefore.test(before));
      const quantifier =
        /^\p{L}/u.test(match[0]) &&
        (quantifierBefore.test(before) ||
          quantifierAfter.test(after) ||
          (match[0].toLowerCase() === "one" && pronounAfter.test(after)));
      return !equation && !referenceBefore.test(before) && !quantifier;
    })
    .map((match) => match[0].toLowerCase())
    .filter((value) => !asked.has(value));
}
