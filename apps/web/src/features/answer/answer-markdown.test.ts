import { describe, expect, it } from "vitest";
import { observeResponse } from "../../fixtures/ask-responses";
import { answerToMarkdown, escapeMarkdown } from "./answer-markdown";
import { showsQuoteOnly } from "./claim-display";

describe("showsQuoteOnly", () => {
  it("is true when text and quote are the same after normalisation", () => {
    expect(showsQuoteOnly({ text: "Refunds take  five days.", quote: "Refunds take five days" })).toBe(true);
    expect(showsQuoteOnly({ text: "Refunds take five days.", quote: "five days" })).toBe(false);
    expect(showsQuoteOnly({ text: "x", quote: "" })).toBe(false);
  });
});

describe("answerToMarkdown", () => {
  it("escapes markup so document text stays literal", () => {
    expect(escapeMarkdown("<img src=x> *bold* [link](y)")).toBe("\\<img src=x\\> \\*bold\\* \\[link\\](y)");
  });

  it("lists claims with citation numbers and numbered sources with file, page and quote", () => {
    const response = observeResponse();
    const markdown = answerToMarkdown(response);
    expect(markdown.startsWith(`# ${escapeMarkdown(response.question)}\n`)).toBe(true);
    const claim = response.parts[0]?.claims[0];
    if (!claim) throw new Error("fixture without claims");
    const entry = response.ledger.find((item) => item.id === claim.citations[0]);
    if (!entry) throw new Error("fixture claim cites nothing");
    expect(markdown).toContain(`[${entry.id}] ${escapeMarkdown(entry.filename)}, page ${entry.page}: "`);
    expect(markdown).toContain(`[${claim.citations[0]}]`);
    expect(markdown).toContain("support check: ");
  });

  it("says when a source page was read by OCR, with its confidence", () => {
    const response = observeResponse();
    const claim = response.parts[0]?.claims[0];
    const id = claim?.citations[0];
    const scanned = {
      ...response,
      ledger: response.ledger.map((item) => (item.id === id ? { ...item, ocr: { confidence: 0.874 } } : item)),
    };
    const entry = scanned.ledger.find((item) => item.id === id);
    if (!entry) throw new Error("fixture claim cites nothing");
    expect(answerToMarkdown(scanned)).toContain(
      `[${entry.id}] ${escapeMarkdown(entry.filename)}, page ${entry.page} (read by OCR, confidence 0.87): "`,
    );
  });
});
