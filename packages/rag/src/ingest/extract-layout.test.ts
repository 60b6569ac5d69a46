import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutPdfText, makeLayoutPdf } from "../../../../tests/support/make-layout-pdf";
import { passageStructure } from "../structure/clip-structure";
import { chunkPage } from "./chunk-page";
import type { ExtractionResult } from "./extract-pdf";
import { extractPdf } from "./extract-pdf";

const t = layoutPdfText;
const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const workDir = mkdtempSync(join(tmpdir(), "rag-layout-"));
let result: ExtractionResult;

beforeAll(async () => {
  const path = join(workDir, "layout.pdf");
  writeFileSync(path, await makeLayoutPdf());
  result = await extractPdf(path, { timeoutMs: 20_000 });
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const page = (number: number) => {
  const found = result.pages.find((candidate) => candidate.pageNumber === number);
  if (!found) throw new Error(`no page ${number}`);
  return found;
};
const blockTexts = (number: number) =>
  page(number).blocks.map((block) => page(number).text.slice(block.span.start, block.span.end));

describe("layout-aware extraction of a real PDF", () => {
  it("drops the running header and page-number footer from every page, and says which lines it dropped", () => {
    for (const number of [1, 2, 3]) {
      expect(page(number).text).not.toContain(t.header);
      expect(page(number).text).not.toMatch(/Page \d of 3/);
      expect(page(number).runningLines).toEqual([t.header, t.footer(number)]);
    }
  });

  it("reads the title first, then the whole left column, then the right column, blocks a blank line apart", () => {
    const text = squash(page(1).text);
    const order = [t.title, ...t.left, ...t.right].map((part) => text.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page(1).blocks.map((block) => block.kind)).toEqual([
      "heading",
      "paragraph",
      "paragraph",
      "paragraph",
      "paragraph",
    ]);
    expect(page(1).text.split("\n\n")).toHaveLength(5);
    expect(squash(blockTexts(1)[3] ?? "")).toBe(t.right[0]);
  });

  it("gives each list item its marker and the sentence that leads in to the list", () => {
    const items = page(2).blocks.filter((block) => block.kind === "list-item");
    expect(items).toHaveLength(2);
    expect(items.map((item) => squash(page(2).text.slice(item.span.start, item.span.end)))).toEqual(
      t.items.map((item) => `• ${item}`),
    );
    for (const item of items) expect(item).toMatchObject({ marker: "•", leadIn: t.leadIn });
  });

  it("reads the table row by row, each row on one line as printed, with column headers and caption", () => {
    const text = page(3).text;
    expect(text).toContain("AES-256 8 4 14");
    const rows = page(3).blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => text.slice(row.span.start, row.span.end))).toEqual(
      t.tableRows.map((row) => row.join(" ")),
    );
    for (const row of rows) {
      if (row.kind !== "table-row") continue;
      expect(row.headers).toEqual(t.tableHeader);
      expect(row.caption).toBe(t.caption);
      expect(row.cells.map((cell) => text.slice(cell.start, cell.end))).toHaveLength(4);
    }
  });

  it("chunks the table without cutting a row and gives a chunk of later rows their headers", () => {
    const third = page(3);
    const chunks = chunkPage(third.text, { targetChars: 40, maxChars: 60, overlapChars: 0 }, third.blocks);
    const last = chunks.find((chunk) => chunk.text.includes("AES-256"));
    expect(last?.text.startsWith("AES-256 8 4 14") || last?.text.includes("\n\nAES-256 8 4 14")).toBe(true);
    const structure = passageStructure(third, last?.start ?? 0, last?.end ?? 0);
    const row = structure.blocks.find(
      (block) => block.kind === "table-row" && last?.text.slice(block.span.start, block.span.end).startsWith("AES-256"),
    );
    expect(row).toMatchObject({ headers: t.tableHeader, caption: t.caption });
    expect(last?.text.slice(row?.span.start, row?.span.end)).toBe("AES-256 8 4 14");
  });
});

describe("text set sideways", () => {
  const sidewaysPdf = async (upright: string[], turned: string) => {
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    const sheet = document.addPage([612, 792]);
    upright.forEach((line, index) => {
      sheet.drawText(line, { x: 72, y: 574 - index * 14, size: 11, font });
    });
    // A margin stamp turned a quarter, its baseline origin level with the second line of prose.
    sheet.drawText(turned, { x: 40, y: 560, size: 11, font, rotate: degrees(90) });
    const path = join(workDir, `sideways-${upright.length}.pdf`);
    writeFileSync(path, await document.save());
    return (await extractPdf(path, { timeoutMs: 20_000 })).pages[0]?.text ?? "";
  };

  it("leaves a margin stamp out of a page of upright prose", async () => {
    const lines = [
      "There are several approaches to tropical geometry. We follow the embedded",
      "approach, which focuses on tropicalizing classical varieties. Another important",
      "branch of the subject focuses on developing an abstract theory of its own.",
    ];
    const text = await sidewaysPdf(lines, "arXiv:1207.1925v1 [math.AG] 8 Jul 2012");
    expect(text).not.toContain("arXiv");
    expect(squash(text)).toBe(squash(lines.join(" ")));
  });

  it("keeps sideways text where it is most of the page", async () => {
    const text = await sidewaysPdf(["Page 4"], "A table printed across a landscape page");
    expect(text).toContain("A table printed across a landscape page");
  });
});
