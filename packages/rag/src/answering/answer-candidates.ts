import { selfContainedProblem } from "../answer/self-contained";
import { splitSentences } from "../answer/split-sentences";
import type { ListItemBlock, PassageStructure, StructureBlock, TableRowBlock } from "../structure/passage-structure";

/** What shape of text a candidate answer is. */
export type CandidateKind = "sentence" | "definition" | "list-item" | "table-row";

/**
 * One way a passage could answer: the verbatim quote, the claim text shown for it (a row
 * restated with its headers, an item with its lead-in) and the text around it that says what
 * it is about (headings, column headers, the list's lead-in, the table caption).
 */
export interface AnswerCandidate {
  kind: CandidateKind;
  /** Exactly as it stands in the passage text. */
  quote: string;
  /** Where the quote stands in the passage text. */
  start: number;
  claimText: string;
  context: string[];
  /** For a definition, the term defined; for a table row, its label cell. */
  subject?: string;
}

/** Openers that lean on the sentence before; stripped, the rest may still stand alone. */
const connective =
  /^(?:however|moreover|furthermore|additionally|also|therefore|thus|hence|consequently|accordingly|similarly|likewise|nevertheless|nonetheless|in addition|as a result|in particular|in practice|for example|for instance|finally|first|second|third|next|then|instead|otherwise|besides|meanwhile|indeed|notably|specifically|in contrast|by contrast|conversely|in other words|that is)\b,?\s*/i;
/** Openers that point back at a thing named before: only with the sentence before do they stand. */
const pointsBack =
  /^(?:it|its|this|these|that|those|they|them|their|such|he|she|his|her|here|there(?!\s+(?:is|are|was|were|exists?|will|may|can|must|should|has|have|had)\b)|the (?:former|latter|above|same))\b/i;
const theoremLabel = /^(?:definition|theorem|lemma|proposition|corollary|remark|example|note)\s+\d+(?:\.\d+)*\.?$/i;
/** The term a definition-shaped sentence opens with: up to six words, maybe with an aside ("X, also called Y,"). */
const term = "([\\p{L}\\p{N}][\\p{L}\\p{N}\\s'’()-]{0,60}?)(?:\\s*,[^,]{1,50},)?";
const definitionShape = new RegExp(
  [
    // "Definition 1.1. The tropical semiring is …", "A fan is a …", "Self-attention, sometimes called intra-attention is an …"
    `^(?:(?:definition|def\\.)\\s+\\d+(?:\\.\\d+)*\\.?\\s+)?(?:an?\\s+|the\\s+)?${term}\\s+(?:is|are)\\s+(?!not\\b)`,
    `^${term}\\s+(?:means|denotes|refers to|is defined as|stands for)\\b`,
    // "we define the scatter width (S) as …"
    "\\bwe\\s+(?:define|call)\\s+(?:an?\\s+|the\\s+)?([\\p{L}\\p{N}][\\p{L}\\p{N}\\s'’()-]{0,60}?)\\s+as\\b",
    // "Plaintext: Data input to the Cipher."
    "^([\\p{L}\\p{N}][\\p{L}\\p{N}\\s'’()-]{0,40}?)\\s*[:—–]\\s+\\p{Lu}",
  ].join("|"),
  "iu",
);
const MAX_QUOTE_CHARS = 600;
/** Mathematical operators, or an equation number closing the text: "… (3)". */
const formula = /[·∑∏√≤≥∈∪⊕⊗∞]|=.*\(\d+(?:\.\d+)?\)\s*$/u;
/** A sentence ending on a copula, article or preposition lost what it states to a formula or figure. */
const cutShort = /\b(?:is|are|was|were|be|by|of|the|a|an|to|as|with|from|equals?)\s*\.$/i;
/** How many following blocks a sentence ending in a colon takes with it. */
const MAX_JOINED_BLOCKS = 6;

/**
 * Text as a claim shows it: ligatures as letters, a word broken across lines joined, whitespace
 * runs as one space. (normalizeForMatch does as much and maps offsets too, at several times the cost.)
 */
