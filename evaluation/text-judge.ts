/**
 * How the eval compares answer text with gold patterns and with poppler's page text. Written
 * apart from packages/core's normaliser on purpose: the judge must not share a bug with the
 * engine's own quote validation.
 */

// Typography that differs between extractors but not between what a reader sees.
const folds: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032]/gu, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033]/gu, '"'],
  [/[\u2010\u2011]/gu, "-"],
  [/\uFB00/gu, "ff"],
  [/\uFB01/gu, "fi"],
  [/\uFB02/gu, "fl"],
  [/\uFB03/gu, "ffi"],
  [/\uFB04/gu, "ffl"],
  [/[\uFB05\uFB06]/gu, "st"],
  [/\u200B|\u200C|\u200D|\u2060|\uFEFF/gu, ""],
  // poppler prints a glyph it cannot map (an italic epsilon, say) as a C0 control character: nothing a reader sees.
  [/(?![\t\n\v\f\r])\p{Cc}/gu, ""],
];

/** Spacing accents as some PDFs set them, before their letter ("Gr¨obner"), and the combining mark each stands for. */
const combiningOf: Record<string, string> = {
  "\u00A8": "\u0308",
  "\u00B4": "\u0301",
  "\u0060": "\u0300",
  "\u02C6": "\u0302",
  "\u02DC": "\u0303",
  "\u02C7": "\u030C",
  "\u00B8": "\u0327",
  "\u02D8": "\u0306",
  "\u02D9": "\u0307",
  "\u02DA": "\u030A",
};
const spacingAccent = /([\u00A8\u00B4\u0060\u02C6\u02DC\u02C7\u00B8\u02D8\u02D9\u02DA]) ?(\p{L})/gu;

function fold(text: string): string {
  // "Gr¨obner" (pdf.js) and "Gro\u0308bner" (poppler) are one "Gröbner" to a reader.
  let out = text.replace(spacingAccent, (_, accent: string, letter: string) => `${letter}${combiningOf[accent]}`);
  out = out.normalize("NFC");
  for (const [pattern, replacement] of folds) out = out.replace(pattern, replacement);
  return out;
}

const collapse = (text: string) => text.replace(/\s+/gu, " ").trim();

/**
 * The forms of a text a match is tried against, whitespace collapsed in each: line-end
 * hyphenation joined ("illus-\ntrated" → "illustrated"); the hyphen kept and the break dropped,
 * so a compound broken at a line end ("multi-\nbyte") matches as written; and the text as it is.
 */
export function comparableForms(text: string): string[] {
  const folded = fold(text);
  const lineEndHyphen = /(\p{L})[-\u00AD][ \t]*\r?\n\s*(\p{Ll})/gu;
  // A soft hyphen is invisible wherever it sits; a hard one at a line end before a lowercase letter may join.
  const joined = collapse(folded.replace(lineEndHyphen, "$1$2").replace(/\u00AD/gu, ""));
  const compound = collapse(folded.replace(/(\p{L})-[ \t]*\r?\n\s*(\p{Ll})/gu, "$1-$2").replace(/\u00AD/gu, ""));
  const asIs = collapse(folded.replace(/\u00AD/gu, ""));
  return [...new Set([joined, compound, asIs])];
}

/** Whether a fact's pattern (compiled case-insensitively) matches any of the texts in any comparable form. */
export function factMatches(pattern: RegExp, texts: readonly string[]): boolean {
  return texts.some((text) => comparableForms(text).some((form) => pattern.test(form)));
}

/** How a quote stands against a page: verbatim, present but spaced differently, or absent. */
export type QuoteMatch = "verbatim" | "spacing-only" | "absent";

const unspaced = (text: string) => text.replace(/\s+/gu, "");

/**
 * The page without lines of one or two characters: poppler sets a sub- or superscript ("k" of
 * d_k) on a line of its own, in the middle of the sentence it belongs beside.
 */
const withoutTinyLines = (page: string) =>
  page
    .split("\n")
    .filter((line) => line.trim().length === 0 || line.trim().length > 2)
    .join("\n");

/**
 * The quote as pdftotext's default output prints it: poppler drops a hyphen at the end of every
 * line, whatever follows ("2018%20-\n%20035" → "2018%20%20035", "PK-\nLQP" → "PKLQP").
 */
const popplerJoined = (quote: string) => collapse(fold(quote).replace(/-[ \t]*\r?\n\s*/gu, ""));

/** No space before closing punctuation (a leader of dots excepted): "in Rn ." (poppler's gap after a superscript) reads as "in Rn.". */
const tight = (text: string) => text.replace(/ (?=[,;:)\]]|\.(?!\.))/gu, "");

/**
 * Whether `quote` appears verbatim (case kept; whitespace, line-end hyphenation and typography
 * folded) in any of the page renderings, e.g. pdftotext's default and `-layout` output. A quote
 * whose characters are all there but whose spaces differ ("KEY...." against "KEY ....", two
 * extractors reading one glyph gap differently) is "spacing-only": not verbatim, but reported
 * apart so it is not mistaken for a made-up quote.
 */
export function matchQuoteOnPage(quote: string, pageRenderings: readonly string[]): QuoteMatch {
  const needles = [...comparableForms(quote), popplerJoined(quote)].map(tight).filter((form) => form.length > 0);
  if (needles.length === 0) return "absent";
  const pages = pageRenderings.map((page) =>
    [...comparableForms(page), ...comparableForms(withoutTinyLines(page))].map(tight),
  );
  if (pages.some((forms) => needles.some((needle) => forms.some((form) => form.includes(needle))))) return "verbatim";
  const bare = needles.map(unspaced);
  if (pages.some((forms) => bare.some((needle) => forms.some((form) => unspaced(form).includes(needle))))) {
    return "spacing-only";
  }
  return "absent";
}

/** Whether `quote` is verbatim on any of the renderings (see `matchQuoteOnPage`). */
export function quoteOnPage(quote: string, pageRenderings: readonly string[]): boolean {
  return matchQuoteOnPage(quote, pageRenderings) === "verbatim";
}
