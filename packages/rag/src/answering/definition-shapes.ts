import { memoize } from "../memoize";

/**
 * Whether a text defines a given term, by the shapes definitions take. Pure and cached per term:
 * the answer engine asks it of every candidate that names the subject of a "what is X" question.
 */
export const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `text` defines the phrase of `words` in one of the shapes definitions take: "X is …",
 * "X, sometimes called Y, is …", "X (Y) refers to …", "we define X as …", "… is called X", "X: …",
 * "… then Σ is a fan.". Each word may carry a plural or other short ending. The phrase is found
 * first; only the few words on each side of each occurrence are then read, so a long passage
 * costs one scan.
 */
export function statesDefinitionOf(text: string, words: string[]): boolean {
  if (words.length === 0) return false;
  const lower = lowered(text);
  const stems = words.map(stemOfWord);
  const phrase = phraseOf(stems.join(" "));
  // "Definition 1.3. The tropical hypersurface V(F) defined by … is …": a numbered definition of
  // what it opens with, when it names every word of X before its verb.
  const numbered = numberedDefinition.exec(lower);
  if (numbered) {
    const body = lower.slice(numbered[0].length).replace(/^(?:an?|the)\s+/u, "");
    const subjectPart = body.split(/\s(?:is|are|means|denotes)\s/u)[0] ?? "";
    if (body.startsWith(stems[0] as string) && stems.every((stem) => subjectPart.includes(stem))) return true;
  }
  // Each place the first word starts is tried: indexOf is far cheaper than a scan by the pattern.
  for (let at = lower.indexOf(stems[0] as string); at >= 0; at = lower.indexOf(stems[0] as string, at + 1)) {
    phrase.lastIndex = at;
    const found = phrase.exec(lower);
    if (found === null) continue;
    const head = lower.slice(Math.max(0, at - 48), at);
    const tail = lower.slice(at + found[0].length, at + found[0].length + 96);
    // The head window reaches the text's start only for an occurrence near it.
    const atStart = (at < 48 && startBefore.test(head)) || entryStartBefore.test(head);
    if (definesAround(head, tail, atStart)) return true;
  }
  return false;
}

/** Claim texts recur from ask to ask (candidates are cached): each is lowercased once. */
const lowered = memoize(20_000, (text) => text.toLowerCase());

/** A word without a plural ending, so "precursors" also finds "precursor". */
const stemOfWord = (word: string) => (word.length > 4 ? word.replace(/(?:es|s)$/, "") : word).toLowerCase();

/** What may stand after the term before the shape goes on: a closing quote, an abbreviation "(MLM)". */
const afterTerm = String.raw`["”'’]?(?:\s*\([^)]{1,30}\))?`;
const copulaAfter = new RegExp(
  String.raw`^${afterTerm}(?:,[^,.;]{1,60}?,?)?\s+(?:is|are|was|were|refers?\s+to|means?|denotes?|stands?\s+for|describes?|consists?\s+of)\b`,
  "iu",
);
/** "weave (which stands for weighted empirical …)", "HAC, short for …": the expansion of a name, set after it. */
const expansionAfter =
  /^["”'’]?\s*[(,]\s*(?:which\s+|that\s+)?(?:(?:stands?|stood)\s+for|(?:is\s+)?short\s+for|abbreviates|(?:is\s+)?an\s+abbreviation\s+(?:of|for))\s/iu;
const asAfter = new RegExp(String.raw`^${afterTerm}\s+(?:as|to\s+be)\b`, "iu");
const labelAfter = new RegExp(String.raw`^${afterTerm}\s*[:–—]\s`, "u");
const clauseEndAfter = new RegExp(String.raw`^${afterTerm}\s*[.;]`, "u");
const defineBefore = /\bdefine[sd]?\s+(?:the\s+|an?\s+)?(?:term\s+)?["“'‘]?$/iu;
const calledBefore = /\b(?:called|known\s+as|termed|referred\s+to\s+as)\s+(?:an?\s+|the\s+)?["“'‘]?$/iu;
const predicateBefore = /\b(?:is|are)\s+(?:called\s+|said\s+to\s+be\s+)?(?:an?\s+|the\s+)?["“'‘]?$/iu;
const startBefore = /^\s*["“'‘]?$/u;
/** Where an entry of a glossary or attribute list starts: after a sentence or on a new line ("… tag. nM : number of …"). */
const entryStartBefore = /(?:[.;]\s+|\n\s*)["“'‘]?$/u;
const wordBefore = /[\p{L}\p{N}]$/u;
const numberedDefinition = /^\s*(?:definition|def\.)\s+\d+(?:\.\d+)*\.?\s+/u;

/** What after "X is" makes it a comparison or a state, not a definition: "is significantly smaller than", "is not", "is also". */
const comparisonAfterCopula =
  /^\s+(?:(?:very|too|so|quite|rather|fairly|relatively|extremely|highly|all\s+too|less|least|most)\b|(?:\p{L}+ly\s+)?(?:(?:more|less|\p{L}{3,}er)\s+than\b|(?:larger|smaller|greater|higher|lower|bigger|better|worse|faster|slower)\b|not\b|no\s+longer\b|also\b|still\b|then\b|now\b|too\b))/u;

/**
 * What after "X is" makes it something done to X, not what X is: "the fan is shown in Figure 15",
 * "if the fan is chosen to be refined". "Is defined as", "is called", "is given by" still define.
 */
export const passiveAfterCopula =
  /^\s+(?:\p{L}+ly\s+)?(?:shown|chosen|seen|drawn|taken|found|made|set|held|kept|given\s+in|(?!(?:defined|called|termed|named|denoted|referred|composed|comprised|constituted|based|used)\b)\p{L}{3,}ed\b(?!\s+(?:as|of)\b))/u;
/** "If every precursor or indicator were …": a statement about any such thing, not what it is. */
const quantifiedBefore =
  /\b(?:every|each|any|no|some|all|if|when|whenever|whether|unless)\s+(?:(?:the|a|an)\s+)?(?:[\p{L}-]+\s+or\s+)?$/u;

function definesAround(head: string, tail: string, atStart: boolean): boolean {
  if (wordBefore.test(head) || quantifiedBefore.test(head)) return false;
  const copula = copulaAfter.exec(tail);
  const predicate = copula ? tail.slice(copula[0].length) : "";
  if (copula && !comparisonAfterCopula.test(predicate) && !passiveAfterCopula.test(predicate)) return true;
  if (expansionAfter.test(tail)) return true;
  if (defineBefore.test(head) && asAfter.test(tail)) return true;
  if (calledBefore.test(head)) return true;
  if (atStart && labelAfter.test(tail)) return true;
  // "… is called X." and "an important object is the Jacobson radical: the set of …", whose colon opens what X is.
  return predicateBefore.test(head) && (clauseEndAfter.test(tail) || labelAfter.test(tail));
}

/** The stems (joined by spaces) in order, matched where an occurrence starts (sticky), any short ending on each, up to three other characters between them. */
const phraseOf = memoize(500, (stems) => {
  const source = stems
    .split(" ")
    .map((stem) => `${escapeRegExp(stem)}\\p{L}{0,3}`)
    .join("[^\\p{L}\\p{N}]{1,3}");
  return new RegExp(source, "uy");
});
