import { describe, expect, it } from "vitest";
import { describeDocumentError, describeProgress, describeWarning, formatBytes, percent } from "./document-messages";

describe("describeDocumentError", () => {
  it("says plainly that scanned pages are not read", () => {
    expect(describeDocumentError("PDF_NO_TEXT")).toBe(
      "No text could be read from this PDF: it has no text layer, and OCR found nothing legible (or is off).",
    );
  });

  it("names the upload limit when it is known", () => {
    expect(describeDocumentError("FILE_TOO_LARGE", { maxUploadBytes: 50 * 1024 * 1024 })).toContain("50 MB");
    expect(describeDocumentError("FILE_TOO_LARGE")).toBe("This file is larger than the upload limit.");
  });

  it("returns null for codes it does not know so the server's message is shown", () => {
    expect(describeDocumentError("SOMETHING_NEW")).toBeNull();
    expect(describeWarning("Page 4 has no text.")).toBe("Page 4 has no text.");
    expect(describeWarning("PDF_ENCRYPTED")).toContain("encrypted");
  });
});

describe("describeProgress", () => {
  it("reports the stage and pages", () => {
    expect(describeProgress({ stage: "extracting", fraction: 0.3, pagesDone: 3, pagesTotal: 10 })).toBe(
      "Reading the text of each page: page 3 of 10",
    );
    expect(describeProgress({ stage: "indexing", fraction: 0.9 })).toBe("Adding passages to the search index");
    expect(describeProgress({ stage: "extracting", fraction: 0.1, pagesDone: 2, pagesTotal: 12, ocr: true })).toBe(
      "Reading page 3 of 12 with OCR",
    );
    expect(describeProgress(undefined)).toBe("Processing");
    expect(describeProgress({ stage: "queued", fraction: 0, ahead: 2 })).toBe("Queued, 2 ahead");
    expect(describeProgress({ stage: "queued", fraction: 0, ahead: 0 })).toBe("Queued, next to be read");
    expect(describeProgress({ stage: "queued", fraction: 0 })).toBe("Waiting to start");
  });
});

describe("formatBytes and percent", () => {
  it("formats sizes and clamps fractions", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(percent(1.2)).toBe(100);
    expect(percent(0.456)).toBe(46);
  });
});
