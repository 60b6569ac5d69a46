import { type Line, type Segment, spaceGapEm } from "@audited-rag/core";
import { isBareMarker } from "./list-markers";

/** A table found in a run of lines: which lines, which is the header, and each line's cells per column. */
export interface DetectedTable {
  /** Index of the first line of the table (its header) and one past the last. */
  from: number;
  to: number;
  /** How many lines from `from` are the header. */
  headerCount: number;
  /** Header text per column; "" where the column has none. */
  headers: string[];
  /**
   * For each body line of two or more cells, its segments with the column each falls in; a one-cell
   * line below a row is that row's wrapped text ("Up to $6,715.", "Replication"): its cell joins the
   * row and its index is in `wrapped`.
   */
  rows: { line: number; wrapped: number[]; cells: { segment: Segment; column: number }[] }[];
}

interface Interval {
  x0: number;
  x1: number;
}

/** Longest cell, in characters, a table is believed to have on average; longer is prose with a wide gap. */
const maxMeanCellChars = 45;

/** A header wraps over at most this many lines. */
const maxHeaderLines = 3;

/** A one-segment line this short may sit inside a table (a wrapped header word, "(Nr)"). */
const maxLoneCellChars = 24;

/**
 * Detects a table starting at line `from`: consecutive lines of one column, most of two or
 * more segments, whose segments line up in the same x-ranges (columns). Leading lines without
 * a cell in the first column are the header (several lines when the header wraps, "Number of /
 * Rounds / (Nr)"); without such lines the first line is, with the lines after it that read as
 * header, unless it is a row of figures (then the table has no header). A one-cell line under a
 * row is that row's wrapped cell, except in the stub column and, on a page of text columns
 * (`columned`), inside one of them. Pure; undefined when the lines there are not a table.
 */
