import { stemmer } from "stemmer";
import lemmatize from "wink-lemmatizer";
import { memoize } from "../memoize";
import { digitsValue, numberPhraseValue, numberWordValue, valueKey } from "./number-words";

/**
 * One word of a text with the forms it is matched by: its lowercased surface, its dictionary
 * lemmas (WordNet's morphology via wink-lemmatizer: "paid" → "pay", "criteria" → "criterion"),
 * its Porter stem ("encryption" → "encrypt") and, for a figure, its value key ("14", "fourteen"
 * → "#14").
 */
export interface WordForm {
  surface: string;
  /** Lemmas, the stem and the value key: what "same word, other form" matches on. */
  forms: string[];
  /** Position among the text's words, for proximity. */
  position: number;
  /** The value when the word is a figure or a number word. */
  value?: number;
}

/** Function words and question filler that say nothing about what is asked. */
export const STOPWORDS = new Set(
  (
    "a an the of in on at to for from by with about as into onto than then and or but not no nor so if " +
    "is are was were be been being am do does did doing done have has had having can could will would shall " +
    "should may might must what which who whom whose when where why how this that these those it its they them " +
    "their there here i me my we us our you your he him his she her any all some each every such other another " +
    "also very more most much many few own same just only both either neither over under between per via now " +
    "please tell explain describe give list show say says said know let whether get gets " +
    "inside within during upon throughout across along among toward towards through against around beyond despite " +
    "according document documents paper text page pages"
  ).split(" "),
);

const wordPattern = /\d+(?:,\d{3})*(?:\.\d+)?(?:st|nd|rd|th)?|[\p{L}\p{N}]+/gu;

/** The lemmas and stem of one lowercased word, cached: the same words recur across passages. */
export const formsOf: (surface: string) => string[] = memoize(50_000, (surface) => {
  if (/\d/.test(surface)) return [surface];
  const lemmas = new Set([lemmatize.noun(surface), lemmatize.verb(surface), lemmatize.adjective(surface)]);
  const stems = new Set([...lemmas].map((lemma) => stemmer(lemma)));
  return [...new Set([surface, ...lemmas, stemmer(surface), ...stems])];
});

/** What one lowercased word always brings, whatever its neighbours: its forms with its value key, and its value. */
const surfaceForms = memoize(50_000, (surface) => {
  const word = numberWordValue(surface);
  const value = digitsValue(surface) ?? word ?? undefined;
  const forms = formsOf(surface);
  return {
    surface,
    forms: value === undefined ? forms : [...forms, valueKey(value)],
    value,
    numberWord: word !== null,
  };
});

/** Accents some PDFs set as a character of their own ("Gr¨obner"), and the combining mark each stands for. */
const spacingAccents: Readonly<Record<string, string>> = {
  "\u00a8": "\u0308",
  "\u00b4": "\u0301",
  "\u02c6": "\u0302",
  "\u02dc": "\u0303",
  "\u02c7": "\u030c",
  "\u00b8": "\u0327",
  "\u02d8": "\u0306",
  "\u02d9": "\u0307",
  "\u02da": "\u030a",
};
const accents = Object.keys(spacingAccents).join("");
const spacingAccent = new RegExp(`[${accents}\`]`, "g");
const accentBeforeLetter = new RegExp(`([${accents}]) ?(\\p{L})`, "gu");

/**
 * Accents dropped: "Gröbner" and a PDF's "Gr¨obner" (the diaeresis set as a character of its
 * own) are one word to match on. Quotes keep the text as printed; only matching folds.
 */
export function foldMarks(text: string): string {
  // Spacing accents first: NFKD would turn "¨" into a space and a combining mark.
  return text
    .replace(spacingAccent, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** "Gr¨obner" as a reader sees it, "Gröbner": a spacing accent before a letter set on it as a combining mark. */
export function composeAccents(text: string): string {
  return text.replace(accentBeforeLetter, (_, accent: string, letter: string) => `${letter}${spacingAccents[accent]}`);
}

/**
 * Text folded for splitting into words: ligatures to letters (NFKC), a word broken across lines
 * joined, lowercased. Cheaper than normalizeForMatch, which also maps offsets back.
 */
function tokenText(text: string): string {
  return foldMarks(text)
    .normalize("NFKC")
    .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, "$1$2")
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, "")
    .toLowerCase();
}

/** Every word of `text` with its forms; number-word runs ("twenty one") carry the run's value on their last word. */
export function wordForms(text: string): WordForm[] {
  const folded = tokenText(text);
  const result: WordForm[] = [];
  let run: WordForm[] = [];
  const closeRun = () => {
    const value = numberPhraseValue(run.map((word) => word.surface));
    const last = run.at(-1);
    if (last !== undefined && value !== null && run.length > 1) {
      last.value = value;
      last.forms = [...last.forms, valueKey(value)];
    }
    run = [];
  };
  // Where each word stands is read only in text with a hyphenated pair, for joining it (below).
  const joins = hyphenatedPair.test(folded);
  let cursor = 0;
  (folded.match(wordPattern) ?? []).forEach((match, position) => {
    // The memo's copy of the surface: the passages an engine keeps then share one string per word.
    const { surface: word, forms, value, numberWord } = surfaceForms(match);
    const entry: WordForm =
      value === undefined ? { surface: word, forms, position } : { surface: word, forms, position, value };
    if (numberWord) run.push(entry);
    else closeRun();
    if (joins) {
      // No letter or digit stands between two words, so the next occurrence is this word.
      const start = folded.indexOf(match, cursor);
      const before = result[position - 1];
      if (before !== undefined && start === cursor + 1 && hyphens.has(folded.charAt(cursor)))
        joinHyphenated(before, entry);
      cursor = start + match.length;
    }
    result.push(entry);
  });
  closeRun();
  return result;
}

const hyphenatedPair = /\p{L}[-\u2010\u2011]\p{L}/u;
const hyphens = new Set(["-", "\u2010", "\u2011"]);
const letters = /^\p{L}+$/u;

/**
 * "BERT-BASE" and "BERTBASE", "pre-training" and "pretraining" are one name written two ways:
 * each word of a hyphenated pair of letter words also carries the forms of the pair written solid.
 */
function joinHyphenated(before: WordForm, after: WordForm): void {
  if (!letters.test(before.surface) || !letters.test(after.surface)) return;
  const solid = formsOf(before.surface + after.surface);
  for (const word of [before, after]) word.forms = [...new Set([...word.forms, ...solid])];
}

/** Every form of `words`, in order, as a set (without the array `flatMap` would build first). */
export function formSet(words: readonly WordForm[]): Set<string> {
  const forms = new Set<string>();
  for (const word of words) for (const form of word.forms) forms.add(form);
  return forms;
}

/** Whether a word carries meaning for matching: not a stopword, not a lone letter. */
export const isContentWord = (word: WordForm) =>
  !STOPWORDS.has(word.surface) && (word.surface.length > 1 || word.value !== undefined);
