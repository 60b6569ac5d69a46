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
  return candidates.map((page, pageIndex) => {
    const drop = new Set<number>();
    const lines = pages[pageIndex]?.lines ?? [];
    for (const [index, key] of page) {
      if ((counts.get(key) ?? 0) >= minPages) drop.add(index);
    }
    // Never empty a page: a page of nothing but a repeated line keeps it.
    return drop.size >= lines.length ? new Set<number>() : drop;
  });
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
