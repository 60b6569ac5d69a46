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
