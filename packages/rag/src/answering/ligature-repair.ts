import { formsOf, STOPWORDS } from "./word-forms";

/** The ligatures a font may draw as one glyph: longest first, so "ffi" is tried before "ff". */
const LIGATURES = ["ffi", "ffl", "ff", "fi", "fl"];

/**
 * Words a PDF lost a ligature from, each with the word it was: "signicance" → "significance",
 * "eect" → "effect", "rst" → "first". A font whose ligature glyphs map to no character drops
 * them from the text layer, so every fi, fl, ff of the document is gone; the words left are
 * unknown to the dictionary, and one ligature put back makes them known.
 *
 * Read for matching only (a question's "cutoff" meets a printed "cuto"); quotes stay as printed.
 * A passage counts as broken only when such words outnumber by two to one the known words it
 * prints with a ligature's letters: a text that prints "first" and "figure" lost nothing, and
 * an unknown "tness" there is a name or a typo.
 */
export function ligatureRepairs(text: string, knows: (word: string) => boolean): Map<string, string> {
  const known = (word: string) => formsOf(word).some(knows);
  let intact = 0;
  const repairs = new Map<string, string>();
  let repaired = 0;
  // Words printed in lower case only: a name or an acronym is no dictionary word to begin with.
  for (const [token] of text.matchAll(/(?<![\p{L}\p{N}_])\p{Ll}{3,}(?![\p{L}\p{N}_])/gu)) {
    if (STOPWORDS.has(token)) continue;
    if (/f[fil]/u.test(token)) {
      if (known(token)) intact++;
      continue;
    }
    if (!repairs.has(token)) {
      const whole = lostLigature(token, known);
      if (whole === undefined) continue;
      repairs.set(token, whole);
    }
    repaired++;
  }
  return repaired > 2 * intact ? repairs : new Map();
}

/**
 * The dictionary word a lower-case word of four letters or more would be with one ligature put
 * back ("denition" → "definition"), or undefined: such a word is a word of the language that lost
 * a glyph, not a name, wherever it is printed.
 */
export function ligatureWord(token: string, knows: (word: string) => boolean): string | undefined {
  if (!/^\p{Ll}{4,}$/u.test(token) || /f[fil]/u.test(token)) return undefined;
  return lostLigature(token, (word) => formsOf(word).some(knows));
}

/** The known word an unknown `token` was before it lost a ligature, or undefined. */
const lostLigature = (token: string, known: (word: string) => boolean) =>
  known(token) ? undefined : repairOf(token, known);

/** The known word one ligature put back into `token` makes, trying each place and ligature in turn. */
function repairOf(token: string, known: (word: string) => boolean): string | undefined {
  for (let at = 0; at <= token.length; at++) {
    for (const ligature of LIGATURES) {
      const word = `${token.slice(0, at)}${ligature}${token.slice(at)}`;
      if (word.length >= 5 && known(word)) return word;
    }
  }
  return undefined;
}
