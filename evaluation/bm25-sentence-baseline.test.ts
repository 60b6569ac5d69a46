import { describe, expect, it } from "vitest";
import { baselineTerms, bestSentence, inverseDocumentFrequency, termStatistics } from "./bm25-sentence-baseline";

const library = termStatistics([
  "The cipher uses rounds. Each round has four steps.",
  "The key schedule expands the cipher key.",
  "The cipher key is 128 bits. Rounds depend on the key.",
  "Unrelated text about the weather.",
]);

describe("baselineTerms", () => {
  it("lowercases, drops function words and joins line-end hyphenation, without stemming", () => {
    expect(baselineTerms("How many ROUNDS does the en-\ncryption use?")).toEqual([
      "many",
      "rounds",
      "encryption",
      "use",
    ]);
  });
});

describe("inverseDocumentFrequency", () => {
  it("weighs a rare term above a common one and an unseen term highest", () => {
    const rare = inverseDocumentFrequency("weather", library);
    const common = inverseDocumentFrequency("cipher", library);
    expect(rare).toBeGreaterThan(common);
    expect(inverseDocumentFrequency("absent", library)).toBeGreaterThan(rare);
    expect(common).toBeGreaterThan(0);
  });
});

describe("bestSentence", () => {
  it("picks the sentence sharing the rarer question terms", () => {
    const passage = "The cipher key is long. The key schedule expands it into rounds.";
    expect(bestSentence("What does the key schedule do?", passage, library)?.text).toBe(
      "The key schedule expands it into rounds.",
    );
  });

  it("returns an exact substring of the passage", () => {
    const passage = "First line of text.\nThe cipher uses\nten rounds.";
    const sentence = bestSentence("How many rounds?", passage, library);
    expect(sentence && passage.slice(sentence.start, sentence.end)).toBe(sentence?.text);
    expect(sentence?.text).toContain("ten rounds");
  });

  it("always answers: the first sentence when nothing overlaps, null only for empty text", () => {
    expect(bestSentence("zebra?", "Alpha one. Beta two.", library)?.text).toBe("Alpha one.");
    expect(bestSentence("zebra?", "   ", library)).toBeNull();
  });
});
