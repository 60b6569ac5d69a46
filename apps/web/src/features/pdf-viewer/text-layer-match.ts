import { buildRows, findNormalizedSpan, readingOrder, type TextItem } from "@audited-rag/core";

/** The part of a pdf.js text item that matching needs; positions let it read the page in layout order. */
export interface TextItemLike {
  str: string;
  hasEOL?: boolean;
  /** pdf.js's [a, b, c, d, x, y] in PDF user space. */
  transform?: number[];
  width?: number;
  height?: number;
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

/**
 * Joins items in reading order as extraction reads the page: rows rebuilt from positions,
 * columns one after the other, a table row's cells on one line. Stored page text is in this
 * order, so a quote of a table row drawn column by column, or of a sentence in the second of
 * two columns drawn line by line across the page, is found here. Undefined without positions.
 */
function joinByLayout(items: readonly TextItemLike[]): JoinedText | undefined {
  const positioned: TextItem[] = [];
  for (const item of items) {
    const [, , c = 0, d = 0, x, y] = item.transform ?? [];
    if (x === undefined || y === undefined) return undefined;
    positioned.push({ text: item.str, x, y, width: item.width ?? 0, size: Math.hypot(c, d) || item.height || 0 });
  }
  let text = "";
  const ranges: Array<[number, number]> = items.map(() => [-1, -1]);
  for (const line of readingOrder(buildRows(positioned))) {
    if (text) text += "\n";
    line.segments.forEach((segment, position) => {
      if (position > 0) text += " ";
      let previousEnd: number | undefined;
      for (const index of segment.items) {
        const item = positioned[index] as TextItem;
        if (previousEnd !== undefined && item.x - previousEnd > 0.12 * item.size && !/\s$/.test(text)) text += " ";
        const start = text.length;
        text += item.text;
        ranges[index] = [start, text.length];
        previousEnd = item.x + item.width;
      }
    });
  }
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
 * string inside the quote, or null when the normalised quote does not occur. Items are first
 * joined in content order as pdf.js gives them; when that fails, with a space between items
 * (some producers omit the spaces between words and cells); then in layout reading order.
 * Null means "highlight nothing": better no highlight than a wrong one.
 */
export function findQuoteRanges(items: readonly TextItemLike[], quote: string): ItemRange[] | null {
  if (quote.trim() === "") return null;
  const joinings = [() => joinItems(items, ""), () => joinItems(items, " "), () => joinByLayout(items)];
  for (const join of joinings) {
    const joined = join();
    if (!joined) continue;
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
