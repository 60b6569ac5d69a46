import { splitSentences } from "../answer/split-sentences";
import type { StructureBlock } from "../structure/passage-structure";
import {
  type AnswerCandidate,
  asStatement,
  capitalise,
  clean,
  definedSubject,
  formula,
  isDebris,
  MAX_QUOTE_CHARS,
  standsAlone,
  withStop,
} from "./candidate-text";
import { sectionNumber } from "./infer-structure";
import { formsOf, STOPWORDS, wordForms } from "./word-forms";

/** Openers that lean on the sentence before; stripped, the rest may still stand alone. */
const connective =
  /^(?:however|moreover|furthermore|additionally|also|therefore|thus|hence|consequently|accordingly|similarly|likewise|nevertheless|nonetheless|in addition|as a result|in particular|in practice|for example|for instance|finally|first|second|third|next|then|instead|otherwise|besides|meanwhile|indeed|notably|specifically|in contrast|by contrast|conversely|in other words|that is)\b,?\s*/i;
/** Openers that point back at a thing named before: only with the sentence before do they stand. */
const pointsBack =
  /^(?:it|its|this|these|that|those|they|them|their|such|he|she|his|her|here|there(?!\s+(?:is|are|was|were|exists?|will|may|can|must|should|has|have|had)\b)|the (?:former|latter|above|same))\b/i;
const theoremLabel = /^(?:definition|theorem|lemma|proposition|corollary|remark|example|note)\s+\d+(?:\.\d+)*\.?$/i;
/**
 * A sentence ending on a copula, article or preposition (with its full stop or at the block's end),
 * or on a verb that introduces a display ("… we can use the chain rule to write.", "… we obtain"),
 * lost what it states to a formula or figure.
 */
const cutShort =
  /\b(?:is|are|was|were|be|by|of|the|a|an|to|as|with|from|equals?|for|in|on|at|into|than|within|per|and|or|between|via|namely|write|obtain|get|gives?|yields?|becomes?|reads)\s*\.?$/i;
/** A sentence whose opening words point back ("The most common way to do this is …"): it also answers joined to the one before. */
const leansBack =
  /^(?:\S+\s+){1,7}?(?:this|these|those|it|them)\b(?=\s+(?:is|are|was|were|can|may|will|would|should|must|requires?|involves?|includes?|means?)\b|\s*[,.;])/i;
/** A short sentence giving a value of nothing it names: "The default is 79 by 24.", "Default is 2,1 – …". */
const bareDefault =
  /^(?:the\s+|its\s+)?(?:default|maximum|minimum|initial)(?:\s+(?:value|setting))?\s+(?:is|was)\s+(?:\S+\s*){1,8}$/iu;
/** A sentence that names what the one before described ("We refer to this procedure as …"): it answers only joined to it. */
const namesBack =
  /^(?:\S+\s+){0,5}?(?:call|calls|called|refer\s+to|refers\s+to|term|terms|name|names)\s+(?:this|these|it|them|such)\b/i;

/** A footnote's mark before its first word: a lone small letter or sign, then a capitalised word ("a Introduced", "† Adapted"). */
const footnoteMark = /^[a-z*†‡§][ \t]+(?=\p{Lu}\p{Ll})/u;
/** A footnote's number before a capitalised function word ("3 The change …"); "3 Mbps is …" is a figure. */
const footnoteNumber = /^\d{1,2}[ \t]+(?=(\p{Lu}\p{Ll}*)\b)/u;

/** How many characters of `sentence` are a footnote's mark before its first word (0 when none). */
function footnoteMarkLength(sentence: string): number {
  const mark = footnoteMark.exec(sentence);
  if (mark) return mark[0].length;
  const number = footnoteNumber.exec(sentence);
  return number && STOPWORDS.has((number[1] as string).toLowerCase()) ? number[0].length : 0;
}

