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

  it("never empties a page", () => {
    const pages = [1, 2, 3].map(() => page([item("Only line", 50, 780)]));
    expect(findRunningLines(pages).every((drop) => drop.size === 0)).toBe(true);
  });

  it("masks digits and trailing roman page numbers", () => {
    expect(maskedText("Page 12 of 40")).toBe("page # of #");
    expect(maskedText("Preface  xiv")).toBe("preface #");
  });
});
