import { splitSentences } from "../answer/split-sentences";
import { listMarker } from "../layout/list-markers";
import { type RowCells, withGroupCells } from "../structure/group-cells";
import type { ListItemBlock, PassageStructure, StructureBlock, TableRowBlock } from "../structure/passage-structure";
import {
  type AnswerCandidate,
  asStatement,
  capitalise,
  clean,
  definedSubject,
  isDebris,
  isFormula,
  MAX_QUOTE_CHARS,
  standsAlone,
  withStop,
} from "./candidate-text";
import { footnoteCandidates } from "./footnote-candidates";
import {
  entryCandidates,
  entryStatement,
  fieldCandidates,
  labelledSentence,
  opensOnTerm,
  resultCandidates,
  runsOnAt,
  sentenceCandidates,
  subjectSentence,
  termCandidates,
} from "./sentence-candidates";

export { type AnswerCandidate, type CandidateKind, definedSubject, isDebris } from "./candidate-text";

/** How many following blocks a sentence ending in a colon takes with it. */
const MAX_JOINED_BLOCKS = 6;

/** An item's lead-in as a claim restates it; a keyword list read as a lead-in ("Keywords: …; …:") introduces nothing. */
const leadInOf = (block: ListItemBlock) => (block.leadIn && !isDebris(block.leadIn) ? clean(block.leadIn) : "");

/** The term an item of a hanging list opens on ("vmarginratio"), as opposed to a bullet or number. */
function itemTerm(block: ListItemBlock): string | undefined {
  return block.marker !== undefined && listMarker(`${block.marker} x`) === undefined ? block.marker : undefined;
}

/** An entry of a hanging list, quoted whole and said as its term's definition: "vmarginratio: vertical margin ratio …". */
function termItemCandidate(
  text: string,
  block: ListItemBlock,
  term: string,
  context: string[],
): AnswerCandidate | null {
  const raw = text.slice(block.span.start, block.span.end);
  const quote = raw.trim();
  const body = clean(quote.slice(quote.indexOf(term) + term.length)).replace(/^[:\s]+/u, "");
  if (body.length === 0 || quote.length > MAX_QUOTE_CHARS || isDebris(body)) return null;
  const claim = entryStatement(/^\p{Ll}/u.test(term) ? `“${term}”` : term, body);
  if (claim === null) return null;
  const leadIn = leadInOf(block);
  return {
    kind: "definition",
    quote,
    start: block.span.start + (raw.length - raw.trimStart().length),
    claimText: withStop(claim),
    context: leadIn ? [...context, leadIn] : context,
    subject: term,
  };
}

function listItemCandidate(text: string, block: ListItemBlock, context: string[]): AnswerCandidate | null {
  const term = itemTerm(block);
  if (term !== undefined) return termItemCandidate(text, block, term, context);
  const raw = text.slice(block.span.start, block.span.end);
  const markerAt = block.marker ? raw.indexOf(block.marker) : -1;
  const offset = markerAt >= 0 && markerAt < 4 ? markerAt + (block.marker?.length ?? 0) : 0;
  const body = raw.slice(offset);
  const quote = body.trim();
  if (quote.length === 0 || quote.length > MAX_QUOTE_CHARS) return null;
  const item = clean(quote).replace(/[;,]\s*(?:and|or)?$/i, "");
  const leadIn = leadInOf(block);
  const claim = asStatement(leadIn ? `${leadIn.replace(/[:\s]*$/, ":")} ${item}` : capitalise(item));
  if (claim === null) return null;
  const subject = definedSubject(item);
  return {
    kind: "list-item",
    quote,
    start: block.span.start + offset + (body.length - body.trimStart().length),
    claimText: withStop(claim),
    context: leadIn ? [...context, leadIn] : context,
    ...(subject === undefined ? {} : { subject }),
  };
}

/** A cell wrapped onto the row's next line comes back under the same header: the two read as one ("Up to 79 … = Up to $6,715."). */
function withWrappedJoined(pairs: Array<{ header: string; cell: string }>): Array<{ header: string; cell: string }> {
  const joined: Array<{ header: string; cell: string }> = [];
  for (const pair of pairs) {
    const same = pair.header ? joined.find((earlier) => earlier.header === pair.header) : undefined;
    if (same) same.cell = `${same.cell} ${pair.cell}`;
    else joined.push({ ...pair });
  }
  return joined;
}