/** A passage's first sentence cut at its start: lowercase, opening on a word of content, a statement once capitalised. */
function continuesPage(claim: string): boolean {
  const first = /^(\p{Ll}+)\b/u.exec(claim)?.[1];
  return (
    first !== undefined && !STOPWORDS.has(first) && claim.split(/\s+/).length >= 6 && standsAlone(capitalise(claim))
  );
}

/** A clause opening on a conjunction or a relative pronoun goes on from the one before it ("and then …"). */
const joinsOn = /^(?:and|or|but|nor|so|yet|which|who|whose|whom|where|when)\b/iu;

/**
 * The main clause of a passage's first sentence cut in its opening clause, as printed ("a
 * convenience function kernHAC … has been added …" of "the computational tools, a convenience
 * …"): what follows the first comma or semicolon within a few words, when it is six words or more
 * and stands alone once capitalised. How many characters come before it, or 0 when none does.
 */
function clauseAfterCut(printed: string): number {
  const cut = /^[^,;.:!?]{1,60}[,;]\s+/u.exec(printed);
  if (cut === null) return 0;
  const tail = printed.slice(cut[0].length);
  if (!/^\p{L}/u.test(tail) || tail.trim().split(/\s+/).length < 6) return 0;
  const claim = capitalise(clean(tail));
  const leansBack = joinsOn.test(claim) || pointsBack.test(claim) || connective.test(claim);
  return leansBack || !standsAlone(claim) ? 0 : cut[0].length;
}

/** How many short display lines a sentence may run across, and how long each may be. */
const MAX_DISPLAY_LINES = 2;
const MAX_DISPLAY_CHARS = 80;

/**
 * The index of the sentence that a sentence without its closing mark runs on to past short
 * displayed lines ("This is what the command" / "\ContinuedFloat" / "is for; …"), else -1.
 */
export function runsOnAt(sentences: ReadonlyArray<{ text: string }>, k: number): number {
  if (!/[\p{L}\p{N},]$/u.test((sentences[k] as { text: string }).text.trimEnd())) return -1;
  for (let j = k + 1; j <= k + 1 + MAX_DISPLAY_LINES; j++) {
    const body = sentences[j]?.text.trim();
    if (body === undefined) return -1;
    if (/^\p{Ll}/u.test(body)) return j > k + 1 ? j : -1;
    // A display is a command, a name or a formula: one word, or marks of code or mathematics. A
    // line of words between is another column's text or a running title ("Vol. 85, No. 152"),
    // and a figure alone a footnote's mark or a page number: poppler reads those elsewhere, so a
    // quote across them would be found nowhere.
    const display = (!/\s/u.test(body) && /\p{L}/u.test(body)) || /[\\{}=<>^_]/u.test(body);
    if (body.length > MAX_DISPLAY_CHARS || body.includes("\n") || !display) return -1;
  }
  return -1;
}

