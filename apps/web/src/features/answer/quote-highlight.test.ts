import { describe, expect, it } from "vitest";
import { highlightQuote, quoteFound } from "./quote-highlight";

describe("highlightQuote", () => {
  it("marks the quote inside the passage", () => {
    const segments = highlightQuote(
      "Intro. Customers may cancel within thirty days. Outro.",
      "may cancel within thirty days",
    );
    expect(segments).toEqual([
      { text: "Intro. Customers ", highlighted: false },
      { text: "may cancel within thirty days", highlighted: true },
      { text: ". Outro.", highlighted: false },
    ]);
  });

  it("matches across line breaks and curly quotes but highlights the original characters", () => {
    const text = "The \u201Cservice\u201D operates in\nRome and Milan.";
    const segments = highlightQuote(text, 'The "service" operates in Rome');
    expect(segments[0]).toEqual({ text: "The \u201Cservice\u201D operates in\nRome", highlighted: true });
  });

  it("leaves the text unmarked when the quote is absent, empty or differs in case", () => {
    expect(highlightQuote("Rome and Milan.", "Paris")).toEqual([{ text: "Rome and Milan.", highlighted: false }]);
    expect(highlightQuote("Rome and Milan.", "")).toEqual([{ text: "Rome and Milan.", highlighted: false }]);
    expect(quoteFound("Rome and Milan.", "rome and milan")).toBe(false);
    expect(quoteFound("Rome and Milan.", null)).toBe(false);
  });
});
