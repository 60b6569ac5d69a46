/**
 * The layout of one passage (chunk) as extraction saw it, so the answer engine can read
 * tables, lists and headings instead of guessing them from flat text. Every span indexes into
 * the passage's own text: `text.slice(span.start, span.end)` is the block exactly as stored,
 * so a quote taken from a span stays verbatim.
 */
export interface TextSpan {
  start: number;
  end: number;
}

/** A heading line ("3.2 Key Expansion"). */
export interface HeadingBlock {
  kind: "heading";
  span: TextSpan;
  /** Depth as extraction judged it from numbering and font size, 1 = outermost; absent when unknown. */
  level?: number;
}

/** Running text: one or more sentences. */
export interface ParagraphBlock {
  kind: "paragraph";
  span: TextSpan;
}

/** One item of a bulleted or numbered list. */
export interface ListItemBlock {
  kind: "list-item";
  span: TextSpan;
  /** The text that introduces the list ("The plan should include:"), verbatim, even when it stands before this passage. */
  leadIn?: string;
  /** The bullet or number as printed ("•", "3.", "(b)"), when there is one. */
  marker?: string;
}

/** One body row of a table; its cells are spans of the passage text. */
export interface TableRowBlock {
  kind: "table-row";
  span: TextSpan;
  cells: TextSpan[];
  /** The column header of each cell, same length as `cells`; "" where the column has none. */
  headers: string[];
  /** The table's caption or title ("Table 2. Key-Block-Round Combinations"), when found. */
  caption?: string;
}

export type StructureBlock = HeadingBlock | ParagraphBlock | ListItemBlock | TableRowBlock;

export interface PassageStructure {
  /** The headings in force where the passage starts, outermost first, verbatim. */
  headings: string[];
  /** In reading order, not overlapping; text outside every block is whitespace. */
  blocks: StructureBlock[];
  /**
   * The running headers and footers of the passage's page ("HX-40 / rev C / sheet 2"), which
   * are left out of its text but often name the document; absent when there were none.
   */
  runningLines?: string[];
}
