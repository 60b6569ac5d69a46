import { describe, expect, it } from "vitest";
import { CandidateCache } from "./candidate-cache";
import { ligatureRepairs, ligatureWord } from "./ligature-repair";

const dictionary = new Set(["definition", "significance", "cutoff", "first", "figure", "fitness", "effect", "time"]);
const knows = (word: string) => dictionary.has(word);

describe("ligatureRepairs", () => {
  it("puts back the fi, ff or fl a PDF's font dropped, where that makes a known word", () => {
    const repairs = ligatureRepairs("The denition of signicance: if a cuto time is not given, the eect is nil.", knows);
    expect(Object.fromEntries(repairs)).toEqual({
      denition: "definition",
      signicance: "significance",
      cuto: "cutoff",
      eect: "effect",
    });
  });

  it("repairs nothing in a text that prints its ligatures", () => {
    expect(ligatureRepairs("The first figure shows the definition; tness is a name here.", knows).size).toBe(0);
  });

  it("leaves short words and words no ligature makes known alone", () => {
    expect(ligatureRepairs("The qux of the zorb is time.", knows).size).toBe(0);
  });
});

describe("ligatureWord", () => {
  it("gives the word a lower-case word would be with its ligature, and nothing for a known word or a name", () => {
    expect(ligatureWord("denition", knows)).toBe("definition");
    expect(ligatureWord("time", knows)).toBeUndefined();
    expect(ligatureWord("rst", knows)).toBeUndefined();
    expect(ligatureWord("Denition", knows)).toBeUndefined();
    expect(ligatureWord("msprep", knows)).toBeUndefined();
  });
});

describe("CandidateCache with a dictionary", () => {
  const passage = { text: "If a cuto time is not given, the default is the maximum observed time of 424 months." };

  it("gives a word that lost its ligature the forms of the whole word, its quote as printed", () => {
    const [features] = new CandidateCache(0, () => knows).analyse(passage).features;
    expect(features?.ownForms.has("cutoff")).toBe(true);
    expect(features?.candidate.quote).toContain("cuto time");
    expect(new CandidateCache(0, () => knows).analyse(passage).forms.has("cutoff")).toBe(true);
  });

  it("reads the text as printed without one", () => {
    const [features] = new CandidateCache(0).analyse(passage).features;
    expect(features?.ownForms.has("cutoff")).toBe(false);
  });
});
