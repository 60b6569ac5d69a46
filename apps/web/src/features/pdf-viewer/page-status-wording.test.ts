import { describe, expect, it } from "vitest";
import { describePageStatus } from "./page-status-wording";

describe("describePageStatus", () => {
  it("says whether the quote is highlighted on a page with a text layer", () => {
    const textLayer = { kind: "text-layer" } as const;
    expect(describePageStatus("found", textLayer)).toBe("The cited quote is highlighted on this page.");
    expect(describePageStatus("not-found", textLayer)).toContain("could not be located in this page's text layer");
    expect(describePageStatus("pending", textLayer)).toBe("");
    expect(describePageStatus("none", null)).toBe("");
  });

  it("adds that a page was read by OCR, with its confidence, and where the highlight comes from", () => {
    const ocr = { kind: "ocr", confidence: 0.8666 } as const;
    expect(describePageStatus("found", ocr)).toBe(
      "The cited quote is highlighted on this page. This page was read by OCR (confidence 0.87); the highlight is drawn from the OCR word boxes.",
    );
    expect(describePageStatus("not-found", ocr)).toBe(
      "The cited quote could not be located in the words OCR read on this page, so nothing is highlighted. This page was read by OCR (confidence 0.87).",
    );
    expect(describePageStatus("none", ocr)).toBe("This page was read by OCR (confidence 0.87).");
  });

  it("explains a scan without OCR words, or whose words could not be fetched", () => {
    expect(describePageStatus("not-found", { kind: "no-text" })).toContain("a scan without a text layer");
    expect(describePageStatus("not-found", { kind: "ocr-failed", message: "The server could not be reached." })).toBe(
      "The OCR words of this scanned page could not be fetched, so nothing is highlighted. The server could not be reached.",
    );
  });
});
