import { findNormalizedSpan } from "@audited-rag/core";

/** The part of a pdf.js text item that matching needs. */
export interface TextItemLike {
  str: string;
  hasEOL?: boolean;
}

interface JoinedText {
  text: string;
  /** [start, end) of each item inside `text`. */
  ranges: Array<[number, number]>;
}

/** Concatenates item strings, with a line break after end-of-line items and `between` elsewhere. */
function joinItems(items: readonly TextItemLike[], between: string): JoinedText {
  let text = "";
  const ranges: Array<[number, number]> = [];
  items.forEach((item, index) => {
    if (index > 0 && !items[index - 1]?.hasEOL) text += between;
    const start = text.length;
    text += item.str;
    ranges.push([start, text.length]);
    if (item.hasEOL) text += "\n";
  });
  return { text, ranges };
}

/** The part of one item's string that belongs to the quote: [start, end) in `item.str`. */
export interface ItemRange {
  item: number;
  start: number;
  end: number;
}

/**
 * The text-layer items that together cover `quote` on a page, each with the part of its
 * string inside the quote, or null when the normalised quote does not occur. Items are first joined as pdf.js lays them out; when
 * that fails (some producers omit the spaces between words), with a space between items.
 * Null means "highlight nothing": better no highlight than a wrong one.
 */
export function findQuoteRanges(items: readonly TextItemLike[], quote: string): ItemRange[] | null {
  if (quote.trim() === "") return null;
  for (const between of ["", " "]) {
    const joined = joinItems(items, between);
    const span = findNormalizedSpan(joined.text, quote);
    if (!span) continue;
    const covering = joined.ranges.flatMap(([start, end], index): ItemRange[] => {
      if (start >= span.end || end <= span.start || (items[index]?.str.trim() ?? "") === "") return [];
      return [{ item: index, start: Math.max(span.start, start) - start, end: Math.min(span.end, end) - start }];
    });
    if (covering.length > 0) return covering;
  }
  return null;
}