export function sentenceCandidates(
  text: string,
  blockStart: number,
  blockEnd: number,
  context: string[],
  following: () => { end: number; text: string } | null,
  opensPassage = false,
): AnswerCandidate[] {
  const sentences = splitSentences(text.slice(blockStart, blockEnd)).map((sentence) => {
    // "a Introduced by Condorcet in 1770, …": a footnote opens on its mark; the statement is what follows it.
    const mark = footnoteMarkLength(sentence.text);
    return {
      start: blockStart + sentence.start + mark,
      end: blockStart + sentence.end,
      text: sentence.text.slice(mark),
    };
  });
  // A sentence run on past a displayed command or formula into text that goes on in lowercase
  // (the caller passes such a run as one span) is read as printed, display and all.
  for (let k = 0; k < sentences.length; k++) {
    const runOn = runsOnAt(sentences, k);
    if (runOn < 0) continue;
    const first = sentences[k] as { start: number; end: number; text: string };
    const last = sentences[runOn] as { end: number };
    sentences.splice(k, runOn - k + 1, { start: first.start, end: last.end, text: text.slice(first.start, last.end) });
  }
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
    } else if (opensPassage && k === 0 && continuesPage(claim)) {
      // "software gfan [23] by Anders Jensen computes …" under a figure at the top of a page ends a
      // sentence begun on the page before ("The"): what it says still stands as a statement.
      claim = capitalise(claim);
    } else if (opensPassage && k === 0 && /^\p{Ll}/u.test(claim)) {
      // "the computational tools, a convenience function kernHAC … has been added": a passage cut
      // in a sentence's opening clause; the main clause after the comma is a statement of its own.
      const skipped = clauseAfterCut(text.slice(start, end));
      if (skipped > 0) {
        start += skipped;
        claim = capitalise(clean(text.slice(start, end)));
      }
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
    const naming = namesBack.test(claim);
    if (
      previous !== undefined &&
      previous.end <= start &&
      start === sentence.start &&
      (naming || leansBack.test(claim))
    ) {
      const joined = text.slice(previous.start, end).trim();
      const joinedClaim = asStatement(clean(joined));
      if (joined.length <= MAX_QUOTE_CHARS && joinedClaim !== null && !isDebris(joined)) {
        candidates.push({
          kind: "sentence",
          quote: joined,
          start: previous.start,
          claimText: withStop(joinedClaim),
          context,
        });
        // "We refer to this procedure as X" alone names X but never says what it is.
        if (naming) continue;
      }
    }
    const subject = definedSubject(claim);
    // "The default is 79 by 24." gives the default of what the sentence before describes.
    const describedBefore = previous !== undefined && previous.end <= start && bareDefault.test(claim);
    // "If this routine returns …": the sentence that named the routine says which one.
    const referent = referentBefore(claim, sentences.slice(Math.max(0, k - 3), k), start);
    candidates.push({
      kind: subject === undefined ? "sentence" : "definition",
      quote,
      start: start + (text.slice(start, end).length - text.slice(start, end).trimStart().length),
      claimText: withStop(claim),
      context: [
        ...context,
        ...(describedBefore ? [clean(previous.text)] : []),
        ...(referent !== undefined && !(describedBefore && referent === previous?.text) ? [clean(referent)] : []),
      ],
      ...(subject === undefined ? {} : { subject }),
    });
  }
  return candidates;
}

/** "this routine", "these files": a demonstrative and the noun it points back with. */
const demonstrative = /\b(?:this|that|these|those)\s+(\p{Ll}{3,})\b/gu;

/**
 * The nearest of the sentences `before` (in order; one ending after `start`, which the claim
 * itself runs into, is passed over) that names what a demonstrative of `claim` points back to: one
 * printing its noun ("routine", or "routines" for "these routines") without a demonstrative before
 * it ("the C routine _sdcc_external_startup()"). Undefined when the claim has no demonstrative or
 * no such sentence is near.
 */
function referentBefore(claim: string, before: { end: number; text: string }[], start: number): string | undefined {
  const nouns = [...claim.matchAll(demonstrative)]
    // "these routines" points back to a "routine"; "this class", "this status" end in s of their own.
    .map((match) => (match[1] as string).replace(/(?<=\p{L}{2}[^\Wsui])s$/u, ""))
    .filter((noun) => noun.length >= 3 && !STOPWORDS.has(noun));
  if (nouns.length === 0) return undefined;
  // One pattern for every noun, with the word before each mention (the nouns are letters only).
  const mention = new RegExp(`(\\p{L}+\\s+)?\\b(?:${nouns.join("|")})(?:e?s)?\\b`, "giu");
  for (let k = before.length - 1; k >= 0; k--) {
    const sentence = before[k] as { end: number; text: string };
    if (sentence.end > start) continue;
    const names = [...sentence.text.matchAll(mention)].some(
      (match) => !/^(?:this|that|these|those)\s+$/iu.test(match[1] ?? ""),
    );
    if (names) return sentence.text;
  }
  return undefined;
}

/**
 * A line that opens an entry of an option or field list: "--soloCBlen", "-o FILE", "–readFilesIn",
 * or a lowercase term set after a mark and followed by its gloss ("† screen a special paper size …").
 */
