import type { Line, Segment } from "@audited-rag/core";

/** A table found in a run of lines: which lines, which is the header, and each line's cells per column. */
export interface DetectedTable {
  /** Index of the first line of the table (its header) and one past the last. */
  from: number;
  to: number;
  /** How many lines from `from` are the header. */
  headerCount: number;
  /** Header text per column; "" where the column has none. */
  headers: string[];
  /** For each body line of two or more cells (one-cell lines are wrapped text, not rows), its segments with the column each falls in. */
  rows: { line: number; cells: { segment: Segment; column: number }[] }[];
}

interface Interval {
  x0: number;
  x1: number;
}

/** Longest cell, in characters, a table is believed to have on average; longer is prose with a wide gap. */
const maxMeanCellChars = 45;

/** A one-segment line this short may sit inside a table (a wrapped header word, "(Nr)"). */
const maxLoneCellChars = 24;

/**
 * Detects a table starting at line `from`: consecutive lines of one column, most of two or
 * more segments, whose segments line up in the same x-ranges (columns). Leading lines without
 * a cell in the first column are the header (several lines when the header wraps, "Number of /
 * Rounds / (Nr)"); without such lines the first line is. Pure; undefined when the lines there
 * are not a table.
 */
export function detectTable(
  lines: readonly Line[],
  from: number,
  maxGap: number,
  isHeading: (line: Line) => boolean = () => false,
): DetectedTable | undefined {
  const first = lines[from];
  if (!first || first.segments.length < 2) return undefined;
  let to = from + 1;
  let lastMulti = from;
  while (to < lines.length) {
    const line = lines[to] as Line;
    const previous = lines[to - 1] as Line;
    if (line.column !== first.column || isHeading(line)) break;
    if (previous.y - line.y > maxGap || line.y >= previous.y) break;
    if (line.segments.length < 2 && (line.segments[0]?.text.length ?? 0) > maxLoneCellChars) break;
    if (line.segments.length >= 2) lastMulti = to;
    to++;
  }
  to = lastMulti + 1;
  const run = lines.slice(from, to);
  const multi = run.filter((line) => line.segments.length >= 2);
  if (multi.length < 2) return undefined;
  const all = run.flatMap((line) => line.segments);
  const meanChars = all.reduce((sum, s) => sum + s.text.length, 0) / all.length;
  if (meanChars > maxMeanCellChars) return undefined;
  const rowsOfProse = multi.filter((line) => readsOnAcrossGap(line.segments)).length;
  if (rowsOfProse * 2 >= multi.length) return undefined;

  const size = Math.max(...run.map((line) => line.size));
  const leftEdge = Math.min(...multi.map((line) => line.segments[0]?.x0 ?? 0));
  const hasStub = (line: Line) => (line.segments[0]?.x0 ?? 0) <= leftEdge + size;
  let headerCount = 0;
  while (headerCount < run.length && !hasStub(run[headerCount] as Line)) headerCount++;
  if (headerCount === 0 || headerCount === run.length) headerCount = 1;
  const body = run.slice(headerCount).filter((line) => line.segments.length >= 2);
  if (body.length === 0) return undefined;
  const columns = mergedIntervals(body.flatMap((line) => line.segments));
  if (columns.length < 2) return undefined;
  const headers = columns.map(() => "");
  for (const line of run.slice(0, headerCount)) {
    for (const segment of line.segments) {
      for (const index of overlapping(columns, segment)) {
        headers[index] = headers[index] ? `${headers[index]} ${segment.text}` : segment.text;
      }
    }
  }
  const rows = run.slice(headerCount).flatMap((line, offset) =>
    line.segments.length >= 2
      ? [
          {
            line: from + headerCount + offset,
            cells: line.segments.map((segment) => ({ segment, column: overlapping(columns, segment)[0] ?? 0 })),
          },
        ]
      : [],
  );
  return { from, to, headerCount, headers, rows };
}

/**
 * Whether a line with a wide gap is prose all the same: a long run ending mid-sentence and the
 * next starting in lower case ("… of prose that   continues here").
 */
function readsOnAcrossGap(segments: readonly Segment[]): boolean {
  for (let index = 1; index < segments.length; index++) {
    const before = (segments[index - 1] as Segment).text;
    const after = (segments[index] as Segment).text;
    if (before.length >= 25 && /[\p{Ll},]$/u.test(before) && /^\p{Ll}/u.test(after)) return true;
  }
  return false;
}

/** Columns as the union of overlapping x-ranges of the body cells, left to right. */
function mergedIntervals(segments: readonly Segment[]): Interval[] {
  const sorted = [...segments].sort((a, b) => a.x0 - b.x0);
  const merged: Interval[] = [];
  for (const segment of sorted) {
    const last = merged[merged.length - 1];
    if (last && segment.x0 <= last.x1) last.x1 = Math.max(last.x1, segment.x1);
    else merged.push({ x0: segment.x0, x1: segment.x1 });
  }
  return merged;
}

/** Indexes of the columns a segment overlaps; the nearest one when it overlaps none. */
function overlapping(columns: readonly Interval[], segment: Segment): number[] {
  const hits = columns.flatMap((column, index) => (segment.x0 < column.x1 && segment.x1 > column.x0 ? [index] : []));
  if (hits.length > 0) return hits;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [index, column] of columns.entries()) {
    const distance = Math.min(Math.abs(segment.x0 - column.x1), Math.abs(column.x0 - segment.x1));
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  }
  return [best];
}
