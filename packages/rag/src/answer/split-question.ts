import { auxiliaries, conditionalOpening, isSceneClause, whWords } from "./question-words";
import { scopeQuestionParts } from "./scope-question-parts";

/** The parts a question is answered in, and the ones beyond the limit, verbatim. */
export interface SplitQuestion {
  parts: string[];
  notAnswered: string[];
}

/** Answering more parts would dilute retrieval and the audit budget (five seconds per part). */
export const MAX_QUESTION_PARTS = 3;

/** Words that can open the subject of an inverted question: "and is it …", "and does the key …". */
const subjectOpeners = new Set([
  "it",
  "they",
  "there",
  "he",
  "she",
  "we",
  "i",
  "you",
  "this",
  "that",
  "these",
  "those",
  "the",
  "any",
  "each",
  "every",
  "all",
  "some",
  "my",
  "your",
  "our",
  "their",
  "its",
  "his",
  "her",
  "a",
  "an",
]);
const prepositions = new Set(
  "within in for by at on to from after before under with of during until since over about into through".split(" "),
);
/** "… and is a block cipher", "… and has a key": after these, "a" starts a predicate, not a subject. */
const copulaOrHave = new Set(["is", "are", "was", "were", "has", "have", "had"]);

interface Piece {
  /** The text as written, without the joining "and" or comma. */
  raw: string;
  /** The text as asked: capitalised, with a terminal mark. */
  question: string;
}

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}']+/gu) ?? [];
}

function lowerWords(text: string): string[] {
  return words(text).map((word) => word.toLowerCase());
}

/**
 * Whether `text` opens with an interrogative word, or an auxiliary followed by what can be its
 * subject ("is it", "does the key", "can AES"); "and can be revoked" continues a verb phrase.
 */
function startsQuestion(raw: string): boolean {
  // "if not, what …", "otherwise, who …": a question asked on the answer to the one before.
  const text = raw.replace(conditionalOpening, "");
  // "within how many days …", "in which year …": a preposition may lead the question word.
  const [lead, next] = lowerWords(text);
  if (lead !== undefined && prepositions.has(lead) && next !== undefined && whWords.has(next)) return true;
  const [firstWord, secondWord] = words(text);
  const first = firstWord?.toLowerCase();
  if (first === undefined) return false;
  if (whWords.has(first)) return true;
  if (!auxiliaries.has(first) || secondWord === undefined) return false;
  const second = secondWord.toLowerCase();
  if (second === "a" || second === "an") return !copulaOrHave.has(first);
  return subjectOpeners.has(second) || /^\p{Lu}/u.test(secondWord);
}

/** Question words that ask a question alone after "and" ("…, and when?"). */
const bareQuestionWords = new Set(["when", "where", "who", "whom"]);

/** "between X and Y", "both X and Y": an "and" the phrase before it is still waiting for. */
function awaitsAnd(before: string): boolean {
  const tokens = lowerWords(before);
  const last = Math.max(tokens.lastIndexOf("between"), tokens.lastIndexOf("both"));
  return last >= 0 && !tokens.slice(last + 1).includes("and");
}

/**
 * Splits one clause (text between "?" or ";") where an "and", ", and" or a comma is followed
 * by a new question, e.g. "What is X and which Y are served". Returns raw pieces.
 */
function splitClause(clause: string): string[] {
  const joiner = /\s*,\s*(?:(?:and|but)(?:\s+also)?\s+)?|\s+(?:and|but)(?:\s+also)?\s+|\s*,?\s+as\s+well\s+as\s+/giu;
  const pieces: string[] = [];
  let pieceStart = 0;
  for (const match of clause.matchAll(joiner)) {
    const before = clause.slice(pieceStart, match.index);
    const after = clause.slice(match.index + match[0].length);
    const plainComma = !/\b(?:and|but|as)\b/i.test(match[0]);
    // A bare comma splits only between two questions: "In AES, what is …" stays whole.
    const opensQuestion = plainComma
      ? whWords.has(lowerWords(after)[0] ?? "") && startsQuestion(before) && !isSceneClause(before)
      : startsQuestion(after);
    // "Who wrote the notes, and when?": a question word alone asks its own thing of the same subject.
    const bare = !plainComma && bareQuestionWords.has(after.trim().toLowerCase()) && startsQuestion(before);
    if (
      (!opensQuestion && !bare) ||
      words(before).length < 2 ||
      (words(after).length < 2 && !bare) ||
      awaitsAnd(before)
    )
      continue;
    pieces.push(before);
    pieceStart = match.index + match[0].length;
  }
  pieces.push(clause.slice(pieceStart));
  return pieces.map((piece) => piece.trim()).filter((piece) => words(piece).length > 0);
}

