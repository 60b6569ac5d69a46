import { describe, expect, it } from "vitest";
import { contentTerms, stem } from "./content-terms";

describe("stem", () => {
  it.each([
    [["block", "blocks"], "block"],
    [["size", "sizes", "sized", "sizing"], "siz"],
    [["encrypt", "encrypts", "encrypted", "encrypting", "encryption"], "encrypt"],
    [["policy", "policies"], "policy"],
    [["apply", "applies", "applied"], "apply"],
    [["cancel", "cancelled", "cancellation"], "cancel"],
    [["box", "boxes"], "box"],
    [["byte", "bytes"], "byt"],
    [["use", "uses", "used", "using"], "us"],
    [["implement", "implements", "implementation"], "implement"],
  ])("meets the forms of %j at %s", (forms, expected) => {
    for (const form of forms) expect(stem(form)).toBe(expected);
  });

  it("leaves short words, words with digits and -ss/-us/-is/-eed endings alone", () => {
    expect(stem("aes")).toBe("aes");
    expect(stem("key")).toBe("key");
    expect(stem("aes256")).toBe("aes256");
    expect(stem("status")).toBe("status");
    expect(stem("analysis")).toBe("analysis");
    expect(stem("speed")).toBe("speed");
    expect(stem("string")).toBe("string");
  });
});

describe("contentTerms", () => {
  it("drops stopwords and question filler and stems the rest", () => {
    expect(contentTerms("What is the block size of AES?")).toEqual(["block", "siz", "aes"]);
    expect(contentTerms("Please tell me: how many rounds does AES-256 use?")).toEqual(["round", "aes", "256"]);
  });

  it("folds ligatures, hyphenation and case before splitting", () => {
    expect(contentTerms("The \uFB01eld is interoper-\nable")).toEqual(["field", "interoperabl"]);
  });

  it("returns nothing for a question made only of function words", () => {
    expect(contentTerms("What is it?")).toEqual([]);
  });
});
