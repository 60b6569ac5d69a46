import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PopplerPages, pdftotextAvailable } from "./poppler-pages";
import { quoteOnPage } from "./text-judge";

const available = await pdftotextAvailable();
if (!available) console.warn("poppler-pages.test: pdftotext is not installed; skipping the poppler tests.");

describe.skipIf(!available)("PopplerPages", () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "poppler-pages-"));
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const lines of [
      ["The first page talks about apples."],
      ["The second page says the fee is", "12 euros per month."],
    ]) {
      const page = pdf.addPage([400, 300]);
      lines.forEach((line, k) => {
        page.drawText(line, { x: 40, y: 250 - 20 * k, size: 12, font });
      });
    }
    file = path.join(dir, "two-pages.pdf");
    await writeFile(file, await pdf.save());
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("renders one page in both modes and the quote check reads that page only", async () => {
    const pages = new PopplerPages(new Map([["two-pages.pdf", file]]), true);
    const ref = { filename: "two-pages.pdf", page: 2 };
    expect(pages.renderings(ref)).toBeUndefined();
    await pages.load([ref, ref]);
    const renderings = pages.renderings(ref);
    expect(renderings).toHaveLength(2);
    expect(quoteOnPage("the fee is 12 euros per month.", renderings ?? [])).toBe(true);
    expect(quoteOnPage("The first page talks about apples.", renderings ?? [])).toBe(false);
  });

  it("gives an empty page for a file it was not told about, and nothing when poppler is off", async () => {
    const pages = new PopplerPages(new Map(), true);
    expect(pages.renderings({ filename: "other.pdf", page: 1 })).toEqual([]);
    const off = new PopplerPages(new Map([["two-pages.pdf", file]]), false);
    await off.load([{ filename: "two-pages.pdf", page: 1 }]);
    expect(off.renderings({ filename: "two-pages.pdf", page: 1 })).toBeUndefined();
  });
});
