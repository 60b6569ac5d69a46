import { describe, expect, it } from "vitest";
import { containsNormalized, findNormalizedSpan, normalizeForMatch } from "./normalize-text";

describe("normalizeForMatch", () => {
  it("folds whitespace runs, including line breaks and no-break spaces, and trims", () => {
    expect(normalizeForMatch("  a\n\tb \u00A0 c\r\nd  ")).toBe("a b c d");
  });

  it("straightens curly quotes and primes", () => {
    expect(normalizeForMatch("\u201Cthe AES algorithm\u201D isn\u2019t \u2018new\u2019")).toBe(
      "\"the AES algorithm\" isn't 'new'",
    );
  });

  it("expands ligatures", () => {
    expect(normalizeForMatch("e\uFB03cient \uFB01eld \uFB02ow o\uFB00er ba\uFB04e \uFB05op \uFB06ar")).toBe(
      "efficient field flow offer baffle stop star",
    );
  });

  it("removes soft hyphens and zero-width characters", () => {
    expect(normalizeForMatch("crypto\u00ADgraphy\u200B key\uFEFF")).toBe("cryptography key");
  });

  it("joins words hyphenated across a line end", () => {
    expect(normalizeForMatch("promote the interoper-\nability of")).toBe("promote the interoperability of");
    expect(normalizeForMatch("interoper-  \r\n  ability")).toBe("interoperability");
    expect(normalizeForMatch("interop\u00AD\nability")).toBe("interopability");
  });

  it("keeps hyphens that are not line-end hyphenation", () => {
    expect(normalizeForMatch("AES-128 and multi-byte")).toBe("AES-128 and multi-byte");
    expect(normalizeForMatch("keys of 128-\n192 bits")).toBe("keys of 128- 192 bits");
    expect(normalizeForMatch("the AES-\nBlock")).toBe("the AES- Block");
  });

  it("keeps en and em dashes distinct from the hyphen, and maps Unicode hyphens to it", () => {
    expect(normalizeForMatch("10\u201320 \u2014 non\u2010zero non\u2011breaking")).toBe(
      "10\u201320 \u2014 non-zero non-breaking",
    );
  });

  it("maps the ellipsis character to three dots and keeps case", () => {
    expect(normalizeForMatch("Wait\u2026 AES")).toBe("Wait... AES");
  });
});

describe("containsNormalized", () => {
  const passage =
    "The AES algorithm is capable of using cryptographic keys of 128, 192, and 256 bits to encrypt\nand decrypt data in blocks of 128 bits.";

  it("matches a quote across a line wrap", () => {
    expect(containsNormalized(passage, "to encrypt and decrypt data in blocks of 128 bits.")).toBe(true);
  });

  it("rejects a quote that is not there, and is case-sensitive", () => {
    expect(containsNormalized(passage, "blocks of 256 bits")).toBe(false);
    expect(containsNormalized(passage, "the aes algorithm")).toBe(false);
  });

  it("never matches an empty or blank needle", () => {
    expect(containsNormalized(passage, "")).toBe(false);
    expect(containsNormalized(passage, " \n ")).toBe(false);
  });

  it("matches both the joined word and the hyphenated compound across a line end", () => {
    const text = "multi-\nbyte values promote interoper-\nability";
    expect(containsNormalized(text, "promote interoperability")).toBe(true);
    expect(containsNormalized(text, "multi-byte values")).toBe(true);
    expect(containsNormalized(text, "multi-\nbyte values")).toBe(true);
  });

  it("matches straight quotes in the quote against curly ones in the passage", () => {
    expect(containsNormalized("referred to as \u201Cthe AES algorithm.\u201D", '"the AES algorithm."')).toBe(true);
  });
});

describe("findNormalizedSpan", () => {
  it("gives offsets into the original text", () => {
    const haystack = "Intro.  The  block\nsize is 128 bits. Outro.";
    const span = findNormalizedSpan(haystack, "The block size is 128 bits.");
    expect(span).not.toBeNull();
    expect(haystack.slice(span?.start, span?.end)).toBe("The  block\nsize is 128 bits.");
  });

  it("covers a whole ligature and a joined hyphenation", () => {
    const haystack = "An e\uFB03cient interoper-\nability layer";
    const span = findNormalizedSpan(haystack, "efficient interoperability");
    expect(haystack.slice(span?.start, span?.end)).toBe("e\uFB03cient interoper-\nability");
  });

  it("ends inside a ligature when the needle does", () => {
    const haystack = "the \uFB01eld";
    expect(findNormalizedSpan(haystack, "the f")).toEqual({ start: 0, end: 5 });
  });

  it("returns null when absent", () => {
    expect(findNormalizedSpan("abc", "abd")).toBeNull();
  });

  it("finds the first occurrence", () => {
    expect(findNormalizedSpan("x key y key", "key")).toEqual({ start: 2, end: 5 });
  });

  it("handles characters outside the Basic Multilingual Plane", () => {
    const haystack = "emoji \u{1F512} locks";
    const span = findNormalizedSpan(haystack, "\u{1F512} locks");
    expect(haystack.slice(span?.start, span?.end)).toBe("\u{1F512} locks");
  });
});
