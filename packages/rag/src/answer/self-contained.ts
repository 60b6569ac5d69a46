/**
 * Whether a sentence or claim can stand on its own when shown without its neighbours.
 * Used by the extractive drafter to choose sentences and by the validator to drop claims.
 */

/** Why a text is not self-contained. */
export type SelfContainedProblem =
  | "empty"
  | "refers_back"
  | "starts_lowercase"
  | "too_short"
  | "no_verb"
  | "no_terminal_punctuation"
  | "table_debris"
  | "list_debris"
  | "too_long";

/**
 * `claim` checks what any displayed claim needs (a model may write "AES has 10 rounds");
 * `sentence` adds what an extracted sentence needs to read as a full statement.
 */
export type SelfContainedProfile = "claim" | "sentence";

/** Extracted sentences longer than this are usually run-on table text or several sentences glued. */
export const MAX_SENTENCE_CHARS = 400;

/** Openers that point back at something the reader has not been shown. */
const backReferences = new Set([
  "it",
  "its",
  "this",
  "these",
  "that",
  "those",
  "they",
  "them",
  "their",
  "he",
  "she",
  "his",
  "her",
  "such",
  "here",
  "there",
  "also",
  "however",
  "moreover",
  "furthermore",
  "therefore",
  "thus",
  "hence",
  "additionally",
  "similarly",
  "likewise",
  "consequently",
  "nevertheless",
  "nonetheless",
  "otherwise",
  "instead",
  "meanwhile",
  "besides",
  "accordingly",
  "then",
  "above",
  "former",
  "latter",
]);
const backReferencePhrases =
  /^(?:in addition|as a result|as such|for this reason|in (?:this|that|such a) case|on the other hand|the (?:former|latter|above)|see (?:above|below))\b/i;
/** "This standard …" names the cited document itself, which the claim's citation shows. */
const documentSelfReference =
  /^this\s+(?:standard|document|specification|publication|memo|framework|handbook|manual|policy|agreement|guide|guideline|report|regulation|rfc)\b/i;
/** "There is/are …" asserts existence; only a locative "There, …" points back. */
const existentialThere = /^there\s+(?:is|are|was|were|exists?|remains?|will|may|can|must|should|has|have|had)\b/i;

const verbs = new Set(
  (
    "is are was were be been being am has have had do does did can could may might must shall should will would " +
    "use uses used contain contains include includes provide provides require requires define defines consist " +
    "consists represent represents apply applies perform performs process processes produce produces generate " +
    "generates make makes take takes give gives allow allows support supports need needs mean means refer refers " +
    "describe describes show shows become becomes remain remains appear appears get gets set sets run runs work " +
    "works keep keeps call calls follow follows create creates return returns send sends receive receives store " +
    "stores protect protects convert converts replace replaces add adds remove removes compute computes determine " +
    "determines identify identifies ensure ensures enable enables prevent prevents reduce reduces increase " +
    "increases offer offers cover covers indicate indicates reflect reflects result results depend depends vary " +
    "varies differ differs exist exists occur occurs change changes handle handles specify specifies encrypt " +
    "encrypts decrypt decrypts operate operates serve serves cost costs last lasts expire expires cancel cancels " +
    "charge charges pay pays deliver delivers accept accepts reject rejects permit permits adopt adopts issue " +
    "issues state states hold holds lead leads cause causes help helps affect affects mark marks list lists equal " +
    "equals expand expands shift shifts mix mixes rotate rotates substitute substitutes transform transforms " +
    "combine combines derive derives select selects assign assigns implement implements design designs publish " +
    "publishes approve approves encourage encourages announce announces consider considers treat treats " +
    "take took made gave went came found said knew"
  ).split(" "),
);

const words = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];

/** "X expands the key": a third-person verb is the likeliest word right before a determiner. */
const verbBeforeDeterminer =
  /\b\p{Ll}{3,}s\s+(?:the|a|an|each|every|all|both|its|their|this|these|those|one|two|no|some|any)\b/u;

