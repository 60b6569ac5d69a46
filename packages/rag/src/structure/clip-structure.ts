import type { OpenHeading, PageBlocks } from "../layout/page-blocks";
import type { PassageStructure, StructureBlock, TextSpan } from "./passage-structure";

/**
 * The structure of the passage `page.text.slice(start, end)`: blocks clipped to it and re-based
 * to its offsets, the headings in force where it starts (including those of earlier pages),
 * and list lead-ins and table headers as recorded even when they stand before it. Pure.
 */
export function passageStructure(
  page: PageBlocks & { runningLines?: readonly string[] },
  start: number,
  end: number,
): PassageStructure {
  const open: OpenHeading[] = page.headings.map((heading) => ({ ...heading }));
  const blocks: StructureBlock[] = [];
  for (const block of page.blocks) {
    if (block.span.start >= end) break;
    if (block.span.end <= start) {
      if (block.kind !== "heading") continue;
      const level = block.level ?? 2;
      while ((open[open.length - 1]?.level ?? 0) >= level) open.pop();
      open.push({ text: page.text.slice(block.span.start, block.span.end).replace(/\s+/g, " "), level });
      continue;
    }
    const clipped = clip(block, start, end);
    if (clipped) blocks.push(clipped);
  }
  const runningLines = page.runningLines ?? [];
  return {
    headings: open.map((heading) => heading.text),
    blocks,
    ...(runningLines.length > 0 && { runningLines: [...runningLines] }),
  };
}

function clip(block: StructureBlock, start: number, end: number): StructureBlock | undefined {
  const span = clipSpan(block.span, start, end);
  if (!span) return undefined;
  if (block.kind !== "table-row") return { ...block, span };
  const cells: TextSpan[] = [];
  const headers: string[] = [];
  for (const [index, cell] of block.cells.entries()) {
    const clippedCell = clipSpan(cell, start, end);
    if (!clippedCell) continue;
    cells.push(clippedCell);
    headers.push(block.headers[index] ?? "");
  }
  return { ...block, span, cells, headers };
}

function clipSpan(span: TextSpan, start: number, end: number): TextSpan | undefined {
  const from = Math.max(span.start, start);
  const to = Math.min(span.end, end);
  return to > from ? { start: from - start, end: to - start } : undefined;
}

/**
 * Words that say what a passage is about without being in its text: the headings in force,
 * table captions and column headers, list lead-ins and the page's running lines. Indexed for
 * retrieval beside the text, so a question using a column header finds a row further down.
 */
export function indexContext(structure: PassageStructure | undefined): string {
  const parts = new Set<string>([...(structure?.headings ?? [])]);
  for (const block of structure?.blocks ?? []) {
    if (block.kind === "table-row") {
      if (block.caption) parts.add(block.caption);
      for (const header of block.headers) if (header) parts.add(header);
    }
    if (block.kind === "list-item" && block.leadIn) parts.add(block.leadIn);
  }
  for (const line of structure?.runningLines ?? []) parts.add(line);
  return [...parts].join("\n");
}
