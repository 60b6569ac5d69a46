import { describe, expect, it } from "vitest";
import type { PageLayout } from "./chunk-record";
import { decodePageLayout, encodePageLayout } from "./page-layout-codec";

const layout: PageLayout = {
  headings: [
    { text: "5 Algorithm Specification", level: 1 },
    { text: "5.1 Cipher", level: 2 },
  ],
  blocks: [
    { kind: "heading", span: { start: 0, end: 9 }, level: 2 },
    { kind: "heading", span: { start: 11, end: 20 } },
    { kind: "paragraph", span: { start: 22, end: 40 } },
    { kind: "list-item", span: { start: 42, end: 50 }, marker: "•", leadIn: "It includes:" },
    { kind: "list-item", span: { start: 52, end: 60 } },
    ...[0, 1, 2].map((row) => ({
      kind: "table-row" as const,
      span: { start: 62 + row * 12, end: 72 + row * 12 },
      cells: [
        { start: 62 + row * 12, end: 69 + row * 12 },
        { start: 70 + row * 12, end: 72 + row * 12 },
      ],
      headers: ["Key Length", ""],
      caption: "Table 4. Key-Block-Round Combinations",
    })),
  ],
  runningLines: ["FIPS 197", "Page 14"],
};

describe("page layout codec", () => {
  it("round-trips every kind of block, with and without optional fields", () => {
    expect(decodePageLayout(encodePageLayout(layout))).toEqual(layout);
  });

  it("stores each repeated header and caption once", () => {
    const json = encodePageLayout(layout);
    expect(json.split("Key-Block-Round").length - 1).toBe(1);
    expect(json.split("Key Length").length - 1).toBe(1);
    expect(json.length).toBeLessThan(JSON.stringify(layout).length / 2);
  });

  it("refuses a value it did not write", () => {
    expect(() => decodePageLayout('{"s":[],"h":[],"b":[["x",1,2]],"r":[]}')).toThrow();
  });
});
