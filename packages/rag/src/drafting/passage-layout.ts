import { type RowCells, withGroupCells } from "../structure/group-cells";
import type { PassageStructure, StructureBlock, TableRowBlock } from "../structure/passage-structure";

/**
 * Lines that tell a model what extraction saw in a passage: the headings it sits under, each
 * table row restated with its column headers ("AES-256: Key Length: 8; Rounds: 14") and each
 * list item with the sentence that leads in to it. Empty when the passage is plain running
 * text. Pure; quotes must still come from the passage text, not from these lines.
 */
export function describeLayout(text: string, structure: PassageStructure | undefined): string[] {
  if (!structure) return [];
  const lines: string[] = [];
  if (structure.headings.length > 0) lines.push(`Section: ${structure.headings.join(" › ")}`);
  let caption: string | undefined;
  let leadIn: string | undefined;
  // The row above, for a row that carries its group's leading cells down ("| Evolutionary Search | 2.34").
  let above: RowCells | undefined;
  for (const block of structure.blocks) {
    if (block.kind === "table-row") {
      if (block.caption && block.caption !== caption) lines.push(`Table: ${block.caption}`);
      caption = block.caption;
      const row = withGroupCells(rowCells(text, block), above);
      lines.push(`Row "${spanText(text, block)}" = ${restateCells(row)}`);
      above = row;
      continue;
    }
    above = undefined;
    if (block.kind === "list-item") {
      if (block.leadIn && block.leadIn !== leadIn) lines.push(`List after: "${oneLine(block.leadIn)}"`);
      leadIn = block.leadIn;
      lines.push(`Item: "${spanText(text, block)}"`);
    }
  }
  return lines;
}

/** "AES-256: Key Length (Nk words): 8; Number of Rounds (Nr): 14" — a cell without a header leads. */
export function restateRow(text: string, row: TableRowBlock): string {
  return restateCells(rowCells(text, row));
}

function rowCells(text: string, row: TableRowBlock): RowCells {
  return {
    headers: row.cells.map((_, index) => oneLine(row.headers[index] ?? "")),
    cells: row.cells.map((cell) => oneLine(text.slice(cell.start, cell.end))),
    caption: row.caption,
  };
}

function restateCells(row: RowCells): string {
  const stubs: string[] = [];
  const pairs: string[] = [];
  for (const [index, value] of row.cells.entries()) {
    const header = row.headers[index] ?? "";
    if (header) pairs.push(`${header}: ${value}`);
    else stubs.push(value);
  }
  const body = pairs.join("; ");
  return stubs.length > 0 ? `${stubs.join(" ")}${body ? `: ${body}` : ""}` : body;
}

function spanText(text: string, block: StructureBlock): string {
  return oneLine(text.slice(block.span.start, block.span.end));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
