import type { Row, Segment } from "./lines";

/** A row's segments within one column (or spanning all of them), as read. */
export interface Line {
  y: number;
  size: number;
  segments: Segment[];
  /** Column index, left to right; -1 for a line that spans the columns (a title, an abstract). */
  column: number;
}

/** The x-range between two text columns. */
export interface Gutter {
  x0: number;
  x1: number;
}

const minColumnShare = 0.18;
const minGutterEm = 0.8;
const minProseLines = 4;
const maxGapCandidates = 6;

/**
 * Finds the column gutters of a page: x-ranges no segment crosses except a few spanning ones,
 * with prose on both sides (most lines filling their column), so the gaps between table
 * columns do not count. Pure; empty for single-column pages.
 */
export function findGutters(rows: readonly Row[]): Gutter[] {
  const segments = rows.flatMap((row) => row.segments);
  if (segments.length < minProseLines * 2) return [];
  const left = Math.min(...segments.map((s) => s.x0));
  const right = Math.max(...segments.map((s) => s.x1));
  const textWidth = right - left;
  if (textWidth <= 0) return [];
  const sizes = segments.map((s) => s.size).sort((a, b) => a - b);
  const bodySize = sizes[Math.floor(sizes.length / 2)] ?? 10;
  // Wide segments (a title, a full-width abstract line) may cross a gutter; leave them out of the coverage.
  const narrow = segments.filter((s) => s.x1 - s.x0 <= textWidth * 0.55);
  // Only the widest few gaps are tried, so a page of scattered runs costs a bounded number of checks.
  const gaps = coverageGaps(narrow, left, right, Math.max(minGutterEm * bodySize, 4))
    .sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))
    .slice(0, maxGapCandidates)
    .sort((a, b) => a.x0 - b.x0);
  // Try the most columns first: three columns, then the best two-column split.
  const candidates: Gutter[][] = [];
  if (gaps.length >= 2) {
    for (let i = 0; i < gaps.length; i++) {
      for (let j = i + 1; j < gaps.length; j++) candidates.push([gaps[i] as Gutter, gaps[j] as Gutter]);
    }
  }
  const singles = [...gaps].sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0)).map((gap) => [gap]);
  candidates.push(...singles);
  for (const gutters of candidates) {
    if (isColumnLayout(gutters, segments, left, right)) return gutters;
  }
  return [];
}

/**
 * x-ranges at least `minWidth` wide, between `left` and `right`, that at most a few segments
 * cover (a centred page number or a stray label may cross a gutter; the rest must not).
 */
