import type { Line } from "@audited-rag/core";
import { rowText, type Segment } from "@audited-rag/core";
import type { StructureBlock } from "../structure/passage-structure";
import { detectHangingList } from "./hanging-lists";
import { isBareMarker, listMarker, markerKind } from "./list-markers";
import { detectTable } from "./tables";

/** A heading in force, with its depth (1 = outermost). */
export interface OpenHeading {
  text: string;
  level: number;
}

/** What carries over from one page to the next: headings in force and a list still open. */
export interface LayoutState {
  headings: OpenHeading[];
  /** The document's body font size; a page full of footnotes would otherwise take theirs for it. */
  bodySize?: number;
  /** The lists open at this point, outermost first (a nested list after its parent). */
  lists?: { leadIn?: string; kind: string }[];
  /**
   * The sentence ending the previous page's text in body type when it ends in a colon ("The
   * following fieldnames are allowed:"): it leads in a list that opens the next page.
   */
  leadInOver?: string;
}

/** The laid-out text of one page: `text` in reading order and blocks indexing into it. */
export interface PageBlocks {
  text: string;
  /** Headings in force where the page starts, outermost first. */
  headings: OpenHeading[];
  blocks: StructureBlock[];
}

type Draft =
  | { kind: "heading"; text: string; level: number }
  | { kind: "paragraph"; lines: string[] }
  | { kind: "list-item"; lines: string[]; marker: string; leadIn?: string }
  | { kind: "table-row"; cells: string[]; headers: string[]; caption?: string };

// Tables are captioned "Table 2 …", and in some documents "Figure 4 …" or "Exhibit 3 …".
/** Headings wrap over at most this many lines. */
const maxHeadingLines = 3;
const captionPattern = /^(table|tab\.|figure|fig\.|exhibit)\s*[\dIVXA-Z]+[\s.:–—-]/i;
// "3.2.1 Key Expansion", "A. Scope", "Appendix B"; a long number ("3195. It is …") is a wrapped figure, not a section.
const numberedHeading =
  /^(\d{1,2}(\.\d{1,2})*\.?|[A-Z]\.|([Aa]ppendix|[Aa]nnex|[Cc]hapter|[Ss]ection|[Pp]art|APPENDIX|ANNEX|CHAPTER|SECTION|PART)\s+[\dA-Z]+[.:]?)\s+\p{Lu}/u;

/**
 * Turns a page's lines (reading order, running lines removed) into headings, paragraphs, list
 * items and table rows, and the page text: blocks separated by blank lines, a block's lines by
 * newlines, a table row's cells by spaces. Pure; `state` is the previous page's and is updated.
 */
