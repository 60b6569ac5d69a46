import { afterAll, describe, expect, it } from "vitest";
import { WordNetLexicon } from "./wordnet-lexicon";

const lexicon = new WordNetLexicon();
afterAll(() => lexicon.close());

describe("WordNetLexicon", () => {
  it("finds synonyms of a word's frequent senses", () => {
    expect(lexicon.related("car")).toContain("automobile");
    expect(lexicon.related("buy")).toContain("purchase");
  });

  it("finds a word's antonyms, and none for a word without", () => {
    expect(lexicon.opposites("inside")).toContain("outside");
    expect(lexicon.opposites("maximum")).toEqual(["minimum"]);
    expect(lexicon.opposites("automobile")).toEqual([]);
    expect(lexicon.opposites("xyzzyq")).toEqual([]);
    // Antonyms are not related words.
    expect(lexicon.related("inside")).not.toContain("outside");
  });

  it("finds derived forms", () => {
    expect(lexicon.related("pay")).toContain("payment");
    expect(lexicon.related("encrypt")).toContain("encryption");
  });

  it("finds the adjective an adverb pertains to", () => {
    expect(lexicon.related("explicitly")).toContain("explicit");
    expect(lexicon.related("typically")).toContain("typical");
  });

  it("knows nothing of words outside WordNet and leaves out the word itself", () => {
    expect(lexicon.related("qwertyzzz")).toEqual([]);
    expect(lexicon.related("car")).not.toContain("car");
    // The first and the last entry of an index file are found too.
    expect(() => lexicon.related("zymurgy")).not.toThrow();
  });

  it("tells words mostly used as nouns from verbs, adjectives and adverbs, by their senses' frequency", () => {
    for (const word of ["battery", "company", "resource", "memory"]) expect(lexicon.mostlyNoun(word), word).toBe(true);
    for (const word of ["actually", "carry", "free", "spend", "qwertyzzz"])
      expect(lexicon.mostlyNoun(word), word).toBe(false);
  });

  it("knows a word of any part of speech and not a term of a field", () => {
    for (const word of ["battery", "quickly", "free", "carry"]) expect(lexicon.knows(word), word).toBe(true);
    for (const word of ["nonlinearity", "qwertyzzz"]) expect(lexicon.knows(word), word).toBe(false);
  });

  it("tells a word it has only as a name from one it has as a common word too", () => {
    for (const word of ["philip", "paris", "Rebecca"]) expect(lexicon.properName(word), word).toBe(true);
    // "nelson" is also a wrestling hold, "turner" one who turns; "qwertyzzz" is not in WordNet.
    for (const word of ["nelson", "turner", "office", "qwertyzzz"]) expect(lexicon.properName(word), word).toBe(false);
  });
});