function coverageGaps(segments: readonly Segment[], left: number, right: number, minWidth: number): Gutter[] {
  const allowance = Math.max(2, Math.floor(segments.length * 0.08));
  const events: [number, number][] = [];
  for (const segment of segments) events.push([segment.x0, 1], [segment.x1, -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const gaps: Gutter[] = [];
  let active = 0;
  let openedAt: number | undefined;
  for (const [x, change] of events) {
    const before = active;
    active += change;
    if (before > allowance && active <= allowance) openedAt = x;
    if (before <= allowance && active > allowance && openedAt !== undefined) {
      if (x - openedAt >= minWidth && openedAt > left && x < right) gaps.push({ x0: openedAt, x1: x });
      openedAt = undefined;
    }
  }
  return gaps;
}

function isColumnLayout(
  gutters: readonly Gutter[],
  segments: readonly Segment[],
  left: number,
  right: number,
): boolean {
  const edges = [left, ...gutters.flatMap((g) => [g.x0, g.x1]), right];
  const textWidth = right - left;
  let crossing = 0;
  const perColumn: Segment[][] = gutters.map(() => []).concat([[]]);
  for (const segment of segments) {
    const column = columnOf(segment, gutters);
    if (column < 0) crossing++;
    else perColumn[column]?.push(segment);
  }
  if (crossing > segments.length * 0.35) return false;
  const extents: [number, number][] = [];
  for (let column = 0; column < perColumn.length; column++) {
    const x0 = edges[column * 2] ?? left;
    const x1 = edges[column * 2 + 1] ?? right;
    const width = x1 - x0;
    if (width < textWidth * minColumnShare) return false;
    const members = perColumn[column] ?? [];
    // Most of a text column's characters sit in lines that fill it; a chart's or a table's labels in it do not count against it.
    const prose = members.filter((s) => s.x1 - s.x0 >= width * 0.6);
    const chars = (list: Segment[]) => list.reduce((sum, s) => sum + s.text.length, 0);
    if (prose.length < minProseLines || chars(prose) < chars(members) * 0.5) return false;
    const ys = members.map((s) => s.y);
    extents.push([Math.min(...ys), Math.max(...ys)]);
  }
  // Columns stand side by side: their vertical extents overlap.
  for (let column = 1; column < extents.length; column++) {
    const [a0, a1] = extents[column - 1] as [number, number];
    const [b0, b1] = extents[column] as [number, number];
    const overlap = Math.min(a1, b1) - Math.max(a0, b0);
    if (overlap < Math.min(a1 - a0, b1 - b0) * 0.3) return false;
  }
  return true;
}

/** Cells of one table row differ in type size by at most this factor (bold or italic cells may be a little larger). */
const maxCellSizeRatio = 1.2;

/** The column a segment lies in, or -1 when it crosses a gutter. */
function columnOf(segment: Segment, gutters: readonly Gutter[]): number {
  let column = 0;
  for (const gutter of gutters) {
    const middle = (gutter.x0 + gutter.x1) / 2;
    if (segment.x0 < middle && segment.x1 > middle) return -1;
    if (segment.x0 >= middle) column++;
  }
  return column;
}

/**
 * Puts a page's rows in reading order: on a column page, the rows between two spanning lines
 * are read column by column, and a spanning line (title, abstract, footnote rule text) stays
 * where it stands. Pure.
 */
export function readingOrder(rows: readonly Row[], gutters: readonly Gutter[] = findGutters(rows)): Line[] {
  if (gutters.length === 0) {
    return rows.map((row) => ({ y: row.y, size: row.size, segments: row.segments, column: 0 }));
  }
  const ordered: Line[] = [];
  let band: Line[][] = gutters.map(() => []).concat([[]]);
  const flush = () => {
    for (const column of band) ordered.push(...column);
    band = band.map(() => []);
  };
  const segments = rows.flatMap((row) => row.segments);
  const width = Math.max(...segments.map((s) => s.x1)) - Math.min(...segments.map((s) => s.x0));
  const columnWidth = width / (gutters.length + 1);
  for (const row of rows) {
    // A table as wide as the page reads across the gutter, row by row: its rows stay whole.
    if (row.segments.some((segment) => columnOf(segment, gutters) < 0) || rowOfWideTable(row, gutters, columnWidth)) {
      flush();
      ordered.push({ y: row.y, size: row.size, segments: row.segments, column: -1 });
      continue;
    }
    const split = new Map<number, Segment[]>();
    for (const segment of row.segments) {
      const column = columnOf(segment, gutters);
      split.set(column, [...(split.get(column) ?? []), segment]);
    }
    for (const [column, segments] of split) {
      // Each column's part of a row has its own size: a heading in one column is not the other's.
      const size = Math.max(...segments.map((segment) => segment.size));
      band[column]?.push({ y: row.y, size, segments, column });
    }
  }
  flush();
  return ordered;
}

/**
 * A row of a table as wide as the page, laid over the gutter: cells on both sides of it, every
 * one short and in one type size. A line of prose fills its column, so two prose lines side by
 * side never qualify; nor does a heading in one column beside a table's header in the other.
 */
function rowOfWideTable(row: Row, gutters: readonly Gutter[], columnWidth: number): boolean {
  if (row.segments.length < 4) return false;
  if (row.segments.some((segment) => segment.x1 - segment.x0 > columnWidth * 0.45)) return false;
  const sizes = row.segments.map((segment) => segment.size);
  if (Math.max(...sizes) > Math.min(...sizes) * maxCellSizeRatio) return false;
  const perColumn = new Map<number, number>();
  for (const segment of row.segments) {
    const column = columnOf(segment, gutters);
    perColumn.set(column, (perColumn.get(column) ?? 0) + 1);
  }
  return perColumn.size > 1 && [...perColumn.values()].every((count) => count >= 2);
}
