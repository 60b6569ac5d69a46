import { describe, expect, it } from "vitest";
import { packText } from "./packed-text";
import { packPageRuns, runOf, storedPage, unpackPageRun } from "./page-runs";

const page = (pageNumber: number, layout: string | null = null) => ({
  pageNumber,
  text: `Page ${pageNumber}.`,
  layout,
});

describe("page runs", () => {
  it("groups pages 1–4, 5–8, … into one packed row each, whatever order they come in", () => {
    const runs = packPageRuns([page(9), page(1), page(4), page(5)]);
    expect(runs.map((run) => run.run)).toEqual([0, 1, 2]);
    expect(runs.map((run) => unpackPageRun(run.pages).map((member) => member.pageNumber))).toEqual([[1, 4], [5], [9]]);
    expect([1, 4, 5, 8, 9].map(runOf)).toEqual([0, 0, 1, 1, 2]);
  });

  it("gives back text exactly, including characters outside the Basic Multilingual Plane", () => {
    const text = "𝑥 ≤ 2⁸ — “quoted”\n\tfi ligature ﬁ\u0000";
    const [run] = packPageRuns([{ pageNumber: 3, text, layout: '{"s":[],"h":[],"b":[],"r":[]}' }]);
    expect(unpackPageRun(run?.pages)).toEqual([{ pageNumber: 3, text, layout: '{"s":[],"h":[],"b":[],"r":[]}' }]);
  });

  it("refuses a page given twice or numbered below 1", () => {
    expect(() => packPageRuns([page(2), page(2)])).toThrow(/Page 2 is given twice/);
    expect(() => packPageRuns([page(0)])).toThrow(/not a positive integer/);
  });

  it("refuses a row it did not write", () => {
    expect(() => unpackPageRun("plain text")).toThrow(/not packed/);
    expect(() => unpackPageRun(Buffer.from("not brotli at all"))).toThrow(/does not unpack/);
    expect(() => unpackPageRun(packText('[[1, "text"]]'))).toThrow(/page run is damaged/);
  });

  it("decodes a page's layout only when asked", () => {
    const stored = storedPage(page(1, "not a layout"));
    expect(stored.text).toBe("Page 1.");
    expect(() => stored.layout()).toThrow();
    expect(storedPage(page(1)).layout()).toBeUndefined();
  });
});
