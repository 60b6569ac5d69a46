import { normalizeForMatch } from "@audited-rag/core";

/** Function words and question filler that say nothing about what is asked. */
const stopwords = new Set(
  (
    "a an the of in on at to for from by with about as into onto than then and or but not no nor so if " +
    "is are was were be been being am do does did doing done have has had having can could will would shall " +
    "should may might must what which who whom whose when where why how this that these those it its they them " +
    "their there here i me my we us our you your he him his she her any all some each every such other another " +
    "also very more most much many few own same just only both either neither over under between per via " +
    "please tell explain describe give list show say says said know let following whether use uses used using " +
    "long take takes taken get gets happen happens often way"
  ).split(" "),
);

const vowel = /[aeiouy]/;

/**
 * A deliberately light stemmer: enough to meet "blocks"/"block", "encrypted"/"encryption"/
 * "encrypt" and "sizes"/"size" half-way, without a dictionary. Short words ("aes", "key")
 * lose at most a final "e"; anything with a digit is left alone.
 */
export function stem(word: string): string {
  if (/\d/.test(word)) return word;
  if (word.length <= 3) return word.length === 3 && word.endsWith("e") ? word.slice(0, -1) : word;
  let s = word;
  if (s.endsWith("ies") || s.endsWith("ied")) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith("sses")) s = s.slice(0, -2);
  else if (/(?:[sxz]|ch|sh)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith("s") && !/(?:ss|us|is)$/.test(s)) s = s.slice(0, -1);
  else if (s.endsWith("ing") && s.length >= 5 && vowel.test(s.slice(0, -3))) s = s.slice(0, -3);
  else if (s.endsWith("ed") && !s.endsWith("eed") && vowel.test(s.slice(0, -2))) s = s.slice(0, -2);
  if (s.endsWith("ation") && s.length > 8) s = s.slice(0, -5);
  else if (s.endsWith("tion") && s.length > 6) s = s.slice(0, -3);
  if (s.endsWith("e") && s.length > 3) s = s.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(s)) s = s.slice(0, -1);
  return s;
}

/** The stemmed, lowercased content words of `text`, in order, stopwords removed. */
export function contentTerms(text: string): string[] {
  return contentWords(text).map(stem);
}

/** The lowercased words of `text` that `contentTerms` stems, in order. */
export function contentWords(text: string): string[] {
  const tokens =
    normalizeForMatch(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return tokens.filter((token) => token.length > 1 && !stopwords.has(token));
}

/**
 * The stemmed terms of `text` that name something: a capitalised word past the first
 * ("Oak Park", "Kestrel"), an acronym ("DVD") or a word with a digit ("K9", "AES-512"). A
 * question about a name the passages never mention is about something they do not cover.
 */
export function namedTerms(text: string): string[] {
  const words = normalizeForMatch(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  const named = words.filter(
    (word, k) =>
      word.length > 1 &&
      !stopwords.has(word.toLowerCase()) &&
      (/\d/.test(word) || /^\p{Lu}{2,}$/u.test(word) || (k > 0 && /^\p{Lu}/u.test(word))),
  );
  return [...new Set(named.map((word) => stem(word.toLowerCase())))];
}
