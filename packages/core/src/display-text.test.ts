import { describe, expect, it } from "vitest";
import { displayText } from "./display-text";
import { findNormalizedSpan, normalizeForMatch } from "./normalize-text";

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
