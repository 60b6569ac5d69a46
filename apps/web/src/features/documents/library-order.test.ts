import type { DocumentInfo } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { orderLibrary, pdfFiles } from "./library-order";

const doc = (filename: string, createdAt: string): DocumentInfo => ({
  id: filename,
  filename,
  sha256: "x",
  bytes: 1,
  pages: 1,
  chunks: 1,
  status: "ready",
  createdAt,
});
const list = [
  doc("b report.pdf", "2026-01-02T00:00:00Z"),
  doc("A-2.pdf", "2026-01-03T00:00:00Z"),
  doc("a-10.pdf", "2026-01-01T00:00:00Z"),
];

describe("orderLibrary", () => {
  it("sorts by date or by name (numbers in order, case folded)", () => {
    expect(orderLibrary(list, "newest", "").map((d) => d.filename)).toEqual(["A-2.pdf", "b report.pdf", "a-10.pdf"]);
    expect(orderLibrary(list, "oldest", "").map((d) => d.filename)).toEqual(["a-10.pdf", "b report.pdf", "A-2.pdf"]);
    expect(orderLibrary(list, "name", "").map((d) => d.filename)).toEqual(["A-2.pdf", "a-10.pdf", "b report.pdf"]);
    expect(orderLibrary(list, "name-desc", "").map((d) => d.filename)).toEqual(["b report.pdf", "a-10.pdf", "A-2.pdf"]);
  });

  it("filters by name in any case without changing the input", () => {
    expect(orderLibrary(list, "name", " REPORT ").map((d) => d.filename)).toEqual(["b report.pdf"]);
    expect(list[0]?.filename).toBe("b report.pdf");
  });
});

describe("pdfFiles", () => {
  it("keeps PDFs by type or extension", () => {
    const files = [
      new File(["x"], "a.pdf", { type: "application/pdf" }),
      new File(["x"], "B.PDF"),
      new File(["x"], "notes.txt", { type: "text/plain" }),
    ];
    expect(pdfFiles(files).map((file) => file.name)).toEqual(["a.pdf", "B.PDF"]);
  });
});
