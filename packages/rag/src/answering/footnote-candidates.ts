import type { AnswerCandidate } from "./candidate-text";
import { asStatement, clean, withStop } from "./candidate-text";
import { STOPWORDS } from "./word-forms";

/** A footnote is no longer than this; a numbered line that runs on further is body text. */
const MAX_FOOTNOTE_CHARS = 400;

/** A footnote has at least this many words after its number. */
const MIN_FOOTNOTE_WORDS = 3;

/** A footnote: at a line's start, its number, then a capitalised word ("13 More than 10 degrees …"). */
const footnoteLine = /^(\d{1,3})[ \t]+(?=\p{Lu})/gmu;

/**
 * Words after which a number is what they count or point to, never a note's mark: "section 13 of",
 * "Table 2 shows", and function words ("more than 13 people", "of 2 kinds").
 */
const countingWord =
  /^(?:section|sections|chapter|table|figure|fig|page|pages|item|part|step|rule|line|lines|paragraph|appendix|no|number|version|article|clause|than|of|to|in|on|at|by|for|and|or|the|a|an|about|over|under|up|only|least|most|every|each|per)$/iu;

/**
 * Footnotes read with the sentence that cites them. A footnote is often a fragment ("13 More than
 * 10 degrees difference for more than 10 seconds.") that means something only with the sentence
 * carrying its mark ("… greater than a certain threshold 13 would cause an AOA DISAGREE alert").
 * For each numbered line of the passage whose number also stands as a mark in one of its
 * sentences (after a word or its comma, before a lowercase word), this gives a candidate whose
 * quote is the footnote as printed and whose claim is the citing sentence with the note said
 * where its mark stands, the citing sentence also its context, as a list item is read with its lead-in.
 * It is scored on the citing sentence read with the note, so it says all the citing sentence says
 * and more: the citing sentences are returned too, for the caller to drop in its favour (a mark
 * read as a figure, "threshold 13 would", would otherwise make the bare sentence look like a count).
 */
export function footnoteCandidates(
  text: string,
  sentences: readonly AnswerCandidate[],
): { made: AnswerCandidate[]; cited: Set<AnswerCandidate> } {
  const notes = [...text.matchAll(footnoteLine)];
  const made: AnswerCandidate[] = [];
  const cited = new Set<AnswerCandidate>();
  notes.forEach((note, k) => {
    const number = note[1] as string;
    const start = note.index;
    const next = notes[k + 1]?.index ?? text.length;
    // The note ends at the next one, at a blank line or at the passage's end.
    const blank = text.indexOf("\n\n", start);
    const end = Math.min(next, blank < 0 ? text.length : blank);
    const quote = text.slice(start, end).trim();
    if (quote.length > MAX_FOOTNOTE_CHARS || !/[.)]$/u.test(quote)) return;
    // A note says something: "1 L." is a table's line, not a note.
    if (quote.slice(number.length).trim().split(/\s+/u).length < MIN_FOOTNOTE_WORDS) return;
    const citing = citingSentence(sentences, number, start, end);
    if (!citing) return;
    // The note said where its mark stands: "… a certain threshold (note 13: More than 10 degrees …) would cause …".
    const before = citing.claim.slice(0, citing.markAt).replace(/[,;:\s]+$/u, "");
    const after = citing.claim.slice(citing.markAt).replace(new RegExp(`^[,;:]? ?${number}`, "u"), "");
    const said = clean(quote.slice(number.length)).replace(/\.$/u, "");
    const claim = asStatement(`${before} (note ${number}: ${said})${after}`);
    if (claim === null) return;
    made.push({
      kind: "list-item",
      quote,
      start,
      claimText: withStop(claim),
      context: [...citing.candidate.context, citing.claim],
      // Scored as one statement: the citing sentence with the note's words where its mark stood.
      scoredText: `${before} ${said}${after}`,
    });
    cited.add(citing.candidate);
  });
  return { made, cited };
}

/** The sentence outside the note that carries its mark, and where the mark stands in its claim. */
function citingSentence(
  sentences: readonly AnswerCandidate[],
  number: string,
  noteStart: number,
  noteEnd: number,
): { candidate: AnswerCandidate; claim: string; markAt: number } | undefined {
  const mark = new RegExp(`(\\p{L}+)([,;:]?) ?${number}(?= +\\p{Ll})`, "gu");
  for (const candidate of sentences) {
    if (candidate.kind !== "sentence" && candidate.kind !== "definition") continue;
    const candidateEnd = candidate.start + candidate.quote.length;
    if (candidate.start < noteEnd && candidateEnd > noteStart) continue;
    // The claim, not the quote: it is the sentence as it stands alone ("As a result of …" without its connective).
    for (const found of candidate.claimText.matchAll(mark)) {
      const word = found[1] as string;
      // "threshold,11 the": a mark glued to its word's comma; "threshold 13 would": one space after a content word.
      if (/\p{N}/u.test(word)) continue;
      const glued = found[2] === "" && !found[0].includes(" ");
      if (glued) {
        // Glued to the word itself, a number is a mark after a word with small letters ("model2
        // lmobj", "or not4 and", "Language7 is"); after an acronym it is part of a name ("GFF3").
        if (word.length < 3 || !/\p{Ll}/u.test(word)) continue;
      } else if (countingWord.test(word) || STOPWORDS.has(word.toLowerCase())) {
        // Set apart after a counting or function word ("section 13 of", "is 16 times"), a value.
        continue;
      }
      return { candidate, claim: candidate.claimText, markAt: found.index + word.length };
    }
  }
  return undefined;
}