export function layOutBlocks(lines: readonly Line[], state: LayoutState): PageBlocks {
  const startHeadings = state.headings.map((heading) => ({ ...heading }));
  // A lead-in left by the page before serves only a list that opens this page.
  const carried = state.leadInOver;
  state.leadInOver = undefined;
  const carriedFor = (last: Draft | undefined) => (last === undefined ? carried : undefined);
  // The last paragraph set in body type, footnotes below it aside: what a list on the next page follows.
  let lastBodyParagraph: Draft | undefined;
  const prepared = lines.map(mergeBareMarker);
  const bodySize = state.bodySize ?? dominantSize(prepared);
  const pitch = linePitch(prepared, bodySize);
  const columned = prepared.some((line) => line.column > 0);
  // Each line's text and heading test once: table and list scans look at the same lines again.
  const texts = prepared.map((line) => rowText(line.segments));
  // A numbered line in body type right after a full line that ends mid-sentence continues that
  // sentence ("… Model 737–8 and 737–\n9 (737 MAX) airplanes"); after a short line it can be a heading.
  const rightEdge = new Map<number, number>();
  for (const line of prepared) {
    const x1 = line.segments[line.segments.length - 1]?.x1 ?? 0;
    rightEdge.set(line.column, Math.max(rightEdge.get(line.column) ?? 0, x1));
  }
  const headingLines = new Set(
    prepared.filter((line, at) => {
      if (!isHeading(line, texts[at] as string, bodySize)) return false;
      if (line.size >= bodySize * 1.15) return true;
      if (runsOn(prepared.slice(at, at + 3), texts.slice(at, at + 2), rightEdge, pitch)) return false;
      const before = prepared[at - 1];
      if (!before) return true;
      const beforeEnd = before.segments[before.segments.length - 1]?.x1 ?? 0;
      const full = beforeEnd >= (rightEdge.get(before.column) ?? 0) - bodySize * 2;
      return !(full && /[\p{Ll},\-–]$/u.test(texts[at - 1] ?? ""));
    }),
  );
  const drafts: Draft[] = [];
  // The first lines of captions that tables above them took.
  const takenBelow = new Set<string>();
  let lastTable: { to: number; headers: string[]; caption?: string } | undefined;
  let index = 0;
  while (index < prepared.length) {
    const line = prepared[index] as Line;
    const text = texts[index] as string;
    const previous = prepared[index - 1];
    const headingFirst = headingLines.has(line) && !startsList(prepared[index + 1], text);
    const table =
      listMarker(text) || headingFirst
        ? undefined
        : detectTable(prepared, index, pitch * 2.6, (candidate) => headingLines.has(candidate), columned);
    // A table found here is read as one; a hanging list only where none is.
    const hanging =
      table || listMarker(text) || headingFirst
        ? undefined
        : detectHangingList(prepared, texts, index, pitch, (candidate) => headingLines.has(candidate));
    if (hanging) {
      // Each entry is an item marked by its term, led in by what introduced the list.
      const last = drafts[drafts.length - 1];
      const leadIn = last?.kind === "list-item" ? undefined : (leadInAfter(last) ?? carriedFor(last));
      for (const entry of hanging.entries)
        drafts.push({
          kind: "list-item",
          lines: texts.slice(entry.from, entry.to),
          marker: entry.term,
          ...(leadIn && { leadIn }),
        });
      state.lists = undefined;
      lastTable = undefined;
      index = hanging.to;
      continue;
    }
    if (table) {
      const last = drafts[drafts.length - 1];
      let caption: string | undefined;
      // A caption the table before took as its own, below it, is not this table's above it.
      if (
        last?.kind === "paragraph" &&
        captionPattern.test(last.lines.join(" ")) &&
        !takenBelow.has(last.lines[0] ?? "")
      )
        caption = last.lines.join(" ");
      if (!caption) {
        const below = captionBelow(prepared, texts, table.to, (prepared[table.to - 1] as Line).column);
        if (below) {
          caption = below.caption;
          takenBelow.add(texts[below.at] as string);
        }
      }
      // Rows without a header of their own right after a group label ("Feature-based approach")
      // that follows a table of as many columns are that table's next part, under its header.
      const before = lastTable;
      const between = texts.slice(before?.to ?? 0, index);
      const continued =
        before !== undefined &&
        table.headers.every((head) => head === "") &&
        table.headers.length === before.headers.length &&
        between.length <= maxGroupLabels &&
        between.every(
          (label, at) =>
            label.length <= maxGroupLabelChars && prepared[index - between.length + at]?.segments.length === 1,
        );
      const headers = continued ? before.headers : table.headers;
      if (continued && !caption && before.caption) caption = before.caption;
      lastTable = { to: table.to, headers, ...(caption && { caption }) };
      const header = prepared.slice(index, index + table.headerCount).map((headerLine) => rowText(headerLine.segments));
      if (header.length > 0) drafts.push({ kind: "paragraph", lines: header });
      const rows = new Map(table.rows.map((row) => [row.line, row]));
      const wrapped = new Set(table.rows.flatMap((row) => row.wrapped));
      for (let at = index + table.headerCount; at < table.to; at++) {
        const rowLine = prepared[at] as Line;
        const row = rows.get(at);
        if (wrapped.has(at)) continue;
        if (!row) {
          drafts.push({ kind: "paragraph", lines: [rowText(rowLine.segments)] });
          continue;
        }
        drafts.push({
          kind: "table-row",
          cells: row.cells.map((cell) => cell.segment.text),
          headers: row.cells.map((cell) => headers[cell.column] ?? ""),
          ...(caption && { caption }),
        });
      }
      state.lists = undefined;
      index = table.to;
      continue;
    }
    const marker = headingFirst ? undefined : listMarker(text);
    if (marker) {
      const kind = markerKind(marker.marker);
      const last = drafts[drafts.length - 1];
      const open = last === undefined || last.kind === "list-item" ? (state.lists ?? []) : [];
      const same = open.findIndex((list) => list.kind === kind);
      let leadIn: string | undefined;
      if (same >= 0) {
        // Another item of an open list (perhaps after a nested one): it keeps that list's lead-in.
        leadIn = open[same]?.leadIn;
        state.lists = open.slice(0, same + 1);
      } else {
        // A new list, or one nested in the item before it: led in by the sentence before it.
        leadIn = leadInAfter(last) ?? carriedFor(last);
        state.lists = [...open, { kind, ...(leadIn && { leadIn }) }];
      }
      const item: string[] = [text];
      let textX = line.segments[0] ? line.segments[0].x0 : 0;
      let next = index + 1;
      while (next < prepared.length) {
        const candidate = prepared[next] as Line;
        const above = prepared[next - 1] as Line;
        const candidateText = texts[next] as string;
        if (listMarker(candidateText)) break;
        // An item that runs on into the next column continues there, unless it had ended.
        const changedColumn = candidate.column !== above.column;
        if (changedColumn && /[.!?:;]["')\]]?$/.test(item[item.length - 1] ?? "")) break;
        if (!changedColumn && (above.y - candidate.y > pitch * 1.45 || candidate.y >= above.y)) break;
        const x0 = candidate.segments[0]?.x0 ?? 0;
        const ended = /[.!?:;]["')\]]?$/.test(item[item.length - 1] ?? "");
        // After a finished sentence, a line starting at or left of the marker opens the next block.
        if (!changedColumn && x0 < textX + bodySize * 0.25 && ended) break;
        if (headingLines.has(candidate)) break;
        item.push(candidateText);
        // In the next column the item's lines start at that column's edge.
        if (changedColumn) textX = x0;
        next++;
      }
      drafts.push({ kind: "list-item", lines: item, marker: marker.marker, ...(leadIn && { leadIn }) });
      index = next;
      continue;
    }
    if (headingLines.has(line)) {
      const heading = [text];
      let next = index + 1;
      while (next < prepared.length && heading.length <= maxHeadingLines) {
        const candidate = prepared[next] as Line;
        const above = prepared[next - 1] as Line;
        if (Math.abs(candidate.size - line.size) > 0.5 || line.size < bodySize * 1.15) break;
        if (above.y - candidate.y > pitch * 1.6 * (line.size / bodySize) || candidate.y >= above.y) break;
        heading.push(texts[next] as string);
        next++;
      }
      if (heading.length > maxHeadingLines) {
        // A long run of larger text is a paragraph set large (an abstract, a lead), not a heading.
        drafts.push({ kind: "paragraph", lines: heading });
        index += heading.length;
        continue;
      }
      const joined = heading.join(" ");
      const level = headingLevel(joined, line.size, bodySize);
      drafts.push({ kind: "heading", text: heading.join("\n"), level });
      while ((state.headings[state.headings.length - 1]?.level ?? 0) >= level) state.headings.pop();
      state.headings.push({ text: joined, level });
      state.lists = undefined;
      index += heading.length;
      continue;
    }
    const last = drafts[drafts.length - 1];
    const continues =
      last?.kind === "paragraph" &&
      previous !== undefined &&
      Math.abs(previous.size - line.size) <= bodySize * 0.15 &&
      (previous.column === line.column
        ? previous.y - line.y <= pitch * 1.45 && line.y < previous.y
        : !/[.!?:]["')\]]?$/.test(last.lines[last.lines.length - 1] ?? ""));
    if (continues && last?.kind === "paragraph") last.lines.push(text);
    else drafts.push({ kind: "paragraph", lines: [text] });
    // A footnote between two pages' parts of a list does not close it.
    if (!continues && line.size >= bodySize * 0.9) state.lists = undefined;
    if (line.size >= bodySize * 0.9) lastBodyParagraph = drafts[drafts.length - 1];
    index++;
  }
  // Only when that paragraph is the page's last block in body type (a footnote may follow it).
  const lastBody = drafts.findLast((draft) => draft.kind !== "paragraph" || draft === lastBodyParagraph);
  if (lastBody !== undefined && lastBody === lastBodyParagraph && lastBody.kind === "paragraph") {
    const sentence = lastSentence(lastBody.lines.join(" "));
    if (/:\s*$/u.test(sentence)) state.leadInOver = sentence;
  }
  return assemble(drafts, startHeadings);
}

/** A table's parts may stand apart by this many one-line group labels of at most so many characters. */
const maxGroupLabels = 2;
const maxGroupLabelChars = 60;

/** How far below a table its caption may stand, and how many lines the caption's first sentence may take. */
const maxCaptionDistance = 12;
const maxCaptionLines = 4;

/**
 * The caption below a table that ends at line `from`, in the table's column: the first sentence
 * of a "Table 7: …" line and the lines it runs on to. It may stand past a last row's wrapped stub
 * ("Random / Replication"), a group label ("Feature-based approach") and the rows of the
 * table's second part; a line of prose between says the table has none below it.
 */
function captionBelow(
  lines: readonly Line[],
  texts: readonly string[],
  from: number,
  column: number,
): { caption: string; at: number } | undefined {
  for (let at = from; at < Math.min(lines.length, from + maxCaptionDistance); at++) {
    const line = lines[at] as Line;
    const text = texts[at] as string;
    if (line.column !== column) return undefined;
    if (captionPattern.test(text)) {
      let caption = text;
      for (let next = at + 1; next < Math.min(lines.length, at + maxCaptionLines); next++) {
        if (/[.:]\s|\.$/u.test(caption.replace(captionPattern, "")) || (lines[next] as Line).column !== column) break;
        const more = texts[next] as string;
        caption =
          /\p{Ll}-$/u.test(caption) && /^\p{Ll}/u.test(more) ? caption.slice(0, -1) + more : `${caption} ${more}`;
      }
      const label = captionPattern.exec(caption)?.[0] ?? "";
      const sentenceEnd = /\.(?:\s|$)/u.exec(caption.slice(label.length));
      return { caption: sentenceEnd ? caption.slice(0, label.length + sentenceEnd.index + 1) : caption, at };
    }
    const prose = line.segments.length === 1 && text.length > 40;
    if (prose) return undefined;
  }
  return undefined;
}

function assemble(drafts: readonly Draft[], headings: OpenHeading[]): PageBlocks {
  let text = "";
  const blocks: StructureBlock[] = [];
  for (const draft of drafts) {
    if (text) text += "\n\n";
    const start = text.length;
    switch (draft.kind) {
      case "heading":
        text += draft.text;
        blocks.push({ kind: "heading", span: { start, end: text.length }, level: draft.level });
        break;
      case "paragraph":
        text += draft.lines.join("\n");
        blocks.push({ kind: "paragraph", span: { start, end: text.length } });
        break;
      case "list-item":
        text += draft.lines.join("\n");
        blocks.push({
          kind: "list-item",
          span: { start, end: text.length },
          marker: draft.marker,
          ...(draft.leadIn && { leadIn: draft.leadIn }),
        });
        break;
      case "table-row": {
        const cells = [];
        for (const [position, cell] of draft.cells.entries()) {
          if (position > 0) text += " ";
          cells.push({ start: text.length, end: text.length + cell.length });
          text += cell;
        }
        blocks.push({
          kind: "table-row",
          span: { start, end: text.length },
          cells,
          headers: draft.headers,
          ...(draft.caption && { caption: draft.caption }),
        });
      }
    }
  }
  return { text, headings, blocks };
}

/** A first segment that is only a bullet or number is joined to the text after it. */
function mergeBareMarker(line: Line): Line {
  const [first, second, ...rest] = line.segments;
  if (!first || !second || !isBareMarker(first.text)) return line;
  const merged: Segment = {
    ...second,
    text: `${first.text} ${second.text}`,
    x0: first.x0,
    items: [...first.items, ...second.items],
  };
  return { ...line, segments: [merged, ...rest] };
}

/** Whether the line after a numbered line continues the same list ("4. …" then "5. …"). */
function startsList(next: Line | undefined, text: string): boolean {
  const marker = listMarker(text);
  if (!marker || !next) return false;
  const following = listMarker(rowText(next.segments));
  return following !== undefined && markerKind(following.marker) === markerKind(marker.marker);
}

function isHeading(line: Line, text: string, bodySize: number): boolean {
  if (text.length > 120) return false;
  // A section number may stand apart from its title ("4.1    Addition"); other gaps mean cells.
  if (
    line.segments.length > 2 ||
    (line.segments.length === 2 && !/^[\dA-Z]+(\.\d+)*\.?$/.test(line.segments[0]?.text ?? ""))
  ) {
    return false;
  }
  if (!/\p{L}/u.test(text)) return false;
  if (line.size >= bodySize * 1.15) return true;
  // Footnotes ("15 All of the checklists …") are numbered too, but set smaller than the body.
  if (line.size < bodySize * 0.95) return false;
  return numberedHeading.test(text) && text.length <= 80 && !/[.,;:\-–—]$/.test(text);
}

// Words a title does not end on: articles, conjunctions, auxiliaries and the prepositions that
// take what follows ("… a power supply range from" / "12 V to 32 V.").
const sentenceGoesOn = new Set(
  "a an the and or nor but of to from with by into onto than that which whose is are was were be been can could may might must shall should will would".split(
    " ",
  ),
);

/** A line at least this share of the way from where it starts to its column's right edge is full. */
const fullShare = 0.85;

/**
 * Whether a numbered line in body type is the first line of a numbered item, not a heading. The
 * line below it in its column must carry the sentence on: it ends in punctuation, runs (nearly) to
 * the column's edge, or another line follows it at the body's pitch. Then the numbered line is an
 * item's when it stops on a word a title never ends on, or when it is full itself and the next
 * line goes on in lower case ("2. The AD420 is specified with a power supply range from" over
 * "12 V to 32 V."). A heading wrapped over two lines ("… in the presence of" over "structural
 * change") ends without punctuation on a short line before a gap; a heading over a lower-case line
 * ("7.2.1 Unit spacing options" over "unitsep = …") is short.
 */
function runsOn(
  [line, next, after]: readonly Line[],
  [text = "", nextText = ""]: readonly string[],
  rightEdge: ReadonlyMap<number, number>,
  pitch: number,
): boolean {
  if (!line || !next || next.column !== line.column || next.y >= line.y || line.y - next.y > pitch * 2) return false;
  const edge = rightEdge.get(line.column) ?? 0;
  const full = (candidate: Line) => {
    const start = candidate.segments[0]?.x0 ?? 0;
    const end = candidate.segments[candidate.segments.length - 1]?.x1 ?? 0;
    return end - start >= (edge - start) * fullShare;
  };
  const followed =
    after !== undefined && after.column === next.column && after.y < next.y && next.y - after.y <= pitch * 1.45;
  if (!full(next) && !followed && !/[.!?:;,]["')\]]?$/u.test(nextText)) return false;
  const lastWord = /\p{L}+$/u.exec(text)?.[0];
  if (lastWord !== undefined && sentenceGoesOn.has(lastWord)) return true;
  return full(line) && /^\p{Ll}/u.test(nextText);
}

function headingLevel(text: string, size: number, bodySize: number): number {
  const numbered = /^(\d+(?:\.\d+)*)\.?\s/.exec(text);
  if (numbered?.[1]) return numbered[1].split(".").length;
  if (/^(appendix|annex|chapter|part)\b/i.test(text)) return 1;
  if (/^[A-Z]\.\s/.test(text)) return 1;
  return size >= bodySize * 1.4 ? 1 : 2;
}

/** The size most characters are set in, to half a point. */
export function dominantSize(lines: readonly Line[]): number {
  const weights = new Map<number, number>();
  for (const line of lines) {
    for (const segment of line.segments) {
      const size = Math.round(segment.size * 2) / 2;
      weights.set(size, (weights.get(size) ?? 0) + segment.text.length);
    }
  }
  let best = 10;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) {
      best = size;
      bestWeight = weight;
    }
  }
  return best;
}

/** The usual distance between consecutive baselines of body text. */
function linePitch(lines: readonly Line[], bodySize: number): number {
  const steps: number[] = [];
  for (let index = 1; index < lines.length; index++) {
    const above = lines[index - 1] as Line;
    const line = lines[index] as Line;
    const step = above.y - line.y;
    if (line.column === above.column && step > 0 && step < bodySize * 3) steps.push(step);
  }
  steps.sort((a, b) => a - b);
  return steps[Math.floor((steps.length - 1) / 2)] ?? bodySize * 1.2;
}

/** What leads in to a list after this block: its last sentence, or the heading's text. */
function leadInAfter(last: Draft | undefined): string | undefined {
  if (last?.kind === "paragraph" || last?.kind === "list-item") {
    const before = last.lines.join(" ");
    return lastSentence(last.kind === "list-item" ? before.slice(last.marker.length).trim() : before);
  }
  if (last?.kind === "heading") return last.text.replace(/\s+/g, " ");
  return undefined;
}

/** The last sentence of a block, which introduces the list after it. */
function lastSentence(text: string): string {
  const pieces = text.split(/(?<=[.!?]["')\]]?)\s+(?=\p{Lu})/u);
  return (pieces[pieces.length - 1] ?? text).trim();
}
