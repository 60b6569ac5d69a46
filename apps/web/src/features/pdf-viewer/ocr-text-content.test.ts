import type { OcrWord } from "@audited-rag/core";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { describe, expect, it } from "vitest";
import { hasText, ocrTextContent } from "./ocr-text-content";
import { findQuoteRanges } from "./text-layer-match";

/** Lays out lines of words as OCR reports them: left to right, lines downwards, boxes 12 units tall. */
function ocrLines(lines: string[][]): OcrWord[] {
  return lines.flatMap((line, row) => {
    let x = 60;
    return line.map((text) => {
      const word = { text, x, y: 760 - row * 18, width: text.length * 6, height: 12, confidence: 0.9 };
      x += word.width + 4;
      return word;
    });
  });
}

function textItems(words: OcrWord[]): TextItem[] {
  return ocrTextContent(words).items.filter((item): item is TextItem => "str" in item);
}

const reservoir = ocrLines([
  ["The", "reservoir", "at", "Lake", "Pelham", "holds", "42"],
  ["million", "litres", "of", "water.", "Its", "dam", "was", "inspec-"],
  ["ted", "in", "May."],
]);

describe("ocrTextContent", () => {
  it("gives each word as a pdf.js text item with a font as tall as its box, in the OCR style", () => {
    const content = ocrTextContent(reservoir);
    expect(content.items[1]).toEqual({
      str: "reservoir",
      dir: "ltr",
      transform: [12, 0, 0, 12, 82, 762.4],
      width: 54,
      height: 12,
      fontName: "ocr",
      hasEOL: false,
    });
    expect(content.styles).toEqual({
      ocr: { fontFamily: "sans-serif", ascent: 0.8, descent: -0.2, vertical: false },
    });
  });

  it("gives every word of a line the line's band, so short words are highlighted as tall as the others", () => {
    const line = [
      { text: "It", x: 60, y: 770, width: 7, height: 8.6, confidence: 0.96 },
      { text: "was", x: 70, y: 770, width: 20, height: 6.1, confidence: 0.96 },
      { text: "typed", x: 94, y: 767.5, width: 28, height: 11.5, confidence: 0.96 },
    ];
    expect(textItems(line).map((item) => [item.transform, item.height])).toEqual([
      [[11.5, 0, 0, 11.5, 60, 769.8], 11.5],
      [[11.5, 0, 0, 11.5, 70, 769.8], 11.5],
      [[11.5, 0, 0, 11.5, 94, 769.8], 11.5],
    ]);
  });

  it("ends each line with an end-of-line item, recognised from the word positions", () => {
    const lineEnds = textItems(reservoir).flatMap((item, index) => (item.hasEOL ? [index] : []));
    expect(lineEnds).toEqual([6, 14, 17]);
  });

  it("lets a quote spanning several words, and a line break, be found and highlighted", () => {
    const items = textItems(reservoir);
    const ranges = findQuoteRanges(items, "The reservoir at Lake Pelham holds 42 million litres of water.");
    expect(ranges?.map((range) => items[range.item]?.str)).toEqual([
      "The",
      "reservoir",
      "at",
      "Lake",
      "Pelham",
      "holds",
      "42",
      "million",
      "litres",
      "of",
      "water.",
    ]);
    expect(ranges?.every((range) => range.start === 0 && range.end === items[range.item]?.str.length)).toBe(true);
  });

  it("finds a quote that joins a word hyphenated at a line end", () => {
    const items = textItems(reservoir);
    expect(findQuoteRanges(items, "Its dam was inspected in May.")?.map((range) => range.item)).toEqual([
      11, 12, 13, 14, 15, 16, 17,
    ]);
  });

  it("marks only the quoted part of a word that the quote starts inside", () => {
    const items = textItems(reservoir);
    expect(findQuoteRanges(items, "servoir at Lake")).toEqual([
      { item: 1, start: 2, end: 9 },
      { item: 2, start: 0, end: 2 },
      { item: 3, start: 0, end: 4 },
    ]);
  });

  it("gives an empty page no items", () => {
    expect(ocrTextContent([]).items).toEqual([]);
  });
});

describe("hasText", () => {
  it("is false for a page without items or with blank ones only", () => {
    expect(hasText({ items: [], styles: {}, lang: null })).toBe(false);
    expect(hasText(ocrTextContent(ocrLines([[" "]])))).toBe(false);
    expect(hasText(ocrTextContent(reservoir))).toBe(true);
  });
});
