import { describe, expect, it } from "vitest";
import { reflowForDisplay, reflowSegments } from "./display-text";
import { findNormalizedSpan } from "./normalize-text";

describe("reflowForDisplay", () => {
  it("joins a word broken at a line end, also when the break became a space", () => {
    expect(reflowForDisplay("as illus-\ntrated below")).toBe("as illustrated below");
    expect(reflowForDisplay("as illus- trated below")).toBe("as illustrated below");
    expect(reflowForDisplay("as illus-\r\n  trated")).toBe("as illustrated");
  });

  it("keeps real hyphens, suspended compounds and capitalised continuations", () => {
    expect(reflowForDisplay("a well-known fact")).toBe("a well-known fact");
    expect(reflowForDisplay("pre- and post-war")).toBe("pre- and post-war");
    expect(reflowForDisplay("Rome-\nMilan line")).toBe("Rome- Milan line");
  });

  it("reflows single line breaks and keeps paragraph breaks", () => {
    expect(reflowForDisplay("one line\nnext line\n\nNew paragraph")).toBe("one line next line\n\nNew paragraph");
    expect(reflowForDisplay("soft\u00ADhyphen")).toBe("softhyphen");
  });
});

describe("reflowSegments", () => {
  it("highlights the displayed characters of a span found on the original text", () => {
    const text = "The figures are illus-\ntrated in\nthe annex. Other text.";
    const span = findNormalizedSpan(text, "illustrated in the annex.");
    expect(span).not.toBeNull();
    const segments = reflowSegments(text, span);
    expect(segments).toEqual([
      { text: "The figures are ", highlighted: false },
      { text: "illustrated in the annex.", highlighted: true },
      { text: " Other text.", highlighted: false },
    ]);
  });

  it("returns the whole text unmarked without a span", () => {
    expect(reflowSegments("a\nb", null)).toEqual([{ text: "a b", highlighted: false }]);
  });
});
