import type { TextItem } from "@audited-rag/core";
import { buildRows, readingOrder } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { item } from "../../../core/src/layout/hand-made-items";
import { findRunningLines, maskedText } from "./running-lines";

function page(items: TextItem[]) {
  return { height: 800, lines: readingOrder(buildRows(items)) };
}

describe("findRunningLines", () => {
  it("finds a header and a page-number footer repeating on every page, digits aside", () => {
    const pages = [1, 2, 3, 4].map((n) =>
      page([
        item(`Federal Register / Vol. 85, No. ${170 + n} / Rules`, 50, 780),
        item(`Body text of page ${"abcd"[n - 1]} that differs.`, 50, 700),
        item(`Another body line ${"efgh"[n - 1]}.`, 50, 688),
        item(String(54000 + n), 300, 20),
      ]),
    );
    const drops = findRunningLines(pages);
    for (const drop of drops) expect([...drop].sort()).toEqual([0, 3]);
  });

  it("keeps body lines that merely look alike in the middle of the page, and lines seen on too few pages", () => {
    const pages = [1, 2, 3, 4, 5].map((n) =>
      page([
        item(n <= 2 ? "Draft for comment" : `Unique heading ${"abcde"[n - 1]}`, 50, 780),
        item("Section text repeats here.", 50, 400),
        item(`Footer ${"vwxyz"[n - 1]}`, 50, 20),
      ]),
    );
    expect(findRunningLines(pages).every((drop) => drop.size === 0)).toBe(true);
  });

  it("drops a book's running header whose section part changes from page to page", () => {
    const sections = ["3.1. ALPHA", "3.1. ALPHA", "3.2. BETA", "3.3. GAMMA", "3.3. GAMMA", "3.4. DELTA"];
    const pages = sections.map((section, n) =>
      page([
        item(section, 50, 780, 9),
        item("CHAPTER 3. USING THE TOOL", 400, 780, 9),
        item(`First body line ${"abcdef"[n]} of the page.`, 50, 750),
        item(`Second body line ${"ghijkl"[n]} of the page.`, 50, 738),
        item(`Third body line ${"mnopqr"[n]} of the page.`, 50, 726),
      ]),
    );
    const drops = findRunningLines(pages);
    pages.forEach((each, n) => {
      const dropped = [...(drops[n] ?? [])].map((index) => each.lines[index]?.segments.map((s) => s.text).join(" "));
      expect(dropped.join(" ")).toContain(sections[n]);
      expect(dropped.join(" ")).toContain("CHAPTER 3");
      expect(dropped.join(" ")).not.toContain("body line");
    });
  });

  it("keeps a table header repeated at the top of pages at the body's spacing, and slide titles set larger", () => {
    const book = [1, 2, 3, 4].map((n) =>
      page([
        item(`${n}.1. SECTION`, 50, 780, 9),
        item("CHAPTER 1. THE TOOL", 400, 780, 9),
        item(`Body line ${"abcd"[n - 1]} of the page.`, 50, 750),
        item(`Next body line ${"efgh"[n - 1]} of the page.`, 50, 738),
      ]),
    );
    const table = [5, 6].map((n) =>
      page([
        item("Name", 50, 780),
        item("Value", 300, 780),
        item(`row${n}a`, 50, 768),
        item(String(n), 300, 768),
        item(`row${n}b`, 50, 756),
        item(String(n + 1), 300, 756),
      ]),
    );
    const drops = findRunningLines([...book, ...table]);
    expect(drops.slice(0, 4).every((drop) => drop.size === 1)).toBe(true);
    expect(drops.slice(4).every((drop) => drop.size === 0)).toBe(true);
    const slides = [1, 2, 3, 4].map((n) =>
      page([
        item(n <= 2 ? "Packaging basics" : "Building packages", 50, 780, 20),
        item(`Slide point ${"abcd"[n - 1]} one.`, 50, 740),
        item(`Slide point ${"efgh"[n - 1]} two.`, 50, 728),
        item(`Slide point ${"ijkl"[n - 1]} three.`, 50, 716),
      ]),
    );
    expect(findRunningLines(slides).every((drop) => drop.size === 0)).toBe(true);
  });

  it("never empties a page", () => {
    const pages = [1, 2, 3].map(() => page([item("Only line", 50, 780)]));
    expect(findRunningLines(pages).every((drop) => drop.size === 0)).toBe(true);
  });

  it("masks digits and trailing roman page numbers", () => {
    expect(maskedText("Page 12 of 40")).toBe("page # of #");
    expect(maskedText("Preface  xiv")).toBe("preface #");
  });
});
