/** One sentence as an exact substring of the text it came from. */
export interface Sentence {
  text: string;
  /** Offsets into the source text, end exclusive. */
  start: number;
  end: number;
}

/** Words whose trailing period is not a sentence end (compared lowercased, without the period). */
const abbreviations = new Set([
  "e.g",
  "i.e",
  "etc",
  "cf",
  "vs",
  "viz",
  "al",
  "approx",
  "ca",
  "sec",
  "secs",
  "fig",
  "figs",
  "eq",
  "eqs",
  "ref",
  "refs",
  "no",
  "nos",
  "vol",
  "ch",
  "chap",
  "pp",
  "p",
  "para",
  "art",
  "app",
  "tab",
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "jr",
  "sr",
  "inc",
  "ltd",
  "co",
  "corp",
  "dept",
  "univ",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
]);

/**
 * A line this short, unpunctuated and followed by a capitalised line is a heading or a label,
 * provided it is also well short of the text's longest line (the wrapped lines of a paragraph).
 */
const HEADING_MAX_CHARS = 80;
const HEADING_MAX_SHARE_OF_LONGEST_LINE = 0.75;

/**
 * Units whose symbol would read as an initial or an abbreviation: SI units of one capital letter
 * (volt, ampere, watt, joule, newton, coulomb, farad, henry, tesla, kelvin, siemens, ohm) and
 * the second ("ms" and "sec" are also "Ms." and "Sec.").
 */
const unitSymbols = new Set(["V", "A", "W", "J", "N", "C", "F", "H", "T", "K", "S", "Ω", "ms", "sec", "secs"]);

/** The word (letters, digits and inner dots) that ends just before `index`. */
function wordBefore(text: string, index: number): string {
  let start = index;
  while (start > 0 && /[\p{L}\p{N}.]/u.test(text[start - 1] as string)) start--;
  return text.slice(start, index);
}

/** Whether the period at `index` ends a sentence, given what precedes it in the sentence. */
function periodEndsSentence(text: string, index: number, sentenceStart: number): boolean {
  const word = wordBefore(text, index);
  const bare = word.replace(/^\.+/, "");
  // A unit after a figure is no initial or abbreviation: "… from 12 V to 32 V.", "… to +85°C.", "… within 10 ms.".
  if (unitSymbols.has(bare) && /\d[ \t\u00a0]?°?$/u.test(text.slice(sentenceStart, index - bare.length))) return true;
  if (abbreviations.has(bare.toLowerCase())) return false;
  // Initials: "J. Daemen", "P. L. 100-235", "U.S. Government".
  if (/^(?:\p{L}\.)*\p{Lu}$/u.test(bare)) return false;
  // An enumerator opening the sentence or a line: "1. Name of Standard." or "5.1.3. Scope".
  if (/^\d+(?:\.\d+)*$/.test(bare)) {
    const before = text.slice(sentenceStart, index - bare.length);
    if (before.trim() === "" || /\n[ \t]*$/.test(before)) return false;
  }
  return true;
}

/**
 * Splits text into sentences, each an exact substring (inner line breaks kept), so a
 * sentence can serve as a verbatim quote. Knows abbreviations ("e.g.", "Sec.", "Fig."),
 * decimals ("1.5"), section numbers ("5.1.3") and enumerators ("1. Name"). Terminal
 * punctuation ends a sentence before a capital or a digit, and at a line end before anything
 * but a lowercase word. A blank line, a line ending in a colon, or a short unpunctuated line
 * before a capitalised or numbered one (a heading) also ends a sentence.
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const longestLine = Math.max(...text.split("\n").map((line) => line.trim().length));
  const headingMaxChars = Math.min(HEADING_MAX_CHARS, HEADING_MAX_SHARE_OF_LONGEST_LINE * longestLine);
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body.length > 0) sentences.push({ text: body, start: start + lead, end: start + lead + body.length });
    start = end;
    while (start < text.length && /\s/u.test(text[start] as string)) start++;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "." || ch === "!" || ch === "?") {
      let end = i + 1;
      while (end < text.length && /[.!?"'\u201D\u2019)\]]/u.test(text[end] as string)) end++;
      const next = text.slice(end).match(/^(\s+)(.)/su);
      const atEnd = text.slice(end).trim() === "";
      // At a line end only a lowercase word continues the sentence: "- 3 -" footers and "•" bullets do not.
      const startsNext =
        next !== null &&
        (/[\p{Lu}\p{N}"'\u201C\u2018([]/u.test(next[2] as string) ||
          ((next[1] as string).includes("\n") && !/\p{Ll}/u.test(next[2] as string)));
      if (atEnd || startsNext) {
        if (ch !== "." || periodEndsSentence(text, i, start)) {
          push(end);
          i = end - 1;
        }
      }
    } else if (ch === "\n" && i > start) {
      const lineStart = text.lastIndexOf("\n", i - 1) + 1;
      const line = text.slice(lineStart, i).trim();
      const rest = text.slice(i + 1);
      const blankLine = /^[ \t\r]*\n/.test(rest);
      // "… can be expressed as:" introduces a display, a list or a footnote, not more of the sentence.
      const colonEnd = /:[ \t\r]*$/.test(text.slice(start, i));
      const heading =
        // A short physical line where the sentence began, not the tail of a wrapped sentence.
        start >= lineStart &&
        line.length <= headingMaxChars &&
        !/[.!?:;,]$/.test(line) &&
        /^[ \t]*[\p{Lu}\p{N}]/u.test(rest);
      if (blankLine || colonEnd || heading) push(i);
    }
  }
  push(text.length);
  return sentences;
}