const clean = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/(\p{L})-[ \t]*\n\s*(\p{Ll})/gu, "$1$2")
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const withStop = (text: string) => (/[.!?:]$/.test(text) ? text : `${text}.`);

/** The subject a definition-shaped text defines, or undefined. */
export function definedSubject(text: string): string | undefined {
  const match = definitionShape.exec(clean(text));
  const subject = match?.slice(1).find((group) => group !== undefined);
  // "It is …", "This approach is …" open with no term of their own.
  if (
    subject === undefined ||
    subject.split(/\s+/).length > 6 ||
    /^(?:it|this|that|these|those|there|which|we)$/i.test(subject.trim())
  )
    return undefined;
  return subject.trim();
}

/**
 * Text that is not prose: the tail of a cut sentence ("5.2). Those …", ") and …"), or mostly
 * symbols and figures (formulas, hex dumps).
 */
export function isDebris(quote: string): boolean {
  // A closing bracket or mark, or a reference number closed by one, opens only the tail of a sentence.
  if (/^(?:[)\]},.;:!?|]|\d+(?:\.\d+)*\s*[)\]]|\(\d+(?:\.\d+)*\))/u.test(quote)) return true;
  const visible = quote.replace(/\s/g, "");
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  // Hex or base64 strings are data, not statements.
  return letters < 0.6 * visible.length || /[\p{L}\p{N}+/=_-]{40,}/u.test(quote) || /\b[0-9a-f]{16,}\b/i.test(quote);
}

/** Whether a claim text can be shown alone (the validator's rule). */
const standsAlone = (text: string) => selfContainedProblem(text, "claim") === null;

/**
 * A claim that stands alone: the text itself, or a label line ("--soloCBlen default: 16",
 * "Plaintext: Data input to the Cipher") said as a statement ("… default is 16"), or null.
 */
function asStatement(claim: string): string | null {
  if (standsAlone(claim)) return claim;
  const labelled = /^(.{1,60}?)\s*:\s+(.+)$/su.exec(claim);
  if (labelled === null) return null;
  const statement = withStop(`${labelled[1]} is ${labelled[2]}`);
  return standsAlone(statement) ? statement : null;
}

function sentenceCandidates(
  text: string,
  blockStart: number,
  blockEnd: number,
  context: string[],
  following: () => { end: number; text: string } | null,
): AnswerCandidate[] {
  const sentences = splitSentences(text.slice(blockStart, blockEnd)).map((sentence) => ({
    start: blockStart + sentence.start,
    end: blockStart + sentence.end,
    text: sentence.text,
  }));
  const candidates: AnswerCandidate[] = [];
  for (let k = 0; k < sentences.length; k++) {
    let sentence = sentences[k] as { start: number; end: number; text: string };
    // "Definition 2.1." on its own is the label of the sentence after it.
    if (theoremLabel.test(sentence.text.trim()) && sentences[k + 1]) {
      const next = sentences[k + 1] as typeof sentence;
      sentence = { start: sentence.start, end: next.end, text: text.slice(sentence.start, next.end) };
      k++;
    }
    const previous = sentences[k - 1];
    let start = sentence.start;
    let end = sentence.end;
    let claim = clean(sentence.text);
    // A lead-in ("… include:") or a sentence cut before its object ("… this polynomial is.") needs what follows.
    if (/:\s*$/.test(claim) || cutShort.test(claim)) {
      // A lead-in is answered by what follows it in the same passage.
      const rest = sentences[k + 1] ?? following();
      // A formula after the colon is set in ways no text layer agrees on: the quote would not hold.
      const after = text.slice(end, rest?.end ?? end).trim();
      if (rest === null || rest === undefined || isDebris(after) || formula.test(after)) continue;
      end = rest.end;
      claim = clean(text.slice(start, end));
    }
    if (pointsBack.test(claim) || (connective.test(claim) && !standsAlone(capitalise(claim.replace(connective, ""))))) {
      if (previous === undefined || previous.end > start) continue;
      start = previous.start;
      claim = clean(text.slice(start, end));
      if (connective.test(claim)) claim = capitalise(claim.replace(connective, ""));
    } else if (connective.test(claim)) {
      claim = capitalise(claim.replace(connective, ""));
    }
    const quote = text.slice(start, end).trim();
    if (quote.length > MAX_QUOTE_CHARS) {
      // A run-on "sentence" (an option list, a glossary without full stops) answers line by line.
      candidates.push(...lineCandidates(text, start, end, context));
      continue;
    }
    const statement = asStatement(claim);
    if (statement === null || isDebris(quote)) continue;
    claim = statement;
    const subject = definedSubject(claim);
    candidates.push({
      kind: subject === undefined ? "sentence" : "definition",
      quote,
      start: start + (text.slice(start, end).length - text.slice(start, end).trimStart().length),
      claimText: withStop(claim),
      context,
      ...(subject === undefined ? {} : { subject }),
    });
  }
  return candidates;
}