export function detectTable(
  lines: readonly Line[],
  from: number,
  maxGap: number,
  isHeading: (line: Line) => boolean = () => false,
  columned = false,
): DetectedTable | undefined {
  const first = lines[from];
  if (!first) return undefined;
  if (first.segments.length < 2) {
    // A header's upper word set alone over one column ("Cost on U.S." over "… Cost per product  operators").
    const next = lines[from + 1];
    const lead = first.segments[0];
    if (!isLoneCell(first) || !next || next.segments.length < 2 || !lead) return undefined;
    if (first.y - next.y > maxGap || lead.x0 <= (next.segments[1]?.x0 ?? Number.POSITIVE_INFINITY)) return undefined;
  }
  const column = first.segments.length < 2 ? (lines[from + 1] as Line).column : first.column;
  // A sentence cut at a comma goes on in lower case on the next line, however wide its word gaps:
  // "The dynahash library, written by Esmond Pitt," over "implements   Larson's linear …" is prose.
  const before = lines[from - 1];
  if (
    before !== undefined &&
    before.column === column &&
    before.y - first.y <= maxGap &&
    /,$/u.test(before.segments.at(-1)?.text.trim() ?? "") &&
    /^\p{Ll}/u.test(first.segments[0]?.text ?? "")
  )
    return undefined;
  let to = from + 1;
  let lastMulti = from;
  while (to < lines.length) {
    const line = lines[to] as Line;
    const previous = lines[to - 1] as Line;
    // A wrapped header word or cell may be read as another column's line ("operators" under a wide table's "Cost on U.S.").
    if ((line.column !== column && !isLoneCell(line)) || isHeading(line)) break;
    if (previous.y - line.y > maxGap || line.y >= previous.y) break;
    if (line.segments.length < 2 && !isLoneCell(line)) break;
    if (line.segments.length >= 2) lastMulti = to;
    to++;
  }
  // A last row's wrapped cell belongs to the table, when it stands as close as the table's own lines.
  let widest = 0;
  for (let at = from + 1; at <= lastMulti; at++)
    widest = Math.max(widest, (lines[at - 1] as Line).y - (lines[at] as Line).y);
  to = lastMulti + 1;
  while (
    to < lines.length &&
    isLoneCell(lines[to] as Line) &&
    (lines[to - 1] as Line).y - (lines[to] as Line).y <= widest
  )
    to++;
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
  // Without a line above the stub column, the header starts in it ("Replication  Recovery …"),
  // unless that line is a row of figures: a table picked up mid-way (after a page break or a
  // heading) has no header, and its first row must not head the others ("392 is (3,008)").
  const dataFirst = headerCount === 0 && isFigureRow(run[0] as Line);
  if (headerCount === 0 && !dataFirst) headerCount = 1;
  // The lines after that which read as header, in a table whose body holds figures, are the
  // header's wrapped part or its lower tier ("Time (s)  Scatter …", "State / Territory  Permit
  // Handgun …"), stub cell or not.
  // The body's figures, not the header's own ("caption v1.x  caption v3.x" heads rows of words).
  const figures = run.slice(headerCount).some((line) => line.segments.some((segment) => /\d/u.test(segment.text)));
  while (
    !dataFirst &&
    figures &&
    headerCount < Math.min(run.length, maxHeaderLines) &&
    readsAsHeader(run[headerCount] as Line)
  )
    headerCount++;
  if (headerCount === run.length) headerCount = 1;
  const body = run.slice(headerCount).filter((line) => line.segments.length >= 2);
  if (body.length === 0) return undefined;
  const columns = columnsOf(body.flatMap((line) => line.segments));
  if (columns.length < 2) return undefined;
  const headers = columns.map(() => "");
  const headerLines = run.slice(0, headerCount);
  // Where each column's heading stands: its cells and the lowest header tier's cell over it (a
  // left-set header over right-set figures), for placing the groups of an upper tier.
  const spans = columns.map((column) => ({ ...column }));
  for (const cell of headerLines.at(-1)?.segments ?? []) {
    for (const index of overlapping(columns, cell)) {
      const span = spans[index] as Interval;
      span.x0 = Math.min(span.x0, cell.x0);
      span.x1 = Math.max(span.x1, cell.x1);
    }
  }
  for (const [tier, line] of headerLines.entries()) {
    // A header run set tight over several columns ("Chunks Cluster Scatter") is split into its
    // items, each heading the columns it stands over; a header spanning columns as one item stays whole.
    const cells = line.segments.flatMap((cell) => splitOverColumns(cell, columns));
    const heads =
      tier < headerLines.length - 1
        ? groupHeads(cells, columns, spans)
        : cells.map((cell) => overlapping(columns, cell));
    for (const [k, segment] of cells.entries()) {
      for (const index of heads[k] ?? []) {
        const before = headers[index] ?? "";
        // A header word broken at a line end joins its rest: "Copy-" over "sets" reads "Copy-sets".
        headers[index] = !before
          ? segment.text
          : /\p{L}-$/u.test(before) && /^\p{Ll}/u.test(segment.text)
            ? `${before}${segment.text}`
            : `${before} ${segment.text}`;
      }
    }
  }
  // A header set in one run of single-spaced words ("Estimate Std. Error z value Pr(>|z|)", as
  // program output prints it) is no table line of its own: just above a table without a header,
  // it heads the columns its words stand over.
  if (!headers.some(Boolean)) {
    const above = headerAbove(lines, from, columns, column, maxGap);
    if (above) headers.splice(0, headers.length, ...above);
  }
  // Within one column of a column page, poppler reads a wrapped cell's line together with the
  // other column's text on its baseline: joined to its row, the row's quote would be found nowhere
  // in the page as poppler prints it. There the wrapped line stays a line of its own.
  const joinWrapped = column === -1 || !columned;
  const continuing = joinWrapped ? continuationLines(run.slice(headerCount)) : new Set<number>();
  const rows: DetectedTable["rows"] = [];
  for (const [offset, line] of run.slice(headerCount).entries()) {
    const cells = line.segments
      .flatMap((cell) => splitOverColumns(cell, columns, true))
      .map((segment) => ({ segment, column: overlapping(columns, segment)[0] ?? 0 }));
    const above = rows.at(-1);
    if (above && continuing.has(offset)) {
      above.wrapped.push(from + headerCount + offset);
      above.cells.push(...cells);
    } else if (line.segments.length >= 2) rows.push({ line: from + headerCount + offset, wrapped: [], cells });
    // A lone line in the stub column labels what follows ("Nested JWT", "(A)"); elsewhere it is a cell's wrapped text.
    else if (above && joinWrapped && cells.every((cell) => cell.column > 0)) {
      above.wrapped.push(from + headerCount + offset);
      above.cells.push(...cells);
    }
  }
  return { from, to, headerCount, headers, rows };
}

