import { selfContainedProblem } from "../answer/self-contained";
import type { PassageStructure, StructureBlock, TextSpan } from "../structure/passage-structure";

/**
 * Structure guessed from a passage's flat text when extraction recorded none: lines that open
 * with a bullet or number are list items (wrapped lines that continue them join them), runs of
 * lines holding several figures are table rows (the line above is their header), short lines
 * without a full stop before running text are headings, and everything else is paragraph text.
 */

interface Line {
  text: string;
  start: number;
  end: number;
}

const listMarker = /^\s*((?:[•●▪◦‣∙*–-])|(?:\(?(?:\d{1,2}|[a-z]|[ivxlc]{1,5})[.)]))\s+(?=\S)/u;
const terminal = /[.!?:;]["'\u201D\u2019)\]]*$/u;
const captionPattern = /^\s*(?:table|tab\.|figure|fig\.)\s*[\dA-Z]+(?:[.-]\d+)*\b/i;
/** How many short lines above a table's first row can be its column headers. */
const MAX_HEADER_LINES = 10;
const isHeaderLine = (text: string) =>
  text.length <= 60 && !looksLikeRow(text) && !/[.!?;:]$/.test(text) && !captionPattern.test(text);
/** A section number opening a line: "10.2.3 ", "A.1 ", "5. " before a capital. */
export const sectionNumber = /^\s*(?:[A-Z]\.)?\d+(?:\.\d+)+\.?\s+|^\s*\d+\.\s+(?=\p{Lu})/u;
/** A table-of-contents line: "Introduction ........ 5". */
const dotLeaders = /\.{4,}|(?:\. ){4,}/;
const figureToken = /^[-−+]?[$€£]?\d[\d,.]*%?$|^[-−–—]$|^n\/a$/i;

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split("\n")) {
    const end = start + raw.length;
    const lead = raw.length - raw.trimStart().length;
    const trail = raw.length - raw.trimEnd().length;
    if (raw.trim().length > 0) lines.push({ text: raw.trim(), start: start + lead, end: end - trail });
    start = end + 1;
  }
  return lines;
}

/** Cells of a row: runs of two spaces or tabs split them when the text kept them, else words after a label. */
export function rowCells(line: Line): TextSpan[] {
  const wide = [...line.text.matchAll(/\S+(?: \S+)*/g)];
  const spaced = line.text.includes("  ") || line.text.includes("\t");
  if (spaced && wide.length >= 2) {
    return wide.map((match) => ({ start: line.start + match.index, end: line.start + match.index + match[0].length }));
  }
  // "AES-256 8 4 14": the leading words are the row's label, each figure after them a cell.
  const tokens = [...line.text.matchAll(/\S+/g)];
  const firstFigure = tokens.findIndex((token, k) => k > 0 && figureToken.test(token[0]));
  const cells: TextSpan[] = [];
  const labelEnd = firstFigure <= 0 ? 1 : firstFigure;
  const lastLabel = tokens[labelEnd - 1];
  if (tokens[0] && lastLabel) {
    cells.push({ start: line.start + tokens[0].index, end: line.start + lastLabel.index + lastLabel[0].length });
  }
  for (const token of tokens.slice(labelEnd)) {
    cells.push({ start: line.start + token.index, end: line.start + token.index + token[0].length });
  }
  return cells;
}

/** A line that reads as a table row: at least two figure cells and few words beside them. */
export function looksLikeRow(text: string): boolean {
  if (text.length > 160 || (listMarker.test(text) && !/\d\s+\d/.test(text))) return false;
  // "10.2.3 202 Accepted" is a numbered heading: its section number is not a cell.
  const tokens = text.replace(sectionNumber, "").split(/\s+/);
  const figures = tokens.filter((token) => figureToken.test(token)).length;
  if (figures < 2) return false;
  const words = tokens.length - figures;
  return figures >= words || (figures >= 2 && words <= 6 && !terminal.test(text));
}

const isHeadingLike = (text: string) =>
  text.length <= 80 &&
  !terminal.test(text) &&
  (/^\p{Lu}/u.test(text) || (sectionNumber.test(text) && /^[\p{Lu}\p{N}]/u.test(text.replace(sectionNumber, "")))) &&
  text.split(/\s+/).length <= 10 &&
  !/\b(?:of|the|a|an|and|or|to|with|for|in|on|by|using|is|are)$/i.test(text) &&
  !looksLikeRow(text);