/** Each line of a span that is too long to quote whole, as a candidate of its own. */
function lineCandidates(text: string, start: number, end: number, context: string[]): AnswerCandidate[] {
  const candidates: AnswerCandidate[] = [];
  let offset = start;
  for (const line of text.slice(start, end).split("\n")) {
    const lineStart = offset + (line.length - line.trimStart().length);
    offset += line.length + 1;
    const quote = line.trim();
    if (quote.split(/\s+/).length < 3 || quote.length > MAX_QUOTE_CHARS || isDebris(quote)) continue;
    const claim = asStatement(clean(quote));
    if (claim === null) continue;
    const subject = definedSubject(claim);
    candidates.push({
      kind: subject === undefined ? "sentence" : "definition",
      quote,
      start: lineStart,
      claimText: withStop(claim),
      context,
      ...(subject === undefined ? {} : { subject }),
    });
  }
  return candidates;
}

function listItemCandidate(text: string, block: ListItemBlock, context: string[]): AnswerCandidate | null {
  const raw = text.slice(block.span.start, block.span.end);
  const markerAt = block.marker ? raw.indexOf(block.marker) : -1;
  const offset = markerAt >= 0 && markerAt < 4 ? markerAt + (block.marker?.length ?? 0) : 0;
  const body = raw.slice(offset);
  const quote = body.trim();
  if (quote.length === 0 || quote.length > MAX_QUOTE_CHARS) return null;
  const item = clean(quote).replace(/[;,]\s*(?:and|or)?$/i, "");
  const leadIn = block.leadIn ? clean(block.leadIn) : "";
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

function tableRowCandidate(text: string, block: TableRowBlock, context: string[]): AnswerCandidate | null {
  const quote = text.slice(block.span.start, block.span.end).trim();
  const cells = block.cells.map((cell) => clean(text.slice(cell.start, cell.end)));
  if (quote.length === 0 || cells.length === 0) return null;
  const headers = block.headers.map((header) => clean(header));
  // The label is the first cell when it has no header or holds words, e.g. "AES-256".
  const labelled = cells.length > 1 && (headers[0] === "" || /\p{L}/u.test(cells[0] as string));
  const label = labelled ? (cells[0] as string) : "";
  const pairs = cells
    .map((cell, k) => ({ header: headers[k] ?? "", cell }))
    .slice(labelled ? 1 : 0)
    .filter((pair) => pair.cell.length > 0);
  const caption = block.caption ? clean(block.caption) : "";
  let claim: string;
  if (pairs.some((pair) => pair.header !== "")) {
    const facts = pairs.map((pair) => (pair.header ? `${pair.header} is ${pair.cell}` : pair.cell));
    const listed = facts.length > 1 ? `${facts.slice(0, -1).join(", ")} and ${facts.at(-1)}` : (facts[0] ?? "");
    claim = label ? `For ${label}, ${listed}.` : `${capitalise(listed)}.`;
  } else {
    claim = `${caption ? `${caption.replace(/[.:\s]*$/, "")} lists` : "The table lists"} ${clean(quote)}.`;
  }
  if (!standsAlone(claim)) return null;
  const headerContext = [...headers.filter(Boolean), ...(caption ? [caption] : [])];
  return {
    kind: "table-row",
    quote,
    start: block.span.start + (text.slice(block.span.start).length - text.slice(block.span.start).trimStart().length),
    claimText: claim,
    context: [...context, ...headerContext],
    ...(label ? { subject: label } : {}),
  };
}

/** How many words a heading may have to read as the label of the sentence under it ("202 Accepted"). */
const MAX_LABEL_WORDS = 6;

/**
 * A heading with the first sentence under it, as one candidate: "10.2.3 202 Accepted / The
 * request has been accepted for processing" answers "which status code means accepted" only
 * with its heading. The quote runs from the heading through the sentence.
 */
function labelledSentence(
  text: string,
  heading: StructureBlock,
  paragraph: StructureBlock,
  context: string[],
): AnswerCandidate | null {
  const label = clean(text.slice(heading.span.start, heading.span.end));
  if (label.split(" ").length > MAX_LABEL_WORDS) return null;
  const first = splitSentences(text.slice(paragraph.span.start, paragraph.span.end))[0];
  if (first === undefined) return null;
  const sentence = clean(first.text);
  const quote = text.slice(heading.span.start, paragraph.span.start + first.end).trim();
  const claim = withStop(`${label.replace(/[.:\s]*$/, "")}: ${sentence}`);
  if (quote.length > MAX_QUOTE_CHARS || isDebris(sentence) || !standsAlone(claim)) return null;
  // A heading is a label, not a definition: "4 Why Self-Attention" defines nothing.
  return { kind: "sentence", quote, start: heading.span.start, claimText: claim, context };
}

/**
 * Every candidate answer in a passage, in reading order: sentences of paragraphs (a sentence
 * ending in a colon joined with what follows it, one leaning on the sentence before joined with
 * that one or stripped of its connective), definitions, list items with their lead-in and table
 * rows restated with their headers. A candidate whose claim could not stand alone is left out.
 */
export function answerCandidates(text: string, structure: PassageStructure): AnswerCandidate[] {
  const headings = [...structure.headings];
  const candidates: AnswerCandidate[] = [];
  const { blocks } = structure;
  blocks.forEach((block, k) => {
    const context = headings.slice(-2);
    if (block.kind === "heading") {
      headings.push(clean(text.slice(block.span.start, block.span.end)));
      return;
    }
    if (block.kind === "paragraph" && blocks[k - 1]?.kind === "heading") {
      const labelled = labelledSentence(text, blocks[k - 1] as StructureBlock, block, headings.slice(-3, -1));
      if (labelled) candidates.push(labelled);
    }
    if (block.kind === "paragraph") {
      const following = () => {
        const taken = blocks.slice(k + 1, k + 1 + MAX_JOINED_BLOCKS);
        const items = taken.filter((_, j) => taken.slice(0, j + 1).every((b) => b.kind === "list-item"));
        const last = items.at(-1) ?? (taken[0]?.kind === "paragraph" ? taken[0] : undefined);
        return last ? { end: last.span.end, text: text.slice(block.span.start, last.span.end) } : null;
      };
      candidates.push(...sentenceCandidates(text, block.span.start, block.span.end, context, following));
      return;
    }
    const made =
      block.kind === "list-item" ? listItemCandidate(text, block, context) : tableRowCandidate(text, block, context);
    if (made) candidates.push(made);
    // An item of several sentences ("3. Explanation. The AES …") also answers sentence by sentence.
    if (block.kind === "list-item" && splitSentences(text.slice(block.span.start, block.span.end)).length > 1) {
      const itemContext = block.leadIn ? [...context, clean(block.leadIn)] : context;
      candidates.push(...sentenceCandidates(text, block.span.start, block.span.end, itemContext, () => null));
    }
  });
  return candidates;
}
