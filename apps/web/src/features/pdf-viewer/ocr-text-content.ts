import type { OcrWord } from "@audited-rag/core";
import type { TextContent, TextItem } from "pdfjs-dist/types/src/display/api";

/** The font name every OCR item refers to in `styles`. */
export const ocrFontName = "ocr";

/**
 * How far below the baseline a box reaches, as a share of its height. pdf.js places a span's
 * top one ascent above the baseline, so the baseline sits this far above the box's bottom
 * edge for the span (and its highlight) to cover the box rather than hang below it.
 */
const descentShare = 0.2;

/** Whether `next` starts a new line after `word`: it lies outside the word's band, or back to the left. */
function startsNewLine(word: OcrWord, next: OcrWord): boolean {
  const nextMiddle = next.y + next.height / 2;
  return nextMiddle < word.y || nextMiddle > word.y + word.height || next.x < word.x;
}

/** The words grouped into lines, in reading order. */
function splitLines(words: readonly OcrWord[]): OcrWord[][] {
  const lines: OcrWord[][] = [];
  let line: OcrWord[] = [];
  words.forEach((word, index) => {
    line.push(word);
    const next = words[index + 1];
    if (next === undefined || startsNewLine(word, next)) {
      lines.push(line);
      line = [];
    }
  });
  return lines;
}

/**
 * One line as pdf.js text items. Every word gets the line's band rather than its own box, so
 * "was" is as tall as "Pelham": highlights and selection then run evenly along the line, as
 * on a page with text. The last word ends the line, which becomes a line break in quote
 * matching (so a word hyphenated there still matches) and a <br> in copied text.
 */
function lineItems(line: readonly OcrWord[]): TextItem[] {
  const bottom = Math.min(...line.map((word) => word.y));
  const size = Math.max(...line.map((word) => word.y + word.height)) - bottom;
  return line.map((word, index) => ({
    str: word.text,
    dir: "ltr",
    transform: [size, 0, 0, size, word.x, bottom + descentShare * size],
    width: word.width,
    height: size,
    fontName: ocrFontName,
    hasEOL: index === line.length - 1,
  }));
}

/**
 * The text content pdf.js would give for a page whose text is `words` (OCR words in
 * reading order, positioned in PDF user units), so a scanned page gets the same text layer,
 * selection and quote highlight as a page with text.
 */
export function ocrTextContent(words: readonly OcrWord[]): TextContent {
  return {
    items: splitLines(words).flatMap(lineItems),
    styles: {
      [ocrFontName]: { fontFamily: "sans-serif", ascent: 1 - descentShare, descent: -descentShare, vertical: false },
    },
    lang: null,
  };
}

/** Whether pdf.js found any text on a page: a scanned page gives no items, or only blank ones. */
export function hasText(content: TextContent): boolean {
  return content.items.some((item) => "str" in item && item.str.trim() !== "");
}
