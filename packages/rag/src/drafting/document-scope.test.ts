import { describe, expect, it } from "vitest";
import { documentScope, lineShape, runningLines } from "./document-scope";

const page = (localId: number, body: string, footer: string, source?: string) => ({
  localId,
  text: `${body}\n${footer}`,
  ...(source && { source }),
});

describe("lineShape", () => {
  it("blanks numbers and folds case and spacing", () => {
    expect(lineShape("  Orchard Valley Handbook,  page 12 ")).toBe("orchard valley handbook, page #");
  });
});

describe("runningLines", () => {
  it("finds footers that recur with different page numbers", () => {
    const passages = [
      page(1, "Books may be borrowed for 21 days.", "Orchard Valley Library handbook, page 2"),
      page(2, "Late books are charged 20 cents per day.", "Orchard Valley Library handbook, page 3"),
    ];
    expect([...runningLines(passages)]).toEqual(["orchard valley library handbook, page #"]);
  });

  it("takes a line repeated unchanged only from three passages on, as overlapping chunks share lines", () => {
    const shared = "NIST AI 100-1 AI RMF 1.0";
    const two = [page(1, "One.", shared), page(2, "Two.", shared)];
    expect(runningLines(two).size).toBe(0);
    expect([...runningLines([...two, page(3, "Three.", shared)])]).toEqual([lineShape(shared)]);
  });

  it("does not take table rows that differ in their figures for a running line", () => {
    const rows = [
      page(1, "One.", "AES-128 4 4 10"),
      page(2, "Two.", "AES-192 6 4 12"),
      page(3, "x.", "AES-256 8 4 14"),
    ];
    expect(runningLines(rows).size).toBe(0);
  });

  it("does not take numbered section headings of one kind for running lines", () => {
    const sections = [
      page(1, "/opt is reserved for add-on packages.", "3.13.1. Purpose"),
      page(2, "This directory holds system crash dumps.", "5.6.1. Purpose"),
      page(3, "Lock files go here.", "5.9.1. Purpose"),
    ];
    expect(runningLines(sections).size).toBe(0);
    expect(runningLines(sections.map((p, k) => ({ ...p, text: `${p.text}\nPurpose, page ${k}` }))).size).toBe(1);
  });

  it("ignores long lines and lines without letters", () => {
    const long = `${"A very long line of ordinary running text ".repeat(3)}page 1`;
    const passages = [page(1, "One.", long), page(2, "Two.", long.replace("1", "2")), page(3, "x", "- 3 -")];
    expect(runningLines([...passages, page(4, "y", "- 4 -")]).size).toBe(0);
  });
});

describe("documentScope", () => {
  it("gives every passage of a document the terms of its file name and running lines", () => {
    const passages = [
      page(1, "Books may be borrowed for 21 days.", "Orchard Valley Library handbook, page 2", "handbook.pdf"),
      page(2, "Late books are charged 20 cents per day.", "Orchard Valley Library handbook, page 3", "handbook.pdf"),
      { localId: 3, text: "Members may borrow at most 25 items at once.", source: "handbook.pdf" },
      { localId: 4, text: "The K7 battery charges in 4.5 hours.", source: "kestrel-k7-manual.pdf" },
    ];
    const scope = documentScope(passages);
    expect(scope.get(3)).toEqual(expect.arrayContaining(["handbook", "orchard", "valley", "library", "pag"]));
    expect(scope.get(4)).toEqual(["kestrel", "k7", "manual"]);
  });

  it("takes the running lines extraction recorded beside a passage's text", () => {
    const structure = { headings: [], blocks: [], runningLines: ["HX-40 / rev C / sheet 2"] };
    const passages = [
      { localId: 1, text: "The motor is rated at 5.5 kW.", source: "datasheet.pdf", structure },
      { localId: 2, text: "The housing is cast iron.", source: "datasheet.pdf" },
    ];
    const scope = documentScope(passages);
    expect(scope.get(2)).toEqual(expect.arrayContaining(["datasheet", "hx", "40", "sheet"]));
  });

  it("keeps passages without a source apart", () => {
    const passages = [
      { localId: 1, text: "Books may be borrowed." },
      { localId: 2, text: "Late books are charged." },
    ];
    expect(documentScope(passages)).toEqual(
      new Map([
        [1, []],
        [2, []],
      ]),
    );
  });
});