/** The blocks of a flat passage, in reading order; every span indexes into `text`. */
export function inferStructure(text: string, headings: string[] = []): PassageStructure {
  const lines = linesOf(text);
  const blocks: StructureBlock[] = [];
  let leadIn: string | undefined;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as Line;
    const previous = blocks.at(-1);
    const marker = listMarker.exec(line.text);
    if (looksLikeRow(line.text)) {
      const cells = rowCells(line);
      if (previous?.kind === "table-row") {
        blocks.push({ ...previous, span: { start: line.start, end: line.end }, cells });
        continue;
      }
      // The short lines above the first row are its column headers ("Key Length", "(Nk words)", …).
      let first = k;
      while (first > 0 && k - first < MAX_HEADER_LINES && isHeaderLine((lines[first - 1] as Line).text)) first--;
      const headerLines = lines.slice(first, k);
      const aligned = alignHeaderLines(headerLines, cells.length);
      let last = k;
      while (last + 1 < lines.length && looksLikeRow((lines[last + 1] as Line).text)) last++;
      const captionLine = [...lines.slice(Math.max(0, first - 2), first), ...lines.slice(last + 1, last + 3)].find(
        (candidate) => captionPattern.test(candidate.text),
      );
      const unaligned = aligned.every((cell) => cell === "") ? headerLines.map((header) => header.text).join(" ") : "";
      const caption = [captionLine?.text, unaligned].filter(Boolean).join(" — ");
      // Header lines read as a heading or paragraph are the table's now, not blocks of their own.
      const firstHeader = headerLines[0];
      if (firstHeader) {
        while (blocks.length > 0 && (blocks.at(-1) as StructureBlock).span.start >= firstHeader.start) blocks.pop();
        const open = blocks.at(-1);
        const lineBefore = lines[first - 1];
        if (open && lineBefore && open.span.end > firstHeader.start)
          open.span = { start: open.span.start, end: lineBefore.end };
      }
      blocks.push({
        kind: "table-row",
        span: { start: line.start, end: line.end },
        cells,
        headers: aligned,
        ...(caption ? { caption } : {}),
      });
      continue;
    }
    const next = lines[k + 1];
    // "5. Algorithm Specification" over running text is a numbered heading, not a list item.
    const numberedHeading =
      marker !== null &&
      isHeadingLike(line.text) &&
      next !== undefined &&
      !listMarker.test(next.text) &&
      /^\p{Lu}/u.test(next.text);
    if (marker && !numberedHeading) {
      const span = { start: line.start, end: line.end };
      if (previous?.kind !== "list-item") {
        const prior = previous && text.slice(previous.span.start, previous.span.end);
        leadIn = prior && /:\s*$/.test(prior) ? lastSentence(prior) : undefined;
      }
      blocks.push({ kind: "list-item", span, marker: (marker[1] as string).trim(), ...(leadIn ? { leadIn } : {}) });
      continue;
    }
    // A wrapped line continues the list item or paragraph above it.
    const continues =
      previous !== undefined &&
      !dotLeaders.test(text.slice(previous.span.start, previous.span.end)) &&
      !dotLeaders.test(line.text) &&
      (previous.kind === "list-item" || previous.kind === "paragraph") &&
      (!terminal.test(text.slice(previous.span.start, previous.span.end)) || /^\p{Ll}/u.test(line.text));
    if (continues && previous) {
      previous.span = { start: previous.span.start, end: line.end };
      continue;
    }
    // A line continued in lowercase, or ending on a function word, is wrapped prose.
    const wrapped = next !== undefined && /^\p{Ll}/u.test(next.text);
    // "Service areas." is a heading too: a few words with a full stop but no verb.
    const shortTitle =
      /\.$/.test(line.text) &&
      line.text.split(/\s+/).length <= 5 &&
      /^\p{Lu}/u.test(line.text) &&
      ["no_verb", "too_short"].includes(selfContainedProblem(line.text, "claim") ?? "");
    if ((isHeadingLike(line.text) || shortTitle) && !wrapped && next !== undefined && !isHeadingLike(next.text)) {
      blocks.push({ kind: "heading", span: { start: line.start, end: line.end } });
      continue;
    }
    blocks.push({ kind: "paragraph", span: { start: line.start, end: line.end } });
  }
  return { headings, blocks };
}

function lastSentence(text: string): string {
  const pieces = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  return (pieces.at(-1) ?? text).trim();
}

/**
 * Header cells from the header lines above a table, when they group into one per column (or
 * one fewer: a label column). pdf.js gives a wrapped header cell as several lines, so a line
 * opening with "(" or a lowercase letter, or following one that ends in "of"/"and"/"per",
 * continues the cell before: "Number of" + "Rounds" + "(Nr)" is one header.
 */
function alignHeaderLines(headerLines: Line[], count: number): string[] {
  const none = Array.from({ length: count }, () => "");
  if (headerLines.length === 0) return none;
  if (headerLines.length === 1) return alignHeaders(headerLines[0] as Line, count);
  const groups: string[] = [];
  for (const line of headerLines) {
    const previous = groups.at(-1);
    const continues =
      /^[(\p{Ll}]/u.test(line.text) || (previous !== undefined && /\b(?:of|and|or|per|in|the|to|for)$/i.test(previous));
    if (continues && previous !== undefined) groups[groups.length - 1] = `${previous} ${line.text}`;
    else groups.push(line.text);
  }
  if (groups.length === count) return groups;
  if (groups.length === count - 1) return ["", ...groups];
  return alignHeaders(headerLines.at(-1) as Line, count);
}

/** Header cells for a row of `count` cells, when the header line splits into as many (or one fewer: a label column). */
function alignHeaders(line: Line, count: number): string[] {
  const wide = line.text.split(/\s{2,}|\t/).filter(Boolean);
  const words = line.text.split(/\s+/).filter(Boolean);
  for (const split of [wide, words]) {
    if (split.length === count) return split;
    if (split.length === count - 1) return ["", ...split];
  }
  return Array.from({ length: count }, () => "");
}
