import { describe, expect, it } from "vitest";
import { contentTerms, namedTerms, stem } from "./content-terms";

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

describe("namedTerms", () => {
  it("keeps capitalised words past the first, acronyms and words with digits", () => {
    expect(namedTerms("What budget did the council approve for Oak Park?")).toEqual(["oak", "park"]);
    expect(namedTerms("What is the fine for a late DVD?")).toEqual(["dvd"]);
    expect(namedTerms("What is the key length of AES-512?")).toEqual(["aes", "512"]);
    expect(namedTerms("Kestrel K7 battery capacity?")).toEqual(["k7"]);
  });

  it("ignores the opening word, stopwords and plain lowercase words", () => {
    expect(namedTerms("What Is The block size?")).toEqual([]);
    expect(namedTerms("how many rounds are used?")).toEqual([]);
  });
});
