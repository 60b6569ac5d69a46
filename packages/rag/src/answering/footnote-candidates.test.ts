import { describe, expect, it } from "vitest";
import type { AnswerCandidate } from "./candidate-text";
import { footnoteCandidates } from "./footnote-candidates";

const sentence = (text: string, passage: string): AnswerCandidate => ({
  kind: "sentence",
  quote: text,
  start: passage.indexOf(text),
  claimText: text.replace(/\s+/g, " "),
  context: ["Proposed changes"],
});

describe("footnoteCandidates", () => {
  it("reads a footnote after the words of the sentence that carries its mark", () => {
    const citing = "Differences greater than a certain\nthreshold 13 would cause an alert.";
    const passage = `${citing}\nThe pilots see it.\n13 More than 10 degrees difference for more than\n10 seconds.\n\nNext paragraph.`;
    const citingSentence = sentence(citing, passage);
    const { made, cited } = footnoteCandidates(passage, [citingSentence]);
    const [note, ...rest] = made;
    expect(rest).toEqual([]);
    // The citing sentence gives way: the note's candidate says all it says and what the mark stood for.
    expect([...cited]).toEqual([citingSentence]);
    expect(note).toMatchObject({
      kind: "list-item",
      quote: "13 More than 10 degrees difference for more than\n10 seconds.",
      claimText:
        "Differences greater than a certain threshold (note 13: More than 10 degrees difference for more than 10 seconds) would cause an alert.",
      context: ["Proposed changes", "Differences greater than a certain threshold 13 would cause an alert."],
      scoredText:
        "Differences greater than a certain threshold More than 10 degrees difference for more than 10 seconds would cause an alert.",
    });
    expect(passage.slice(note?.start, (note?.start ?? 0) + (note?.quote.length ?? 0))).toBe(note?.quote);
  });

  it("takes a mark glued to its word's comma, never a number counted or pointed to", () => {
    const glued = "If it exceeds the threshold,11 the computer stops.";
    const passage = `${glued}\n11 The threshold depends on the rate of change.`;
    expect(footnoteCandidates(passage, [sentence(glued, passage)]).made[0]?.claimText).toBe(
      "If it exceeds the threshold (note 11: The threshold depends on the rate of change) the computer stops.",
    );
    for (const counted of [
      "See section 11 of the rule.",
      "It took more than 11 hours.",
      "The release 2.11 works.",
      // After a function word, a value; glued to capitals, part of a name.
      "The clock is 11 times the bit rate.",
      "Use the GFF11 formatted annotations.",
    ]) {
      const other = `${counted}\n11 The threshold depends on the rate of change.`;
      expect(footnoteCandidates(other, [sentence(counted, other)])).toEqual({ made: [], cited: new Set() });
    }
    // Glued to a lowercase word, a mark; a numbered line of fewer than three words is no note.
    const lower = "The fit uses the linear model11 lmobj again.";
    expect(
      footnoteCandidates(`${lower}\n11 The threshold depends on the rate.`, [sentence(lower, `${lower}\n`)]).made,
    ).toHaveLength(1);
    const tableLine = "It was not precisely 1 litre then.";
    expect(footnoteCandidates(`${tableLine}\n1 L.`, [sentence(tableLine, tableLine)]).made).toEqual([]);
  });
});
