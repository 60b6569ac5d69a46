import type { Line } from "@audited-rag/core";
import { rowText, type Segment } from "@audited-rag/core";
import type { StructureBlock } from "../structure/passage-structure";
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
  list?: { leadIn?: string; kind: string };
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
const numberedHeading = /^((\d+(\.\d+)*)\.?|[A-Z]\.|(appendix|annex|chapter|section|part)\s+[\dA-Z]+[.:]?)\s+\S/i;

/**
 * Turns a page's lines (reading order, running lines removed) into headings, paragraphs, list
 * items and table rows, and the page text: blocks separated by blank lines, a block's lines by
 * newlines, a table row's cells by spaces. Pure; `state` is the previous page's and is updated.
 */
export function layOutBlocks(lines: readonly Line[], state: LayoutState): PageBlocks {
  const startHeadings = state.headings.map((heading) => ({ ...heading }));
  const prepared = lines.map(mergeBareMarker);
  const bodySize = state.bodySize ?? dominantSize(prepared);
  const pitch = linePitch(prepared, bodySize);
  // Each line's text and heading test once: table and list scans look at the same lines again.
  const texts = prepared.map((line) => rowText(line.segments));
  const headingLines = new Set(prepared.filter((line, at) => isHeading(line, texts[at] as string, bodySize)));
  const drafts: Draft[] = [];
  let index = 0;
  while (index < prepared.length) {
    const line = prepared[index] as Line;
    const text = texts[index] as string;
    const previous = prepared[index - 1];
    const headingFirst = headingLines.has(line) && !startsList(prepared[index + 1], text);
    const table =
      listMarker(text) || headingFirst
        ? undefined
        : detectTable(prepared, index, pitch * 2.6, (candidate) =>
            isHeading(candidate, rowText(candidate.segments), bodySize),
          );
    if (table) {
      const last = drafts[drafts.length - 1];
      let caption: string | undefined;
      if (last?.kind === "paragraph" && captionPattern.test(last.lines.join(" "))) caption = last.lines.join(" ");
      const after = prepared[table.to];
      if (!caption && after && captionPattern.test(rowText(after.segments))) caption = rowText(after.segments);
      const header = prepared.slice(index, index + table.headerCount).map((headerLine) => rowText(headerLine.segments));
      drafts.push({ kind: "paragraph", lines: header });
      const rows = new Map(table.rows.map((row) => [row.line, row]));
      for (let at = index + table.headerCount; at < table.to; at++) {
        const rowLine = prepared[at] as Line;
        const row = rows.get(at);
        if (!row) {
          drafts.push({ kind: "paragraph", lines: [rowText(rowLine.segments)] });
          continue;
        }
        drafts.push({
          kind: "table-row",
          cells: rowLine.segments.map((segment) => segment.text),
          headers: row.cells.map((cell) => table.headers[cell.column] ?? ""),
          ...(caption && { caption }),
        });
      }
      state.list = undefined;
      index = table.to;
      continue;
    }
    const marker = headingFirst ? undefined : listMarker(text);
    if (marker) {
      const kind = markerKind(marker.marker);
      const last = drafts[drafts.length - 1];
      let leadIn: string | undefined;
      if (last?.kind === "list-item" || (!last && state.list)) {
        leadIn = last?.kind === "list-item" ? last.leadIn : state.list?.leadIn;
      } else if (last?.kind === "paragraph") {
        leadIn = lastSentence(last.lines.join(" "));
      } else if (last?.kind === "heading") {
        leadIn = last.text;
      }
      const item: string[] = [text];
      const textX = line.segments[0] ? line.segments[0].x0 : 0;
      let next = index + 1;
      while (next < prepared.length) {
        const candidate = prepared[next] as Line;
        const above = prepared[next - 1] as Line;
        const candidateText = texts[next] as string;
        if (listMarker(candidateText) || candidate.column !== line.column) break;
        if (above.y - candidate.y > pitch * 1.45 || candidate.y >= above.y) break;
        const x0 = candidate.segments[0]?.x0 ?? 0;
        if (x0 < textX - bodySize * 0.5 && !/[,;a-z-]$/.test(item[item.length - 1] ?? "")) break;
        if (headingLines.has(candidate)) break;
        item.push(candidateText);
        next++;
      }
      drafts.push({ kind: "list-item", lines: item, marker: marker.marker, ...(leadIn && { leadIn }) });
      state.list = { kind, ...(leadIn && { leadIn }) };
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
      state.list = undefined;
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
    if (!continues) state.list = undefined;
    index++;
  }
  return assemble(drafts, startHeadings);
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
  return numberedHeading.test(text) && text.length <= 80 && !/[.,;:]$/.test(text) && /\s\p{Lu}/u.test(text);
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

/** The last sentence of a block, which introduces the list after it. */
function lastSentence(text: string): string {
  const pieces = text.split(/(?<=[.!?]["')\]]?)\s+(?=\p{Lu})/u);
  return (pieces[pieces.length - 1] ?? text).trim();
}
