import { describe, expect, it } from "vitest";
import { relevanceScorer, type SentenceTerms, sameTerm } from "./sentence-relevance";

const sentence = (terms: string[], context: string[] = []): SentenceTerms => ({ terms, context });

describe("sameTerm", () => {
  it("matches equal terms and short suffix extensions of terms of four letters or more", () => {
    expect(sameTerm("block", "block")).toBe(true);
    expect(sameTerm("serv", "servic")).toBe(true);
    expect(sameTerm("servic", "serv")).toBe(true);
  });

  it("does not match short stems, long extensions or different words", () => {
    expect(sameTerm("key", "keyed")).toBe(false);
    expect(sameTerm("block", "blockchain")).toBe(false);
    expect(sameTerm("round", "bound")).toBe(false);
  });
});

describe("relevanceScorer", () => {
  const corpus = [
    sentence(["aes", "block", "128", "bit"]),
    sentence(["aes", "key", "siz", "round"]),
    sentence(["aes", "algorithm", "symmetric"]),
    sentence(["aes", "stat", "byt"]),
  ];

  it("requires at least two matched terms when the question has two or more", () => {
    const score = relevanceScorer(["capital", "aes"], corpus);
    expect(corpus.map(score)).toEqual([null, null, null, null]);
  });

  it("requires half the weight, so a common term cannot carry a rare missing one", () => {
    const score = relevanceScorer(["aes", "block", "cipher", "mod"], corpus);
    expect(score(sentence(["aes", "block"]))).toBeNull();
  });

  it("scores a sentence matching the rare terms above one matching the common term", () => {
    const score = relevanceScorer(["block", "siz", "aes"], corpus);
    const both = score(sentence(["block", "siz"])) ?? 0;
    const common = score(sentence(["aes", "block"])) ?? 0;
    expect(both).toBeGreaterThan(common);
    expect(common).toBeGreaterThan(0);
  });

  it("adds a bonus for question phrases in the same order", () => {
    const score = relevanceScorer(["block", "siz"], corpus);
    expect((score(sentence(["block", "siz"])) ?? 0) - (score(sentence(["siz", "block"])) ?? 0)).toBeCloseTo(0.1);
  });

  it("counts the heading a sentence sits under", () => {
    const score = relevanceScorer(["area", "serv"], [sentence(["deliver", "servic", "rome"], ["servic", "area"])]);
    expect(score(sentence(["deliver", "servic", "rome"]))).toBeNull();
    expect(score(sentence(["deliver", "servic", "rome"], ["servic", "area"]))).toBeGreaterThan(0.5);
  });

  it("answers a one-term question from any sentence naming it", () => {
    const score = relevanceScorer(["stat"], corpus);
    expect(score(corpus[3] as SentenceTerms)).toBeCloseTo(1);
    expect(score(corpus[0] as SentenceTerms)).toBeNull();
  });

  it("never scores a question without terms", () => {
    expect(relevanceScorer([], corpus)(corpus[0] as SentenceTerms)).toBeNull();
  });
});