const entryHead =
  /^[ \t]*(?:(?:--?|[–—])[\p{L}][\p{L}\p{N}_.:-]*(?=\s|$)|[†‡•▪*][ \t]*\p{Ll}[\p{L}\p{N}_.-]*(?=[ \t]+\p{L}|,))/u;
/** The mark before a marked term, which is no part of its name. */
const entryMark = /^[†‡•▪*][ \t]*/u;

/**
 * The entries of an option or field list set as one paragraph ("--soloCBlen / default: 16 /
 * int>0: cell barcode length / --soloUMIstart …"): each from its head line to the next head,
 * as a definition of the option. A paragraph with fewer than two heads has no entries, unless
 * it opens on a marked term.
 */
export function entryCandidates(
  text: string,
  blockStart: number,
  blockEnd: number,
  context: string[],
): AnswerCandidate[] {
  const lines = blockLines(text, blockStart, blockEnd);
  const heads = lines.flatMap((line, k) => (entryHead.test(line.text) ? [k] : []));
  // A marked term opening the block is an entry even alone: a passage may begin at the list's last entry.
  const markedFirst = heads[0] === 0 && entryMark.test((lines[0] as { text: string }).text.trimStart());
  if (heads.length < 2 && !markedFirst) return [];
  const candidates: AnswerCandidate[] = [];
  heads.forEach((head, j) => {
    const first = lines[head] as { start: number; text: string };
    const next = heads[j + 1];
    let end = next === undefined ? blockEnd : (lines[next] as { start: number }).start - 1;
    // A long entry is cut at the last line that fits.
    while (end - first.start > MAX_QUOTE_CHARS) {
      const cut = text.lastIndexOf("\n", end - 1);
      if (cut <= first.start) return;
      end = cut;
    }
    const raw = text.slice(first.start, end);
    const quote = raw.trim();
    const opening = (entryHead.exec(first.text)?.[0] ?? "").trim();
    const name = opening.replace(entryMark, "");
    // "† a0paper, a1paper, …" opens an entry of several names: it ends the entry above, and has no one name.
    if (quote.charAt(opening.length) === ",") return;
    const body = clean(quote.slice(opening.length)).replace(/^[:\s]+/, "");
    if (body.length === 0 || isDebris(quote)) return;
    // A marked term in lowercase ("† screen") is named in quotes, so its claim opens as a statement does.
    const claim = entryStatement(opening === name || !/^\p{Ll}/u.test(name) ? name : `“${name}”`, body);
    if (claim === null) return;
    candidates.push({
      kind: "definition",
      quote,
      start: first.start + (raw.length - raw.trimStart().length),
      claimText: withStop(claim),
      context,
      subject: name.replace(/^[-–—]+/, ""),
    });
  });
  return candidates;
}

/** A line that sets a field to a value: a name of at most four words, a colon, a short value ("gnuplot*line6Color: sienna"). */
const fieldLine = /^[ \t]*([^\s:][^:\n]{0,40}?)[ \t]*:[ \t]+(\S[^\n]{0,80}?)[ \t]*$/u;
/** How many field lines in a row make a listing of fields, not prose with a "Note:". */
const MIN_FIELD_RUN = 3;

/**
 * The lines of a listing of fields and their values (X resources, control-file fields, a
 * settings dump): a run of at least three lines that each read "name: value", one candidate a
 * line, as a definition of the name ("gnuplot*line6Color is sienna."). Set as one paragraph
 * without full stops, the run would otherwise be a single "sentence" nobody could quote.
 */