/** "1 LSB = 244 nA", "Nb = 4": a relation set as a sign between two terms states as much as "equals". */
const relation = /[\p{L}\p{N})\]]\s*[=≈≤≥≠]\s*[\p{L}\p{N}(−±+-]/u;

function hasVerb(text: string, tokens: string[]): boolean {
  if (verbBeforeDeterminer.test(text) || relation.test(text)) return true;
  return tokens.some((token, k) => {
    const word = token.toLowerCase();
    if (verbs.has(word)) return true;
    // Past participles and gerunds, not counting the opener ("Encrypted data …" is still a subject).
    return k > 0 && word.length >= 5 && /^\p{Ll}/u.test(token) && /(?:ed|ing)$/.test(word);
  });
}

/** Mostly numbers, or one short line after another: the debris of a table or figure. */
function isTableDebris(text: string, tokens: string[]): boolean {
  const numeric = tokens.filter((token) => !/\p{L}{2,}/u.test(token)).length;
  const lines = text.split("\n").length;
  return numeric / tokens.length > 0.4 || (lines >= 4 && tokens.length / lines < 4);
}

/** Dot leaders of a table of contents: "Introduction ........ 5" or ". . . . 5". */
const dotLeaders = /\.{4,}|(?:\.[ \t]){4,}/;
/** A list item opening after a semicolon or on a later line: "; 2. Inspect", "\n4. Mathematical", "\n• clear". */
const innerListItem = /(?:;|\n)[ \t]*(?:\(?(?:\d+(?:\.\d+)*|[a-z]|[ivx]+)[.)]|[•●▪◦]|o(?= ))[ \t]+\S/u;
/** Cut off before its next item: "Inspect the brake pads every 1,000 km; 3." */
const trailingEnumerator = /;[ \t]*\d+\.$/;
/** A bullet opening a fragment: "• clear information to deployers;". */
const bulletFragment = /^[•●▪◦][ \t]*\p{Ll}/u;

/**
 * Pieces of a numbered or bulleted list, or of a table of contents, that the sentence splitter
 * glued together or cut apart. They read as topics, not statements.
 */
function isListDebris(text: string): boolean {
  return (
    dotLeaders.test(text) || innerListItem.test(text) || trailingEnumerator.test(text) || bulletFragment.test(text)
  );
}

/** The first reason `text` cannot stand alone under `profile`, or null when it can. */
export function selfContainedProblem(
  text: string,
  profile: SelfContainedProfile = "claim",
): SelfContainedProblem | null {
  const trimmed = text.trim();
  const tokens = words(trimmed);
  if (tokens.length === 0) return "empty";
  const opener = (tokens[0] as string).toLowerCase();
  if (backReferencePhrases.test(trimmed)) return "refers_back";
  if (backReferences.has(opener) && !existentialThere.test(trimmed) && !documentSelfReference.test(trimmed)) {
    return "refers_back";
  }
  if (/^\p{Ll}/u.test(trimmed)) return "starts_lowercase";
  if (profile === "sentence") {
    if (trimmed.length > MAX_SENTENCE_CHARS) return "too_long";
    if (isTableDebris(trimmed, tokens)) return "table_debris";
    if (isListDebris(trimmed)) return "list_debris";
    if (tokens.length < 5) return "too_short";
    if (!/[.!?]["'\u201D\u2019)\]]*$/u.test(trimmed)) return "no_terminal_punctuation";
  } else if (tokens.length < 3) {
    return "too_short";
  }
  // A verb only in brackets does not make a statement: "Advanced Encryption Standard (AES) (affixed)."
  // A sign between bracketed terms does: "a paper size with (W,H) = (225mm,180mm)".
  const outsideBrackets = trimmed.replace(/\([^()]*\)/g, " ");
  if (hasVerb(outsideBrackets, outsideBrackets === trimmed ? tokens : words(outsideBrackets))) return null;
  const relatesBrackets = /[=≈≤≥≠]/u.test(outsideBrackets) && relation.test(trimmed);
  return relatesBrackets ? null : "no_verb";
}

/** Shorthand for `selfContainedProblem(text, profile) === null`. */
export function isSelfContained(text: string, profile: SelfContainedProfile = "claim"): boolean {
  return selfContainedProblem(text, profile) === null;
}