/**
 * Financial tables set the currency sign in a column of its own ("$ | 10,084"): the sign goes
 * with the amount after it, under that amount's header, so the claim says "… is $10,084".
 */
function withCurrencyJoined(pairs: Array<{ header: string; cell: string }>): Array<{ header: string; cell: string }> {
  const joined: Array<{ header: string; cell: string }> = [];
  for (let k = 0; k < pairs.length; k++) {
    const pair = pairs[k] as { header: string; cell: string };
    const next = pairs[k + 1];
    if (next && /^[$€£¥]$/u.test(pair.cell) && /^[(\d-]/u.test(next.cell)) {
      joined.push({ header: next.header || pair.header, cell: `${pair.cell}${next.cell}` });
      k++;
    } else joined.push(pair);
  }
  return joined;
}

/** A row's cells as the claim restates them, each under its column's header. */
function restatedCells(text: string, block: TableRowBlock): RowCells {
  // Dot leaders run a cell out to the next column ("Stabilizer wiring change ........") and a cell's
  // closing full stop ends the row as printed ("$766,865."): neither belongs in the restated claim.
  const cells = block.cells.map((cell) =>
    clean(text.slice(cell.start, cell.end))
      .replace(/\s*(?:\.\s?){4,}$/u, "")
      .replace(/(?<=[\p{L}\p{N})%])\.$/u, ""),
  );
  // A header of marks alone (":" set between a label and its cells) names no column.
  const headers = block.headers.map((header) => {
    const cleaned = clean(header);
    return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : "";
  });
  return { headers, cells, caption: block.caption };
}

