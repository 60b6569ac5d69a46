import { selfContainedProblem } from "../answer/self-contained";
import { memoize } from "../memoize";
import { passiveAfterCopula } from "./definition-shapes";
import { composeAccents } from "./word-forms";

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
  /** For a table row, its cells after the label with their column headers, as the claim restates them. */
  cells?: Array<{ header: string; cell: string }>;
  /**
   * The text whose words are the candidate's own when it is scored, when that is more than its
   * quote: a footnote read in the sentence that cites it, the note's words where its mark stood.
   */
  scoredText?: string;
}

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
export const MAX_QUOTE_CHARS = 600;
/** Mathematical operators, or an equation number closing the text: "… (3)". */
export const formula = /[·∑∏√≤≥∈∪⊕⊗∞]|=.*\(\d+(?:\.\d+)?\)\s*$/u;

/**
 * Text as a claim shows it: ligatures as letters, a word broken across lines joined, whitespace
 * runs as one space. (normalizeForMatch does as much and maps offsets too, at several times the cost.)
 */
export const clean = (text: string) =>
  composeAccents(text)
    .normalize("NFKC")
    .replace(/(\p{L})-[ \t]*\n\s*(\p{Ll})/gu, "$1$2")
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A sentence cut where a display begins ("… is 2/3, namely," before an equation): its dangling introducer ends nothing. */
const danglingEnd =
  /(?:,\s*(?:namely|i\.\s?e\.|e\.\s?g\.|viz\.|that is|for example|for instance|where|such as|as follows)[\s,;]*|[\s,;]+)$/iu;

/** `text` ending in a full stop (or the mark it has), a trailing comma or dangling "namely," replaced by the stop. */
export const withStop = (text: string) => {
  const trimmed = text.replace(danglingEnd, "");
  return /[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** The subject a definition-shaped text defines, or undefined. */
export function definedSubject(text: string): string | undefined {
  const cleaned = clean(text);
  const match = definitionShape.exec(cleaned);
  const subject = match?.slice(1).find((group) => group !== undefined);
  // "It is …", "This approach is …" open with no term of their own; "If the fan is …" opens a condition;
  // "the fan is shown in Figure 15" says what is done to it.
  if (
    match === null ||
    subject === undefined ||
    subject.split(/\s+/).length > 6 ||
    /^(?:it|this|that|these|those|there|which|we)$/i.test(subject.trim()) ||
    /^(?:even\s+|only\s+)?(?:if|when|whenever|since|because|although|though|while|once|unless|whether|as|after|before|until)\s/i.test(
      subject.trim(),
    ) ||
    passiveAfterCopula.test(` ${cleaned.slice(match.index + match[0].length)}`)
  )
    return undefined;
  return subject.trim();
}

/**
 * Text that is not prose: the tail of a cut sentence ("5.2). Those …", ") and …"), or mostly
 * symbols and figures (formulas, hex dumps).
 */
export function isDebris(quote: string): boolean {
  // A paper's keyword list ("Keywords: Bézier curve; Break point; …") names topics and states nothing.
  if (/^\s*(?:key\s?words?|index\s+terms)\s*[:—–-]/iu.test(quote)) return true;
  // A closing bracket or mark, or a reference number closed by one, opens only the tail of a sentence.
  if (/^(?:[)\]},.;:!?|]|\d+(?:\.\d+)*\s*[)\]]|\(\d+(?:\.\d+)*\))/u.test(quote)) return true;
  const visible = quote.replace(/\s/g, "");
  // Mostly figures and signs: a row of numbers or a formula. Six words or more of prose make a
  // statement however many figures it gives ("We used the Adam optimizer with β1 = 0.9, β2 = 0.98").
  if (codePoints(visible.replace(/\P{L}/gu, "")) < 0.6 * visible.length && proseWords(quote) < 6) return true;
  if (isFormula(quote)) return true;
  // Hex or base64 strings are data, not statements. Both need 16 characters or more without a
  // space, which prose seldom has: checked first, as the two patterns cost far more.
  return hasRunWithoutSpace(quote, 16) && (/[\p{L}\p{N}+/=_-]{40,}/u.test(quote) || /\b[0-9a-f]{16,}\b/i.test(quote));
}

/**
 * A formula set in mathematical letters ("𝑑 2 tan 𝑥 = sec 𝑥"), with fewer than three words of
 * four letters or more: its symbols are letters to \p{L}, but it is no prose, and pdf.js and
 * poppler place its scripts differently, so its quote could not be shown verbatim.
 */
export function isFormula(quote: string): boolean {
  const withoutMathLetters = quote.replace(/[\u{1D400}-\u{1D7FF}]/gu, " ");
  if (withoutMathLetters === quote) return false;
  // Words of four letters or more: "sec", "tan" and "csc" name functions inside a formula.
  let words = 0;
  for (const _ of withoutMathLetters.matchAll(/\p{L}{4,}/gu)) if (++words >= 3) return false;
  return true;
}

/** Words of two letters or more, up to six: enough to tell prose from a row of figures. */
function proseWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/\p{L}{2,}/gu)) if (++count >= 6) break;
  return count;
}

/** The characters `\s` matches. */
const spaces = new Set(
  [9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff].concat(
    Array.from({ length: 11 }, (_, k) => 0x2000 + k),
  ),
);

/** Whether `text` holds `length` UTF-16 units in a row that `\s` does not match. */
export function hasRunWithoutSpace(text: string, length: number): boolean {
  let run = 0;
  for (let k = 0; k < text.length; k++) {
    run = spaces.has(text.charCodeAt(k)) ? 0 : run + 1;
    if (run >= length) return true;
  }
  return false;
}

/** Characters of `text` counted as code points (a letter outside the BMP is one, not two). */
function codePoints(text: string): number {
  let count = text.length;
  for (let k = 0; k < text.length; k++) {
    const unit = text.charCodeAt(k);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(k + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        k++;
      }
    }
  }
  return count;
}

/**
 * Whether a claim text can be shown alone (the validator's rule). Memoized: reading a passage asks
 * it of a sentence's claim and then again of the candidate's claim text, most often the same string.
 */
export const standsAlone: (text: string) => boolean = memoize(
  2_000,
  (text) => selfContainedProblem(text, "claim") === null,
);

/**
 * A claim that stands alone: the text itself, or a label line ("--soloCBlen default: 16",
 * "Plaintext: Data input to the Cipher") said as a statement ("… default is 16"), or null.
 */
export function asStatement(claim: string): string | null {
  if (standsAlone(claim)) return claim;
  const labelled = /^(.{1,60}?)\s*:\s+(.+)$/su.exec(claim);
  if (labelled === null) return null;
  const statement = withStop(`${labelled[1]} is ${labelled[2]}`);
  return standsAlone(statement) ? statement : null;
}