/** A name as documents print it: an option, an identifier, a code or a capitalised term ("--outSAMtype", "AES-256", "BERT"). */
const nameToken = String.raw`(?:--?)?[\p{L}\p{N}][\p{L}\p{N}_./-]*`;
const sharedAttribute = new RegExp(
  String.raw`^(.*\b(?:of|for)\s+(?:the\s+)?)(${nameToken})\s*,?\s+and\s+(?:the\s+|of\s+)?(${nameToken})\s*([?.]?)\s*$`,
  "u",
);
/** "The difference of A and B", "the ratio of A and B": one fact about the pair. */
const aboutThePair =
  /\b(?:difference|differences|ratio|relationship|relation|comparison|sum|product|combination|gap|overlap|distance)\b/i;
const looksLikeName = (token: string) => /^--?|[_\d]|\p{Ll}\p{Lu}|^\p{Lu}/u.test(token);

/**
 * "What are the default values of --outFilterMultimapNmax and --winAnchorMultimapNmax?" asks the
 * same thing of two names: one part for each, so each gets its own passages and claim. A question
 * about the pair itself ("the difference of A and B") stays whole, as does one of ordinary words.
 */
function distributeOverNames(question: string): string[] {
  const match = sharedAttribute.exec(question);
  if (!match) return [question];
  const [, stem = "", first = "", second = "", mark = ""] = match;
  if (!looksLikeName(first) || !looksLikeName(second) || aboutThePair.test(stem) || words(stem).length < 3) {
    return [question];
  }
  const end = mark || "?";
  return [`${stem}${first}${end}`, `${stem}${second}${end}`];
}

/** "…; and when is the trial …": the conjunction joined two questions; the second starts after it. */
const leadingConjunction = /^(?:and\s+also|and|but|also|as\s+well\s+as|plus)\s+(?=\p{L})/iu;

function asQuestion(raw: string, terminator: string): string {
  const body = raw.replace(/[\s?.!;,]+$/u, "").replace(leadingConjunction, "");
  const capitalised = body.charAt(0).toUpperCase() + body.slice(1);
  const mark = terminator === "?" || startsQuestion(body) ? "?" : terminator;
  return capitalised + mark;
}

/**
 * Splits a compound question into at most three parts: on "?" and ";", and on "and" or a
 * comma where a new question starts ("… window and which areas are served?"), never inside
 * a noun phrase such as "terms and conditions". Parts past the third go to `notAnswered`
 * as written.
 */
export function splitQuestion(question: string): SplitQuestion {
  const pieces: Piece[] = [];
  for (const match of question.matchAll(/[^?;]+[?;]*|[?;]+/gu)) {
    const segment = match[0];
    const terminator = segment.trimEnd().endsWith("?") ? "?" : /[.!]\s*[;]?\s*$/u.test(segment) ? "." : "";
    const clause = segment.replace(/[\s?;]+$/u, "");
    const raws = splitClause(clause);
    raws.forEach((raw, k) => {
      const isLast = k === raws.length - 1;
      pieces.push({ raw: isLast && terminator === "?" ? `${raw}?` : raw, question: asQuestion(raw, terminator) });
    });
  }
  // A part asking one thing of two names becomes a part per name; its parts are then as asked.
  const asked = pieces.flatMap((piece) => {
    const split = distributeOverNames(piece.question);
    return split.length === 1 ? [piece] : split.map((question) => ({ raw: question, question }));
  });
  const scoped = scopeQuestionParts(asked.map((piece) => piece.question));
  return {
    parts: scoped.slice(0, MAX_QUESTION_PARTS),
    notAnswered:
      scoped.length > asked.length
        ? scoped.slice(MAX_QUESTION_PARTS)
        : asked.slice(MAX_QUESTION_PARTS).map((piece) => piece.raw),
  };
}
