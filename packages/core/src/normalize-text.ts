/**
 * Text normalisation for quote matching. Pure and free of Node APIs: the browser uses the
 * same functions to find a quote on a rendered PDF page.
 *
 * What folds: whitespace runs (including line breaks and no-break spaces) to one space,
 * curly quotes and primes to straight ones, the ellipsis character to three dots, typographic
 * ligatures to their letters, Unicode hyphens (U+2010, U+2011) to "-", soft hyphens and
 * zero-width characters away, and a word broken across lines ("interoper-\nability") joined.
 * En and em dashes stay distinct from "-". Case is kept: a quote must match verbatim.
 */

/** Offsets into the original text, end exclusive. */
export interface TextSpan {
  start: number;
  end: number;
}

const replacements: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u2026": "...",
  "\u2010": "-",
  "\u2011": "-",
  "\uFB00": "ff",
  "\uFB01": "fi",
  "\uFB02": "fl",
  "\uFB03": "ffi",
  "\uFB04": "ffl",
  "\uFB05": "st",
  "\uFB06": "st",
};

const removed = new Set(["\u00AD", "\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"]);
const letter = /\p{L}/u;
const lowercaseLetter = /\p{Ll}/u;
const whitespace = /\s/u;

interface MappedText {
  text: string;
  /** For each UTF-16 unit of `text`, where its source starts and ends in the original. */
  starts: number[];
  ends: number[];
}

/** End of the whitespace run starting at `from`, and whether that run holds a line break. */
function scanWhitespace(text: string, from: number): { end: number; lineBreak: boolean } {
  let end = from;
  let lineBreak = false;
  while (end < text.length && (whitespace.test(text[end] as string) || removed.has(text[end] as string))) {
    if (text[end] === "\n" || text[end] === "\r") lineBreak = true;
    end++;
  }
  return { end, lineBreak };
}

/**
 * Normalises `text`, remembering where each output character came from. With
 * `joinHyphenation` a letter-hyphen-line-break-lowercase sequence loses the hyphen and the
 * break ("interoper-\nability"); without it only the break goes ("multi-\nbyte" → "multi-byte").
 */
function normalizeMapped(text: string, joinHyphenation: boolean): MappedText {
  const out: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const emit = (piece: string, start: number, end: number) => {
    for (const unit of piece) {
      for (let k = 0; k < unit.length; k++) {
        out.push(unit[k] as string);
        starts.push(start);
        ends.push(end);
      }
    }
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const previous = out.length > 0 ? (out[out.length - 1] as string) : "";
    if (ch === "-" || ch === "\u2010" || ch === "\u00AD") {
      const run = scanWhitespace(text, i + 1);
      const next = text[run.end] ?? "";
      if (run.lineBreak && letter.test(previous) && lowercaseLetter.test(next)) {
        // A word broken at a line end: a soft hyphen never shows, a hard one only when kept.
        if (ch !== "\u00AD" && !joinHyphenation) emit("-", i, i + 1);
        i = run.end;
        continue;
      }
    }
    if (removed.has(ch)) {
      i++;
      continue;
    }
    if (whitespace.test(ch)) {
      const run = scanWhitespace(text, i);
      if (out.length > 0 && run.end < text.length) emit(" ", i, run.end);
      i = run.end;
      continue;
    }
    emit(replacements[ch] ?? ch, i, i + 1);
    i++;
  }
  return { text: out.join(""), starts, ends };
}

/** The text as quote matching compares it (see the module comment for what folds). */
export function normalizeForMatch(text: string): string {
  return normalizeMapped(text, true).text;
}

function findMapped(haystack: string, needle: string, joinHyphenation: boolean): TextSpan | null {
  const target = normalizeMapped(needle, joinHyphenation).text;
  if (target.length === 0) return null;
  const source = normalizeMapped(haystack, joinHyphenation);
  const at = source.text.indexOf(target);
  if (at < 0) return null;
  return { start: source.starts[at] as number, end: source.ends[at + target.length - 1] as number };
}

/**
 * Where `needle` occurs in `haystack` once both are normalised, as offsets into the
 * original `haystack` (for highlighting), or null. A line-end hyphen matches both the
 * joined word and the hyphenated compound. An empty needle never matches.
 */
export function findNormalizedSpan(haystack: string, needle: string): TextSpan | null {
  return findMapped(haystack, needle, true) ?? findMapped(haystack, needle, false);
}

/** Whether `needle` is a normalised substring of `haystack`. */
export function containsNormalized(haystack: string, needle: string): boolean {
  return findNormalizedSpan(haystack, needle) !== null;
}