export function fieldCandidates(
  text: string,
  blockStart: number,
  blockEnd: number,
  context: string[],
  leadInBefore: () => string | undefined = () => undefined,
): AnswerCandidate[] {
  const lines = blockLines(text, blockStart, blockEnd);
  const isField = (line: string) => {
    const match = fieldLine.exec(line);
    return match !== null && (match[1] as string).split(/\s+/).length <= 4 && !entryHead.test(line);
  };
  const fields = lines.map((line) => isField(line.text));
  const candidates: AnswerCandidate[] = [];
  for (let k = 0; k < lines.length; ) {
    let end = k;
    while (end < lines.length && fields[end]) end++;
    if (end - k >= MIN_FIELD_RUN) {
      // The sentence before the run introduces it, as a list's lead-in does: the previous
      // block's last one (read only once a run is found) and the one before it in this block.
      const runStart = (lines[k] as { start: number }).start;
      const before = leadInBefore();
      const inBlock = splitSentences(text.slice(blockStart, runStart)).at(-1)?.text;
      const runContext = [
        ...context,
        ...[before, inBlock].flatMap((lead) => (lead === undefined ? [] : [clean(lead)])),
      ];
      for (const line of lines.slice(k, end)) {
        const quote = line.text.trim();
        const [, field = "", value = ""] = fieldLine.exec(line.text) ?? [];
        const name = field.trim();
        // A name in lowercase ("gnuplot*line6Color") is named in quotes, so the claim opens as a statement does.
        const claim = asStatement(`${/^\p{Ll}/u.test(name) ? `“${name}”` : name}: ${clean(value)}`);
        if (claim === null || isDebris(quote)) continue;
        candidates.push({
          kind: "definition",
          quote,
          start: line.start + (line.text.length - line.text.trimStart().length),
          claimText: withStop(claim),
          context: runContext,
          subject: name,
        });
      }
    }
    k = Math.max(end, k + 1);
  }
  return candidates;
}

/** One "name = figure" pair of a program's printed result: "S0 = 1.5511", "p-value = 0.01626", "vgap = 32". */
const resultPair = String.raw`\p{L}[\p{L}\p{N}._-]*[ \t]*=[ \t]*[-+−<>]?\d[\d.,]*(?:e[-+]?\d+)?`;
/** A line made only of such pairs, set apart by commas or semicolons. */
const resultLine = new RegExp(
  String.raw`^[ \t]*${resultPair}(?:[ \t]*[,;][ \t]*${resultPair})*[ \t]*[,;]?[ \t]*$`,
  "u",
);
/** Lines above a result that title it ("OLS-based CUSUM test", "data: ecm.model"): short, no sentence. */
const MAX_TITLE_WORDS = 6;

/**
 * A program's printed result, a line of "name = figure" pairs ("S0 = 1.5511, p-value = 0.01626"),
 * one candidate a line, read with the short lines above it that title it ("OLS-based CUSUM
 * test", "data: ecm.model") in its block or as the block before: set without a full stop, such a
 * line would otherwise run into the sentence around its output and be no candidate at all.
 */
export function resultCandidates(
  text: string,
  blockStart: number,
  blockEnd: number,
  context: string[],
  titleBefore: () => string | undefined = () => undefined,
): AnswerCandidate[] {
  const lines = blockLines(text, blockStart, blockEnd);
  const candidates: AnswerCandidate[] = [];
  const isTitle = (line: string) => {
    const title = line.trim();
    return (
      title.length > 0 &&
      title.split(/\s+/).length <= MAX_TITLE_WORDS &&
      !/[.!?]$/u.test(title) &&
      !resultLine.test(line)
    );
  };
  lines.forEach((line, k) => {
    if (!resultLine.test(line.text)) return;
    const above = lines
      .slice(0, k)
      .map((each) => each.text)
      .filter(isTitle)
      .slice(-2);
    const before = k === above.length ? titleBefore() : undefined;
    const titles = [...(before !== undefined && isTitle(before) ? [before] : []), ...above].map(clean);
    const quote = line.text.trim();
    const claim = titles.length > 0 ? `${titles.join(", ")}: ${quote}` : quote;
    candidates.push({
      kind: "sentence",
      quote,
      start: line.start + (line.text.length - line.text.trimStart().length),
      claimText: withStop(claim),
      context: [...context, ...titles],
    });
  });
  return candidates;
}

/** A description list's term on a line of its own: a few words or a range of figures, then a colon ("65534:", "1000-59999:"). */
const termLine = /^[ \t]*([^\s:][^:\n]{0,38}?)[ \t]*:[ \t]*$/u;
const MAX_TERM_WORDS = 5;