/** Rows set apart by padding stand at least this many times farther apart than a cell's wrapped lines. */
const rowGapFactor = 1.3;
/** … and less than this many times: a gap of two line pitches is a blank line between blocks. */
const maxRowGapFactor = 1.9;

/**
 * The body lines (by index in `body`) that continue the row above them, in a table whose rows are
 * set apart by padding while a cell's wrapped lines follow at the line pitch: a line closer to the
 * one above than rows stand to each other, with fewer cells than the line that opened its row
 * ("TeleMetru  MP3H611  MMA2202 …" over "m v1.0  5 10km  50g", over "(33k')"). Only where every gap
 * is either the tightest (a line pitch) or 1.3 to 1.9 times it, the latter at least twice: a table
 * whose lines all stand at one pitch keeps each line a row, and so do blocks of program output set
 * a blank line apart. A line as full as the one above (a group of rows set closer) or filling every
 * column but the stub (rows of a group the stub names) is no continuation.
 */
function continuationLines(body: readonly Line[]): Set<number> {
  const gaps = body.slice(1).map((line, k) => (body[k] as Line).y - line.y);
  const continuing = new Set<number>();
  if (gaps.length < 3) return continuing;
  const tightest = Math.min(...gaps);
  const size = Math.max(...body.map((line) => line.size));
  // The tight gap is a line pitch, not a raised or lowered part of a formula.
  if (tightest < size * 0.8) return continuing;
  const tight = (gap: number) => gap <= tightest * 1.15;
  const padded = (gap: number) => gap >= tightest * rowGapFactor && gap <= tightest * maxRowGapFactor;
  if (gaps.filter(padded).length < 2 || !gaps.every((gap) => tight(gap) || padded(gap))) return continuing;
  // "Infinity (n = 45)" over its methods' rows: a line with no stub cell must leave a column empty.
  const leftEdge = Math.min(...body.map((line) => line.segments[0]?.x0 ?? Number.POSITIVE_INFINITY));
  const inStub = (line: Line) => (line.segments[0]?.x0 ?? Number.POSITIVE_INFINITY) <= leftEdge + size;
  let opening = body[0] as Line;
  for (const [k, gap] of gaps.entries()) {
    const line = body[k + 1] as Line;
    const fewer = line.segments.length < opening.segments.length - (inStub(line) ? 0 : 1);
    if (tight(gap) && fewer) continuing.add(k + 1);
    else opening = line;
  }
  return continuing;
}

/**
 * A figure cell: an amount, a count, a share or a dash standing for none ("$", "—", "(325)",
 * "10,084", "12%"), an exponent ("4.7e-16") and significance marks after it ("0.071 .", "0.02***").
 */
const figureCell = /^(?:[-−+±~≈<>$€£¥(]*\d[\d.,]*(?:e[-+]?\d+)?%?\)?(?:\s?(?:\*{1,3}|\.|†|‡))?|[$€£¥—–-])$/u;
const yearCell = /^(?:19|20)\d\d$/u;

/** Whether a line is a row of figures after its label: a body row, never a header, unless the figures are years ("2024  2023"). */
function isFigureRow(line: Line): boolean {
  const cells = line.segments.slice(1).map((segment) => segment.text.trim());
  return (
    cells.length > 0 && cells.every((cell) => figureCell.test(cell)) && !cells.every((cell) => yearCell.test(cell))
  );
}

