import { stemmer } from "stemmer";
import { memoize } from "../memoize";

/** At most this many distinct terms go into one FTS query. */
export const maxQueryTerms = 64;

// Letters, digits and combining marks: what the unicode61 tokenizer keeps inside a token.
export const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;

const hyphenated = /[\p{L}\p{N}\p{M}]+(?:-[\p{L}\p{N}\p{M}]+)+/gu;

// English function words match nearly every chunk: OR-ing them in only slows the query and blurs the ranking.
export const stopwords: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "me my no not of on or our so than that the their them then there these they this those to was we were " +
    "what when where which who whom why will with would you your"
  ).split(" "),
);

/**
 * The distinct words of arbitrary user text that a search should look for, in order of first
 * appearance, then hyphenated words joined: common English function words are left out unless
 * the text has nothing else, and at most `maxQueryTerms` are kept.
 */
export function queryTerms(text: string): string[] {
  const words = new Set<string>();
  const folded = text.normalize("NFKC").toLowerCase();
  for (const [word] of folded.matchAll(wordPattern)) words.add(word);
  // "Pre-training" is printed "pretraining" too, "wall-clock" "wallclock": a hyphenated word is also searched joined.
  for (const [compound] of folded.matchAll(hyphenated)) words.add(compound.replaceAll("-", ""));
  const content = [...words].filter((word) => !stopwords.has(word));
  return (content.length > 0 ? content : [...words]).slice(0, maxQueryTerms);
}

/**
 * An FTS5 MATCH expression that ORs the terms, each a quoted string, so operators (`NEAR`, `AND`,
 * `*`, `-`, `^`, column filters) are only ever searched for as words. Undefined when there are none.
 */
export function matchExpression(terms: readonly string[]): string | undefined {
  if (terms.length === 0) return undefined;
  // A term from `queryTerms` holds no double quote, so wrapping it in quotes cannot be escaped out of.
  return terms.map((term) => `"${term.replaceAll('"', "")}"`).join(" OR ");
}

/**
 * Builds an FTS5 MATCH expression from arbitrary user text (`queryTerms` OR-ed by
 * `matchExpression`). Returns undefined when nothing is indexable.
 */
export function buildFtsQuery(text: string): string | undefined {
  return matchExpression(queryTerms(text));
}

/**
 * The text handed to the FTS tokenizer for a chunk. Joins words hyphenated across a line end
 * ("representa-\ntion") so they match the whole word; only the index sees this, never the stored chunk.
 */
export function ftsIndexText(text: string): string {
  return text.replace(/(\p{L})-\n(\p{Ll})/gu, "$1$2");
}

/**
 * A word as the FTS5 table keeps it (`porter unicode61 remove_diacritics 2`): diacritics off,
 * lower case, Porter's stem. Close enough for counting a document's words; the table itself
 * still does every search. Kept per word: indexing stems every word of every chunk.
 */
export const indexStem = memoize(100_000, (word) => {
  const folded = word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  return /^[a-z]+$/.test(folded) ? stemmer(folded) : folded;
});

/** The distinct index stems of a text, as its chunk would be found by them. */
export function indexStems(text: string): Set<string> {
  const found = new Set<string>();
  for (const [word] of text.matchAll(/[\p{L}\p{N}]+/gu)) found.add(indexStem(word));
  return found;
}