function tableRowCandidate(
  text: string,
  block: TableRowBlock,
  row: RowCells,
  context: string[],
): AnswerCandidate | null {
  const quote = text.slice(block.span.start, block.span.end).trim();
  const { cells, headers } = row;
  if (quote.length === 0 || cells.length === 0 || isFormula(quote)) return null;
  // The label is the first cell when it has no header or holds words, e.g. "AES-256".
  const labelled = cells.length > 1 && (headers[0] === "" || /\p{L}/u.test(cells[0] as string));
  const label = labelled ? (cells[0] as string) : "";
  const pairs = withWrappedJoined(
    withCurrencyJoined(cells.map((cell, k) => ({ header: headers[k] ?? "", cell })))
      .slice(labelled ? 1 : 0)
      // A cell of ASCII marks alone (":", ",") is a separator; a dash ("—") stands for "none" and stays.
      .filter((pair) => pair.cell.length > 0 && !/^[!-/:-@[-`{-~]+$/u.test(pair.cell)),
  );
  const caption = block.caption ? clean(block.caption) : "";
  let claim: string;
  if (pairs.some((pair) => pair.header !== "")) {
    const facts = pairs.map((pair) => (pair.header ? `${pair.header} is ${pair.cell}` : pair.cell));
    const listed = facts.length > 1 ? `${facts.slice(0, -1).join(", ")} and ${facts.at(-1)}` : (facts[0] ?? "");
    claim = label ? `For ${label}, ${listed}.` : `${capitalise(listed)}.`;
  } else {
    claim = `${caption ? `${caption.replace(/[.:\s]*$/, "")} lists` : "The table lists"} ${clean(quote)}.`;
  }
  const headerContext = [...headers.filter(Boolean), ...(caption ? [caption] : [])];
  return {
    kind: "table-row",
    quote,
    start: block.span.start + (text.slice(block.span.start).length - text.slice(block.span.start).trimStart().length),
    claimText: claim,
    context: [...context, ...headerContext],
    ...(label ? { subject: label } : {}),
    cells: pairs,
  };
}

/**
 * Where a paragraph's last sentence runs on past displayed lines into a paragraph that goes on
 * in lowercase: the index of that paragraph, else -1; the paragraphs are read as one span.
 */
function runsOnTo(text: string, blocks: readonly StructureBlock[], k: number): number {
  const paragraphs: Array<{ text: string }> = [];
  for (let j = k; j < blocks.length && j <= k + 3; j++) {
    const block = blocks[j] as StructureBlock;
    if (block.kind !== "paragraph") break;
    paragraphs.push({ text: text.slice(block.span.start, block.span.end) });
  }
  // Whether the paragraph's last sentence is left open shows at the paragraph's own end.
  const at = runsOnAt(paragraphs, 0);
  return at < 0 ? -1 : k + at;
}

/** How far back a description list's lead-in is looked for, in blocks. */
const MAX_LEAD_IN_DISTANCE = 12;

/**
 * The sentence that introduced the description list block `k` belongs to: the last sentence of
 * the nearest paragraph before it that ends in a colon and is no entry itself; none past a heading.
 */
function listLeadIn(text: string, blocks: readonly StructureBlock[], k: number): string | undefined {
  for (let j = k - 1; j >= 0 && j >= k - MAX_LEAD_IN_DISTANCE; j--) {
    const block = blocks[j] as StructureBlock;
    if (block.kind !== "paragraph") return undefined;
    if (opensOnTerm(text, block.span.start, block.span.end)) continue;
    const body = text.slice(block.span.start, block.span.end).trimEnd();
    if (body.endsWith(":")) return splitSentences(body).at(-1)?.text;
  }
  return undefined;
}

/** The last sentence of `block` when it is a paragraph: what a listing or a table after it holds. */
function closingSentence(text: string, block: StructureBlock | undefined): string | undefined {
  return block?.kind === "paragraph"
    ? splitSentences(text.slice(block.span.start, block.span.end)).at(-1)?.text
    : undefined;
}

/**
 * What introduces the table whose first row is block `k`: the closing sentence of the paragraph
 * before it, past the table's own header line ("Estimate Std. Error z value") and, when that
 * paragraph is only a short label ending in a colon ("z test of coefficients:"), with the
 * paragraph before the label too (the command whose output the table is).
 */
function tableLeadInOf(text: string, blocks: readonly StructureBlock[], k: number): string | undefined {
  const row = blocks[k] as TableRowBlock;
  let j = k - 1;
  const headerLine = (block: StructureBlock | undefined) => {
    if (block?.kind !== "paragraph") return false;
    const words = text.slice(block.span.start, block.span.end).replace(/\s+/g, "");
    const headers = row.headers.join("").replace(/\s+/g, "");
    return headers.length > 0 && words === headers;
  };
  if (headerLine(blocks[j])) j--;
  const closing = closingSentence(text, blocks[j]);
  if (closing === undefined) return undefined;
  if (!/:\s*$/.test(closing) || closing.length > 60) return closing;
  const before = closingSentence(text, blocks[j - 1]);
  return before === undefined ? closing : `${before} ${closing}`;
}

/**
 * Every candidate answer in a passage, in reading order: sentences of paragraphs (a sentence
 * ending in a colon joined with what follows it, one leaning on the sentence before joined with
 * that one or stripped of its connective), definitions, list items with their lead-in and table
 * rows restated with their headers, footnotes read after the words that cite them. A candidate
 * whose claim could not stand alone is left out.
 */
export function answerCandidates(text: string, structure: PassageStructure): AnswerCandidate[] {
  const headings = [...structure.headings];
  const candidates: AnswerCandidate[] = [];
  const { blocks } = structure;
  // Whether a block of a sentence's length came before: only a running title, a page number or a
  // figure's caption may stand before the end of a sentence begun on the page before.
  let proseBefore = false;
  // The row above as restated, for a row that carries its group's leading cells down.
  let previousRow: RowCells | undefined;
  // The last sentence before the table the row belongs to.
  let tableLeadIn: string | undefined;
  const sentenceLong = (block: StructureBlock) => text.slice(block.span.start, block.span.end).split(/\s+/).length > 8;
  // The paragraph a sentence ran on to: its sentences were read from where the sentence began.
  let readUpTo = -1;
  blocks.forEach((block, k) => {
    const context = headings.slice(-2);
    if (block.kind === "heading") {
      headings.push(clean(text.slice(block.span.start, block.span.end)));
      return;
    }
    if (block.kind === "paragraph" && blocks[k - 1]?.kind === "heading") {
      const labelled = labelledSentence(text, blocks[k - 1] as StructureBlock, block, headings.slice(-3, -1));
      if (labelled) candidates.push(labelled);
      let top = k;
      while (blocks[top - 1]?.kind === "heading") top--;
      const named = subjectSentence(text, blocks.slice(top, k), block, context);
      if (named) candidates.push(named);
    }
    if (block.kind === "paragraph") {
      const last = k > readUpTo ? runsOnTo(text, blocks, k) : -1;
      const from = Math.max(k, last);
      const following = () => {
        const taken = blocks.slice(from + 1, from + 1 + MAX_JOINED_BLOCKS);
        const items = taken.filter((_, j) => taken.slice(0, j + 1).every((b) => b.kind === "list-item"));
        const next = items.at(-1) ?? (taken[0]?.kind === "paragraph" ? taken[0] : undefined);
        return next ? { end: next.span.end, text: text.slice(block.span.start, next.span.end) } : null;
      };
      if (k > readUpTo) {
        const end = (blocks[from] as StructureBlock).span.end;
        candidates.push(...sentenceCandidates(text, block.span.start, end, context, following, !proseBefore));
        readUpTo = Math.max(readUpTo, last);
      }
      candidates.push(...entryCandidates(text, block.span.start, block.span.end, context));
      // A listing of fields is introduced by the sentence before it ("… the following resources
      // (shown here with their default values).").
      const leadIn = () => closingSentence(text, blocks[k - 1]);
      candidates.push(...fieldCandidates(text, block.span.start, block.span.end, context, leadIn));
      // A program's printed result is titled by the short block above it ("OLS-based CUSUM test").
      const title = () => {
        const above = blocks[k - 1];
        return above?.kind === "paragraph" ? text.slice(above.span.start, above.span.end) : undefined;
      };
      candidates.push(...resultCandidates(text, block.span.start, block.span.end, context, title));
      candidates.push(
        ...termCandidates(text, block.span.start, block.span.end, context, () => listLeadIn(text, blocks, k)),
      );
      proseBefore ||= sentenceLong(block);
      return;
    }
    let made: AnswerCandidate | null;
    if (block.kind === "list-item") made = listItemCandidate(text, block, context);
    else {
      const before = blocks[k - 1];
      const above = before?.kind === "table-row" ? previousRow : undefined;
      // The sentence just above a table says what it holds ("… with the HC4 estimator:"), as a
      // lead-in says what a list's items are; the table's rows share it.
      if (before?.kind !== "table-row") tableLeadIn = tableLeadInOf(text, blocks, k);
      previousRow = withGroupCells(restatedCells(text, block), above);
      made = tableRowCandidate(text, block, previousRow, tableLeadIn ? [...context, clean(tableLeadIn)] : context);
    }
    if (made) candidates.push(made);
    if (block.kind === "list-item") proseBefore ||= sentenceLong(block);
    // An item of several sentences ("3. Explanation. The AES …") also answers sentence by sentence.
    if (block.kind === "list-item" && splitSentences(text.slice(block.span.start, block.span.end)).length > 1) {
      const term = itemTerm(block);
      const itemContext = [...context, ...(block.leadIn ? [clean(block.leadIn)] : []), ...(term ? [term] : [])];
      candidates.push(...sentenceCandidates(text, block.span.start, block.span.end, itemContext, () => null));
    }
  });
  // A sentence citing a footnote gives way to the candidate that reads it with its note.
  const footnotes = footnoteCandidates(text, candidates);
  const read =
    footnotes.cited.size === 0 ? candidates : candidates.filter((candidate) => !footnotes.cited.has(candidate));
  read.push(...footnotes.made);
  // The drafted answer keeps only claims that stand alone: a candidate that would be dropped there
  // must not win here and leave its part with a worse claim or none.
  return read.filter((candidate) => standsAlone(candidate.claimText));
}
