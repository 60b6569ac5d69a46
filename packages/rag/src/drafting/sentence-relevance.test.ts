import { describe, expect, it } from "vitest";
import { mentions, relevanceScorer, type SentenceTerms, sameTerm } from "./sentence-relevance";

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

describe("mentions", () => {
  it("finds a term in the sentence or in its context", () => {
    expect(mentions(sentence(["block"]), "block")).toBe(true);
    expect(mentions(sentence(["rome"], ["servic"]), "serv")).toBe(true);
    expect(mentions(sentence(["rome"], ["area"]), "block")).toBe(false);
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
    const both = score(sentence(["block", "siz"]))?.score ?? 0;
    const common = score(sentence(["aes", "block"]))?.score ?? 0;
    expect(both).toBeGreaterThan(common);
    expect(common).toBeGreaterThan(0);
  });

  it("adds a bonus for question phrases in the same order", () => {
    const score = relevanceScorer(["block", "siz"], corpus);
    const inOrder = score(sentence(["block", "siz"]))?.score ?? 0;
    expect(inOrder - (score(sentence(["siz", "block"]))?.score ?? 0)).toBeCloseTo(0.1);
  });

  it("counts the heading a sentence sits under", () => {
    const score = relevanceScorer(["area", "serv"], [sentence(["deliver", "servic", "rome"], ["servic", "area"])]);
    expect(score(sentence(["deliver", "servic", "rome"]))).toBeNull();
    expect(score(sentence(["deliver", "servic", "rome"], ["servic", "area"]))?.score).toBeGreaterThan(0.5);
  });

  it("answers a one-term question from any sentence naming it", () => {
    const score = relevanceScorer(["stat"], corpus);
    expect(score(corpus[3] as SentenceTerms)).toEqual({ score: 1, coverage: 1, missing: [] });
    expect(score(corpus[0] as SentenceTerms)).toBeNull();
  });

  it("reports the covered share of weight and the terms a sentence misses", () => {
    const relevant = relevanceScorer(["aes", "key", "round"], corpus)(sentence(["aes", "key"]));
    expect(relevant?.missing).toEqual(["round"]);
    expect(relevant?.coverage).toBeGreaterThan(0.5);
    expect(relevant?.coverage).toBeLessThan(1);
  });

  it("weighs a named term double, so missing it can sink a sentence", () => {
    const sentences = [
      sentence(["late", "book", "fin"]),
      sentence(["dvd", "lent"]),
      sentence(["late", "return"]),
      sentence(["fin", "charg"]),
    ];
    const question = ["fin", "late", "dvd"];
    expect(relevanceScorer(question, sentences)(sentences[0] as SentenceTerms)).not.toBeNull();
    expect(relevanceScorer(question, sentences, ["dvd"])(sentences[0] as SentenceTerms)).toBeNull();
  });

  it("leaves out what the sentence's document is given, without counting it as covered", () => {
    const books = { terms: ["book", "borrow", "21", "day"], context: [], given: ["orchard", "valley"] };
    const question = ["book", "borrow", "orchard", "valley"];
    const named = ["orchard", "valley"];
    expect(relevanceScorer(question, [books], named)({ ...books, given: [] })).toBeNull();
    expect(relevanceScorer(question, [books], named)(books)).toMatchObject({ coverage: 1, missing: [] });
    const only = { terms: ["opening", "hour"], context: [], given: ["orchard", "valley"] };
    expect(relevanceScorer(["orchard", "valley"], [only], named)(only)).toBeNull();
  });

  it("does not answer with names alone", () => {
    const handbook = sentence(["handbook", "appli", "branch", "orchard", "valley", "library"]);
    const corpus = [handbook, sentence(["architect", "design", "build"]), sentence(["design", "build", "museum"])];
    const question = ["design", "orchard", "valley", "library", "build"];
    expect(relevanceScorer(question, corpus)(handbook)).not.toBeNull();
    expect(relevanceScorer(question, corpus, ["orchard", "valley", "library"])(handbook)).toBeNull();
  });

  it("never scores a question without terms", () => {
    expect(relevanceScorer([], corpus)(corpus[0] as SentenceTerms)).toBeNull();
  });
});