/** Whether a line is a description list's term: a few words or figures alone, then a colon. */
function isTermLine(line: { text: string } | undefined): boolean {
  const match = line === undefined ? null : termLine.exec(line.text);
  return match !== null && (match[1] as string).split(/\s+/).length <= MAX_TERM_WORDS;
}

/** Whether a block opens on a description list's term line with its gloss below it. */
export function opensOnTerm(text: string, blockStart: number, blockEnd: number): boolean {
  const lines = blockLines(text, blockStart, blockEnd);
  return lines.length > 1 && isTermLine(lines[0]);
}

/**
 * A description list's entries: a term on its own line, ending in a colon, and its gloss below
 * ("65534:" / "User nobody. The corresponding gid …"), each entry a block of its own or lines
 * of one block. One definition of each term, its gloss's first sentence, led in by the sentence
 * that introduced the list ("… divided into classes as follows:"): the last one before it in the
 * block that ends in a colon, else `leadIn` (the blocks before). The gloss's own sentences are
 * candidates as well.
 */
export function termCandidates(
  text: string,
  blockStart: number,
  blockEnd: number,
  context: string[],
  leadIn: () => string | undefined,
): AnswerCandidate[] {
  const lines = blockLines(text, blockStart, blockEnd);
  const candidates: AnswerCandidate[] = [];
  lines.forEach((first, j) => {
    const second = lines[j + 1];
    if (!isTermLine(first) || second === undefined || isTermLine(second)) return;
    const name = (termLine.exec(first.text)?.[1] ?? "").trim();
    const nextTerm = lines.findIndex((line, k) => k > j + 1 && isTermLine(line) && lines[k + 1] !== undefined);
    const glossEnd = nextTerm < 0 ? blockEnd : (lines[nextTerm] as { start: number }).start - 1;
    const gloss = splitSentences(text.slice(second.start, glossEnd))[0];
    if (gloss === undefined) return;
    const quote = text.slice(first.start, second.start + gloss.end).trim();
    // The term may be a figure ("65534"): the gloss is what must read as prose.
    if (quote.length > MAX_QUOTE_CHARS || isDebris(gloss.text)) return;
    const claim = entryStatement(/^\p{Ll}/u.test(name) ? `“${name}”` : name, clean(gloss.text));
    if (claim === null) return;
    const before = lines
      .slice(0, j)
      .reverse()
      .find((line) => /:\s*$/u.test(line.text) && !isTermLine(line));
    const lead = before
      ? splitSentences(text.slice(blockStart, before.start + before.text.length)).at(-1)?.text
      : leadIn();
    candidates.push({
      kind: "definition",
      quote,
      start: first.start + (first.text.length - first.text.trimStart().length),
      claimText: withStop(claim),
      context: lead === undefined ? context : [...context, clean(lead)],
      subject: name,
    });
  });
  return candidates;
}

/** A block's lines, each with the offset of its first character in `text`. */
function blockLines(text: string, blockStart: number, blockEnd: number): Array<{ start: number; text: string }> {
  const lines: Array<{ start: number; text: string }> = [];
  let offset = blockStart;
  for (const line of text.slice(blockStart, blockEnd).split("\n")) {
    lines.push({ start: offset, text: line });
    offset += line.length + 1;
  }
  return lines;
}

/**
 * An entry said as a statement that stands alone: an option's "default: 16 …" as "The default of
 * --soloCBlen is 16; …", a term's gloss as "X: gloss" when that reads as a statement, else "X is
 * gloss"; null when none does (the claim would be dropped as a fragment).
 */
export function entryStatement(name: string, body: string): string | null {
  const byDefault = /^default\s*[:=]?\s+(\S+)\s*(.*)$/isu.exec(body);
  if (byDefault) {
    const rest = (byDefault[2] as string).replace(/^[;:,\s]+/u, "");
    return `The default of ${name} is ${(byDefault[1] as string).replace(/[;,]$/u, "")}${rest ? `; ${rest}` : ""}`;
  }
  // A name printed with its own colon ("65534:") takes no second one.
  return asStatement(`${name.replace(/\s*:\s*(”?)$/u, "$1")}: ${body}`);
}

