import { describe, expect, it } from "vitest";
import { digitsValue, numberPhraseValue, numberWordValue, valueKey } from "./number-words";

describe("number words", () => {
  it("reads single words, ordinals and phrases", () => {
    expect(numberWordValue("Fourteen")).toBe(14);
    expect(numberWordValue("first")).toBe(1);
    expect(numberWordValue("rounds")).toBeNull();
    expect(numberPhraseValue(["twenty", "one"])).toBe(21);
    expect(numberPhraseValue(["three", "hundred"])).toBe(300);
    expect(numberPhraseValue(["one", "thousand", "two", "hundred"])).toBe(1200);
    expect(numberPhraseValue(["two", "keys"])).toBeNull();
  });

  it("reads digits with separators and ordinal suffixes, and keys digits and words alike", () => {
    expect(digitsValue("1,000")).toBe(1000);
    expect(digitsValue("3.5")).toBe(3.5);
    expect(digitsValue("14th")).toBe(14);
    expect(digitsValue("AES")).toBeNull();
    expect(valueKey(digitsValue("14") as number)).toBe(valueKey(numberWordValue("fourteen") as number));
  });
});
