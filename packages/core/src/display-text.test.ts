import { describe, expect, it } from "vitest";
import { displaySegments, displayText } from "./display-text";
import { findNormalizedSpan, normalizeForMatch } from "./normalize-text";

describe("displayText", () => {
  it("joins a word broken at a line end, also when the break became a space", () => {
    expect(displayText("as illus-\ntrated below")).toBe("as illustrated below");
    expect(displayText("as illus- trated below")).toBe("as illustrated below");
    expect(displayText("as illus-\r\n  trated")).toBe("as illustrated");
  });

  it("keeps real hyphens, suspended compounds and capitalised continuations", () => {
    expect(displayText("a well-known fact")).toBe("a well-known fact");
    expect(displayText("pre- and post-war")).toBe("pre- and post-war");
    expect(displayText("Rome-\nMilan line")).toBe("Rome- Milan line");
  });

  it("reflows single line breaks and keeps paragraph breaks", () => {
    expect(displayText("one line\nnext line\n\nNew paragraph")).toBe("one line next line\n\nNew paragraph");
    expect(displayText("soft\u00ADhyphen")).toBe("softhyphen");
  });
});

describe("displaySegments", () => {
  it("highlights the displayed characters of a span found on the original text", () => {
    const text = "The figures are illus-\ntrated in\nthe annex. Other text.";
    const span = findNormalizedSpan(text, "illustrated in the annex.");
    expect(span).not.toBeNull();
    const segments = displaySegments(text, span);
    expect(segments).toEqual([
      { text: "The figures are ", highlighted: false },
      { text: "illustrated in the annex.", highlighted: true },
      { text: " Other text.", highlighted: false },
    ]);
  });

  it("returns the whole text unmarked without a span", () => {
    expect(displaySegments("a\nb", null)).toEqual([{ text: "a b", highlighted: false }]);
  });
});

const page = "The key schedule is illus-\ntrated in Fig. 3 and\nexplained in Sec. 5.2.\n\nAES-256 8 4 14";

describe("line-end hyphenation", () => {
  it("is joined by quote matching, which keeps offsets into the page as stored", () => {
    expect(normalizeForMatch("illus-\ntrated")).toBe("illustrated");
    const span = findNormalizedSpan(page, "is illustrated in Fig. 3");
    expect(span && page.slice(span.start, span.end)).toBe("is illus-\ntrated in Fig. 3");
  });

  it("is joined in display text, which matching treats as the same text", () => {
    const quote = page.slice(0, page.indexOf("\n\n"));
    expect(displayText(quote)).toBe("The key schedule is illustrated in Fig. 3 and explained in Sec. 5.2.");
    expect(normalizeForMatch(displayText(quote))).toBe(normalizeForMatch(quote));
    expect(findNormalizedSpan(page, displayText(quote))).toEqual({ start: 0, end: quote.length });
  });

  it("leaves a hyphen before a capital, a digit or the end alone, and shows a table row as printed", () => {
    expect(displayText("Carnegie-\nMellon and AES-\n256")).toBe("Carnegie- Mellon and AES- 256");
    expect(displayText("AES-256 8 4 14")).toBe("AES-256 8 4 14");
  });
});