/** Each line of a span that is too long to quote whole, as a candidate of its own. */
function lineCandidates(text: string, start: number, end: number, context: string[]): AnswerCandidate[] {
  const candidates: AnswerCandidate[] = [];
  // A line cut mid-sentence (", …" or before its object) goes on in a next line that opens in lowercase.
  const lines: string[] = [];
  for (const line of text.slice(start, end).split("\n")) {
    const last = lines.at(-1);
    if (last !== undefined && (/,\s*$/.test(last) || cutShort.test(last.trim())) && /^\s*\p{Ll}/u.test(line))
      lines[lines.length - 1] = `${last}\n${line}`;
    else lines.push(line);
  }
  let offset = start;
  for (const line of lines) {
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

/** How many words a heading may have to read as the label of the sentence under it ("202 Accepted"). */
const MAX_LABEL_WORDS = 6;

/**
 * A heading with the first sentence under it, as one candidate: "10.2.3 202 Accepted / The
 * request has been accepted for processing" answers "which status code means accepted" only
 * with its heading. The quote runs from the heading through the sentence.
 */
export function labelledSentence(
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

/** "This directory …", "These options …": an opening that names its thing by the kind of thing it is. */
const kindOpening = /^(?:this|these)\s+(\p{L}[\p{L}-]*)\b/iu;
/** A heading that names its subject and then says what it is: "/var/crash : System crash dumps (optional)". */
const namedHeading = /^(\S(?:.{0,40}?\S)?)\s+[:—–]\s+\S/u;
const MAX_SUBJECT_WORDS = 4;

/** The thing a heading is about, when it says: the name before its " : ", or the whole heading when it holds the kind's word. */
function headingSubject(heading: string, kind: string): string | undefined {
  const words = heading.replace(sectionNumber, "");
  const named = namedHeading.exec(words)?.[1];
  if (named !== undefined) return named.split(/\s+/).length <= MAX_SUBJECT_WORDS ? named : undefined;
  const kindForms = formsOf(kind.toLowerCase());
  const holdsKind = wordForms(words).some((word) => word.forms.some((form) => kindForms.includes(form)));
  return holdsKind && words.split(/\s+/).length <= MAX_SUBJECT_WORDS ? words : undefined;
}

/**
 * The first sentence of a section that names its subject by kind ("This directory holds system
 * crash dumps." under "5.6. /var/crash : System crash dumps"), said of the heading's subject:
 * "The directory /var/crash holds system crash dumps." The quote runs from that heading through the
 * sentence; only headings right above the paragraph are read, so the quote is one run of the page.
 */
export function subjectSentence(
  text: string,
  headings: readonly StructureBlock[],
  paragraph: StructureBlock,
  context: string[],
): AnswerCandidate | null {
  const body = text.slice(paragraph.span.start, paragraph.span.end);
  // Most paragraphs open otherwise: they are not split into sentences again here.
  if (!kindOpening.test(body.trimStart())) return null;
  const first = splitSentences(body)[0];
  if (first === undefined) return null;
  const sentence = clean(first.text);
  const opening = kindOpening.exec(sentence);
  if (opening === null || isDebris(sentence)) return null;
  const kind = opening[1] as string;
  for (const heading of [...headings].reverse()) {
    const subject = headingSubject(clean(text.slice(heading.span.start, heading.span.end)), kind);
    if (subject === undefined) continue;
    const claim = withStop(`The ${kind.toLowerCase()} ${subject}${sentence.slice(opening[0].length)}`);
    const quote = text.slice(heading.span.start, paragraph.span.start + first.end).trim();
    if (quote.length > MAX_QUOTE_CHARS || !standsAlone(claim)) return null;
    return { kind: "sentence", quote, start: heading.span.start, claimText: claim, context, subject };
  }
  return null;
}