/**
 * Whether a line below a table's first header line reads as more header: short cells, no figure,
 * no "label: value" and no list bullet ("o Claim Description: Issuer" is a body line).
 */
function readsAsHeader(line: Line): boolean {
  return line.segments.every(
    (segment) =>
      segment.text.length <= maxLoneCellChars &&
      !/\d/u.test(segment.text) &&
      !/:\s/u.test(segment.text) &&
      // Plain-text lists (RFCs) bullet with a lone "o".
      !(isBareMarker(segment.text) || segment.text === "o"),
  );
}

/** A line of one short segment: a wrapped header word or cell ("Replication", "(Nr)", "Up to $6,715."). */
function isLoneCell(line: Line): boolean {
  return line.segments.length === 1 && (line.segments[0]?.text.length ?? 0) <= maxLoneCellChars;
}

/**
 * The columns each cell of an upper header tier heads. A sparse tier of two or more cells over a
 * fuller one below ("Pre-Pawn   Redemption" over "Handgun Long Gun *Other" twice) names groups of
 * columns, each set centred over its group: a cell heads the columns it stands over and those
 * nearer its centre than half the distance between neighbouring group centres.
 */
function groupHeads(cells: readonly Segment[], columns: readonly Interval[], spans: readonly Interval[]): number[][] {
  const over = cells.map((cell) => overlapping(columns, cell));
  if (cells.length < 2 || cells.length * 2 > columns.length) return over;
  const centre = (span: Interval) => (span.x0 + span.x1) / 2;
  const centres = cells.map(centre);
  let spacing = Number.POSITIVE_INFINITY;
  for (let k = 1; k < centres.length; k++) {
    spacing = Math.min(spacing, (centres[k] as number) - (centres[k - 1] as number));
  }
  const taken = new Set(over.flat());
  spans.forEach((span, index) => {
    if (taken.has(index)) return;
    const distances = centres.map((at) => Math.abs(centre(span) - at));
    const nearest = distances.indexOf(Math.min(...distances));
    if ((distances[nearest] as number) < spacing / 2) over[nearest]?.push(index);
  });
  return over.map((indexes) => [...indexes].sort((a, b) => a - b));
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

/**
 * A label and a figure printed as one item, one space apart ("(Intercept) -12.5336", as program
 * output sets its first row when the label is long): its two words, placed by their share of the
 * item's width (such output is set in a fixed-width font). Undefined for any other item.
 */
function labelledFigure(segment: Segment): Segment["pieces"] {
  if (segment.pieces) return undefined;
  const text = segment.text.trim();
  const perChar = (segment.x1 - segment.x0) / Math.max(text.length, 1);
  for (const space of text.matchAll(/\s+/gu)) {
    const label = text.slice(0, space.index);
    const figure = text.slice(space.index + space[0].length);
    if (!figureCell.test(figure)) continue;
    if (figureCell.test(label)) return undefined;
    const start = segment.x0 + (space.index + space[0].length) * perChar;
    return [
      { text: label, x0: segment.x0, x1: segment.x0 + label.length * perChar },
      { text: figure, x0: start, x1: segment.x1 },
    ];
  }
  return undefined;
}

/**
 * A segment set tight over several columns ("Chunks Cluster Scatter", "RAMCloud 8000") cut into
 * its items where they pass from one column to the next and a space stood between them; one
 * that lies in a single column, or one item spanning columns, stays whole; in a body row
 * (`bodyRow`), a label and a figure printed as one item are cut too (`labelledFigure`).
 */
function splitOverColumns(segment: Segment, columns: readonly Interval[], bodyRow = false): Segment[] {
  // A header's one item ("December 29, 2024" over two columns) stays whole.
  const pieces = segment.pieces ?? (bodyRow ? labelledFigure(segment) : undefined);
  if (!pieces || overlapping(columns, segment).length < 2) return [segment];
  const parts: Segment[] = [];
  let part: Segment | undefined;
  let column = -1;
  let end = Number.NEGATIVE_INFINITY;
  for (const piece of pieces) {
    const at = overlapping(columns, piece)[0] ?? 0;
    const gap = piece.x0 - end;
    const spaced = gap > segment.size * spaceGapEm || /^\s/u.test(piece.text) || /\s$/u.test(part?.text ?? "");
    if (part && (at === column || !spaced)) {
      part.text += spaced ? ` ${piece.text}` : piece.text;
      part.x1 = Math.max(part.x1, piece.x1);
    } else {
      part = { text: piece.text, x0: piece.x0, x1: piece.x1, y: segment.y, size: segment.size, items: [] };
      parts.push(part);
      column = at;
    }
    end = piece.x1;
  }
  for (const each of parts) each.text = each.text.replace(/\s+/gu, " ").trim();
  return parts;
}

/**
 * The headers of a header line set as one run just above a table's first line (same text column,
 * no farther than the table's own line gap), each word placed by its own extent where the line's
 * pieces give it, else by its characters' share of the line's width, and grouped by the column
 * edge it is flush with (`wordsByAlignment`). Undefined for a sentence or a line holding a
 * figure, and unless the words head two or more columns past the stub (whose header is seldom
 * printed), at least half of them.
 */
function headerAbove(
  lines: readonly Line[],
  from: number,
  columns: readonly Interval[],
  column: number,
  maxGap: number,
): string[] | undefined {
  const line = lines[from - 1];
  const first = lines[from] as Line;
  const segment = line?.segments[0];
  if (!line || !segment || line.segments.length !== 1 || line.column !== column) return undefined;
  if (line.y - first.y > maxGap || line.y <= first.y || /\d/u.test(segment.text)) return undefined;
  // A sentence is no header: "The output reads as follows".
  if (/[.:;]$/u.test(segment.text) || (segment.text.match(functionWords) ?? []).length >= 2) return undefined;
  if (segment.text.length > maxHeaderRunChars || columns.length < 3) return undefined;
  const words = placedWords(segment);
  const headers = wordsByAlignment(words, columns, (segment.x1 - segment.x0) / Math.max(segment.text.length, 1));
  if (headers === undefined) return undefined;
  const headed = headers.filter((header, index) => index > 0 && header !== "").length;
  // Every word must land past the stub, and the header must name most of the figure columns.
  if (headers[0] !== "" || headed * 2 < columns.length - 1 || headed < 2) return undefined;
  return headers;
}

/**
 * Header words grouped by the columns they head, where single spaces leave no gap to split at:
 * a header set flush right over its figures ends where its column ends ("Std. Error" over
 * "1243"), one set flush left starts where it starts. Whichever alignment places more headers
 * wins; undefined when neither places two, or words are left over.
 */
function wordsByAlignment(
  words: ReadonlyArray<{ text: string; x0: number; x1: number }>,
  columns: readonly Interval[],
  charWidth: number,
): string[] | undefined {
  const near = (a: number, b: number) => Math.abs(a - b) <= charWidth;
  const group = (edge: "x0" | "x1"): string[] | undefined => {
    const headers = columns.map(() => "");
    // The word each column's header ends (flush right) or starts (flush left) on, in order.
    const anchors = columns.map((column) => words.findIndex((word) => near(word[edge], column[edge])));
    const placed = anchors.flatMap((at, index) => (at >= 0 ? [{ at, index }] : []));
    // More than half the columns past the stub must be placed by their edge: words of a line of
    // prose line up with a column's edge now and then.
    const enough = placed.length >= 2 && placed.length * 2 > columns.length - 1;
    if (!enough || placed.some((each, k) => k > 0 && each.at <= (placed[k - 1] as { at: number }).at)) {
      return undefined;
    }
    placed.forEach(({ at, index }, k) => {
      const from = edge === "x1" ? (k === 0 ? 0 : (placed[k - 1] as { at: number }).at + 1) : at;
      const to = edge === "x1" ? at + 1 : k + 1 < placed.length ? (placed[k + 1] as { at: number }).at : words.length;
      headers[index] = words
        .slice(from, to)
        .map((word) => word.text)
        .join(" ");
    });
    // Words after the last flush-right header head the next column, when that one has none of its
    // own (its figures run past the header: "0.071 ." under "Pr(>|z|)"); words before the first
    // flush-left header head nothing known.
    const first = placed[0] as { at: number; index: number };
    const last = placed.at(-1) as { at: number; index: number };
    if (edge === "x0" && first.at > 0) return undefined;
    if (edge === "x1" && last.at < words.length - 1) {
      if (last.index + 1 >= columns.length) return undefined;
      headers[last.index + 1] = words
        .slice(last.at + 1)
        .map((word) => word.text)
        .join(" ");
    }
    return headers;
  };
  const right = group("x1");
  const left = group("x0");
  const count = (headers: string[] | undefined) => headers?.filter(Boolean).length ?? 0;
  return count(right) >= count(left) ? right : left;
}

const functionWords = /\b(?:the|a|an|as|of|to|in|is|are|was|were|and|or|for|with|by|on|this|that|it)\b/giu;

/** A header line set as one run is no longer than this (longer is prose). */
const maxHeaderRunChars = 64;

/** A segment's words with their extents: from its pieces, or spread over its width by character count. */
function placedWords(segment: Segment): Array<{ text: string; x0: number; x1: number }> {
  const words: Array<{ text: string; x0: number; x1: number }> = [];
  const pieces = segment.pieces ?? [{ text: segment.text, x0: segment.x0, x1: segment.x1 }];
  for (const piece of pieces) {
    const perChar = (piece.x1 - piece.x0) / Math.max(piece.text.length, 1);
    for (const match of piece.text.matchAll(/\S+/gu)) {
      const x0 = piece.x0 + match.index * perChar;
      words.push({ text: match[0], x0, x1: x0 + match[0].length * perChar });
    }
  }
  return words;
}

/** A body cell wider than this many times the median cell may span columns ("(E) positional embedding instead of sinusoids"). */
const wideCellFactor = 3;

/**
 * The table's columns: the union of the body cells' x-ranges. A cell much wider than most, or
 * made of several items (two cells set tight, "RAMCloud 8000"), only widens the column it falls
 * in and is left out when it would bridge two: a row whose one cell spans the columns must not
 * merge them all.
 */
function columnsOf(segments: readonly Segment[]): Interval[] {
  const widths = segments.map((segment) => segment.x1 - segment.x0).sort((a, b) => a - b);
  const limit = (widths[Math.floor((widths.length - 1) / 2)] ?? 0) * wideCellFactor;
  const plain = (segment: Segment) => segment.x1 - segment.x0 <= limit && !segment.pieces;
  const narrow = segments.filter(plain);
  // Cells of one word show where the columns part. A cell of several words that crosses such a
  // gap ("(Intercept) -12.5336" over the stub and the figures, as program output prints a long
  // label; "Signif. codes:" under them) is left out like a wide one; a label and a figure set
  // as one item is then split over the two columns in its row (`labelledFigure`).
  const oneWord = (segment: Segment) => !/\s/u.test(segment.text.trim());
  const parted = mergedIntervals(narrow.filter(oneWord));
  const sure = narrow.filter((segment) => oneWord(segment) || overlapping(parted, segment).length < 2);
  if (sure.length === 0) return mergedIntervals(segments);
  const columns = mergedIntervals(sure);
  const fitting = segments.filter((segment) => !plain(segment) && overlapping(columns, segment).length <= 1);
  return fitting.length === 0 ? columns : mergedIntervals([...sure, ...fitting]);
}

/** The union of overlapping x-ranges, left to right. */
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
function overlapping(columns: readonly Interval[], segment: Interval): number[] {
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
