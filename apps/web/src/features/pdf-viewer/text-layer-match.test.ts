import { describe, expect, it } from "vitest";
import { findQuoteRanges, type TextItemLike } from "./text-layer-match";

function findQuoteItems(items: TextItemLike[], quote: string): number[] | null {
  return findQuoteRanges(items, quote)?.map((range) => range.item) ?? null;
}

const page = [
  { str: "Cancellation policy", hasEOL: true },
  { str: "Customers may cancel their subscription within", hasEOL: true },
  { str: "thirty days of purchase for a full refund.", hasEOL: false },
  { str: " ", hasEOL: false },
  { str: "After thirty days, no refund is given.", hasEOL: true },
];

describe("findQuoteItems", () => {
  it("marks the items that cover a quote spanning a line break", () => {
    expect(findQuoteItems(page, "may cancel their subscription within thirty days")).toEqual([1, 2]);
  });

  it("returns the part of each item's string inside the quote", () => {
    expect(findQuoteRanges(page, "cancel their subscription within thirty days")).toEqual([
      { item: 1, start: 14, end: 46 },
      { item: 2, start: 0, end: 11 },
    ]);
  });

  it("skips whitespace-only items inside the match", () => {
    expect(findQuoteItems(page, "full refund. After thirty days")).toEqual([2, 4]);
  });

  it("retries with spaces between items when the producer left them out", () => {
    const words = [{ str: "Rome" }, { str: "and" }, { str: "Milan." }];
    expect(findQuoteItems(words, "Rome and Milan.")).toEqual([0, 1, 2]);
  });

  it("returns null rather than a guess", () => {
    expect(findQuoteItems(page, "cancel within ninety days")).toBeNull();
    expect(findQuoteItems(page, "   ")).toBeNull();
    expect(findQuoteItems([], "anything")).toBeNull();
  });
});

/** An item as pdf.js's getTextContent gives it: position in `transform`, no space items between runs. */
function positioned(str: string, x: number, y: number, hasEOL = false, size = 10) {
  return {
    str,
    dir: "ltr",
    width: str.length * size * 0.5,
    height: size,
    transform: [size, 0, 0, size, x, y],
    fontName: "g_d0_f1",
    hasEOL,
  };
}

describe("findQuoteRanges on laid-out pages", () => {
  it("finds a table row whose cells pdf.js gives as separate runs without spaces", () => {
    const rows = [
      ["AES-128", "4", "4", "10"],
      ["AES-256", "8", "4", "14"],
    ];
    const items = rows.flatMap((row, r) => row.map((cell, c) => positioned(cell, 100 + c * 80, 700 - r * 14, c === 3)));
    expect(findQuoteItems(items, "AES-256 8 4 14")).toEqual([4, 5, 6, 7]);
  });

  it("finds a table row when the producer drew the table column by column", () => {
    const columns = [
      ["AES-128", "AES-192", "AES-256"],
      ["4", "6", "8"],
      ["10", "12", "14"],
    ];
    const items = columns.flatMap((column, c) => column.map((cell, r) => positioned(cell, 100 + c * 80, 700 - r * 14)));
    expect(findQuoteItems(items, "AES-256 8 14")).toEqual([2, 5, 8]);
    expect(findQuoteRanges(items, "AES-192 6 12")?.map((range) => items[range.item]?.str)).toEqual([
      "AES-192",
      "6",
      "12",
    ]);
  });

  it("finds a list item whose bullet is a run of its own", () => {
    const items = [
      positioned("The plan should include:", 50, 700, true),
      positioned("•", 60, 686),
      positioned("a yearly review.", 72, 686, true),
    ];
    expect(findQuoteItems(items, "• a yearly review.")).toEqual([1, 2]);
    expect(findQuoteItems(items, "a yearly review.")).toEqual([2]);
  });

  it("finds a sentence of the second column when the producer drew the page line by line across both columns", () => {
    const left = [
      "The left column opens the survey and",
      "goes on about storage systems in",
      "some detail before it ends here.",
    ];
    const right = [
      "The right column starts here. Its",
      "sentences are read only after the",
      "whole left column has been read.",
    ];
    const items = left.flatMap((line, index) => [
      positioned(line, 50, 700 - index * 12),
      positioned(right[index] as string, 300, 700 - index * 12, true),
    ]);
    // Filler lines so the page has enough text for its columns to be recognised.
    for (let index = 3; index < 8; index++) {
      items.push(
        positioned("More text in the left column of the", 50, 700 - index * 12),
        positioned("More text in the right column, too.", 300, 700 - index * 12, true),
      );
    }
    const ranges = findQuoteRanges(items, "Its sentences are read only after the whole left column has been read.");
    expect(ranges?.map((range) => range.item)).toEqual([1, 3, 5]);
    expect(ranges?.[0]).toEqual({ item: 1, start: 30, end: 33 });
  });

  it("finds a sentence in the second column drawn column by column, across a hyphenated line end", () => {
    const items = [
      positioned("Left column text that stays in the", 50, 700, true),
      positioned("left column.", 50, 688, true),
      positioned("Operators who rotate keys every year re-", 300, 700, true),
      positioned("port fewer incidents.", 300, 688, true),
    ];
    expect(findQuoteItems(items, "Operators who rotate keys every year report fewer incidents.")).toEqual([2, 3]);
  });
});
