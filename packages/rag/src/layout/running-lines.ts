import type { Line } from "@audited-rag/core";
import { rowText } from "@audited-rag/core";

/** A page's lines in reading order, with the page height for telling top from bottom. */
export interface PageLines {
  height: number;
  lines: Line[];
}

/** How many lines at each edge of a page are looked at. */
const edgeLines = 2;
/** A running line sits in this outer share of the page height. */
const marginShare = 0.12;

/**
 * Which lines repeat at the top or bottom of many pages, page numbers aside ("Federal
 * Register / Vol. 85, No. 170 / … / 54321"): for each page, the indexes (into `lines`) to drop.
 * A line counts when its text with digits masked recurs in the same margin on at least a
 * quarter of the pages and on at least two (three when the document has more than three
 * pages). A bare page number counts the same way. Pure.
 */
export function findRunningLines(pages: readonly PageLines[]): Set<number>[] {
  const minPages = pages.length > 3 ? Math.max(3, Math.ceil(pages.length * 0.25)) : 2;
  const candidates = pages.map((page) => edgeCandidates(page));
  const counts = new Map<string, number>();
  for (const page of candidates) {
    for (const key of new Set(page.values())) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const band = headerBand(pages);
  return candidates.map((page, pageIndex) => {
    const drop = new Set<number>(band[pageIndex]);
    const lines = pages[pageIndex]?.lines ?? [];
    for (const [index, key] of page) {
      if ((counts.get(key) ?? 0) >= minPages) drop.add(index);
    }
    // Never empty a page: a page of nothing but a repeated line keeps it.
    return drop.size >= lines.length ? new Set<number>() : drop;
  });
}

/** Lines within this many points of each other's baseline are one printed row. */
const sameRow = 1.5;
/** A header stands at least this many body line spacings above the text below it. */
const headerGapLeadings = 1.8;
/** Share of the pages that must carry the header band at one height. */
const bandShare = 0.3;

/** A page's top row: the lines printed at its highest baseline, and the gap down to the next line. */
interface TopRow {
  y: number;
  indexes: number[];
  segments: string[];
}

/**
 * Running headers whose text changes with the chapter or section ("3.8. INTERRUPT SERVICE
 * ROUTINES   CHAPTER 3. USING SDCC" on one page, "3.9. …" on the next), which the repeated-text
 * rule misses: a book's header recurs on the pages of one section, not on a quarter of the
 * document. A page's top row is in the header band when it sits in the top margin, is printed no
 * larger than the page's body text, and stands clear of the text below it by more than
 * `headerGapLeadings` line spacings; when at least `bandShare` of the pages (and three) have such
 * a row at one height, that row is dropped from each of them on which some of its text (a part
 * set apart by a wide gap, digits masked) is printed there on another page too. A slide title is
 * printed larger than the body, and a table's header repeated on the next page sits at the
 * body's spacing, so neither is taken. Pure.
 */
function headerBand(pages: readonly PageLines[]): Set<number>[] {
  const rows = pages.map((page) => headerLikeTopRow(page));
  const heights = new Map<number, number>();
  for (const row of rows) if (row) heights.set(Math.round(row.y), (heights.get(Math.round(row.y)) ?? 0) + 1);
  const [bandY, count] = [...heights].reduce<[number, number]>(
    (best, each) => (each[1] > best[1] ? each : best),
    [0, 0],
  );
  const none = pages.map(() => new Set<number>());
  if (count < Math.max(3, Math.ceil(pages.length * bandShare))) return none;
  const inBand = rows.map((row) => (row && Math.abs(row.y - bandY) <= sameRow ? row : undefined));
  const pagesWith = new Map<string, number>();
  for (const row of inBand) {
    for (const text of new Set(row?.segments ?? [])) pagesWith.set(text, (pagesWith.get(text) ?? 0) + 1);
  }
  return inBand.map((row) =>
    row?.segments.some((text) => (pagesWith.get(text) ?? 0) >= 2) ? new Set(row.indexes) : new Set<number>(),
  );
}

/** The page's top row when it looks like a running header (see `headerBand`), else undefined. */
function headerLikeTopRow(page: PageLines): TopRow | undefined {
  const order = page.lines.map((line, index) => ({ line, index })).sort((a, b) => b.line.y - a.line.y);
  const top = order[0];
  if (!top || top.line.y < page.height * (1 - marginShare)) return undefined;
  const row = order.filter(({ line }) => top.line.y - line.y <= sameRow);
  const below = order[row.length];
  if (!below) return undefined;
  const spacings = order
    .slice(row.length)
    .map(({ line }, k, rest) => (k === 0 ? 0 : (rest[k - 1] as (typeof rest)[number]).line.y - line.y))
    .filter((gap) => gap > sameRow);
  const leading = median(spacings);
  const bodySize = median(order.slice(row.length).map(({ line }) => line.size));
  if (leading === undefined || bodySize === undefined) return undefined;
  if (top.line.y - below.line.y < headerGapLeadings * leading) return undefined;
  if (row.some(({ line }) => line.size > bodySize * 1.05)) return undefined;
  const segments = row.flatMap(({ line }) => line.segments.map((segment) => maskedText(segment.text)));
  return { y: top.line.y, indexes: row.map(({ index }) => index), segments: segments.filter((text) => text !== "") };
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Line index → "top:<masked text>" or "bottom:<masked text>" for the lines at the page's edges. */
function edgeCandidates(page: PageLines): Map<number, string> {
  const byHeight = page.lines.map((line, index) => ({ line, index })).sort((a, b) => b.line.y - a.line.y);
  const result = new Map<number, string>();
  const top = byHeight.slice(0, edgeLines).filter(({ line }) => line.y >= page.height * (1 - marginShare));
  const bottom = byHeight.slice(-edgeLines).filter(({ line }) => line.y <= page.height * marginShare);
  for (const { line, index } of top) result.set(index, `top:${maskedText(rowText(line.segments))}`);
  for (const { line, index } of bottom) result.set(index, `bottom:${maskedText(rowText(line.segments))}`);
  for (const [index, key] of result) if (key.endsWith(":")) result.delete(index);
  return result;
}

/** Lower case, digit runs and roman page numbers masked, spacing squashed. */
export function maskedText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, "#")
    .replace(/\b[ivxlc]{1,6}\b(?=\s*$)/, "#")
    .replace(/\s+/g, " ")
    .trim();
}
