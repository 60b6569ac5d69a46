import { describe, expect, it } from "vitest";
import { describeLayout, restateRow } from "./passage-layout";

describe("restateRow", () => {
  const text = "VCC 2.7 3.3 3.6 V";
  const cells = [
    { start: 0, end: 3 },
    { start: 4, end: 7 },
    { start: 8, end: 11 },
    { start: 12, end: 15 },
    { start: 16, end: 17 },
  ];
  const row = { kind: "table-row" as const, span: { start: 0, end: 17 }, cells, headers: [] as string[] };

  it("leads with the cells that have no header and pairs the rest with theirs", () => {
    expect(restateRow(text, { ...row, headers: ["", "Min", "Typ", "Max", "Unit"] })).toBe(
      "VCC: Min: 2.7; Typ: 3.3; Max: 3.6; Unit: V",
    );
  });

  it("reads a row with every header given, or none", () => {
    expect(restateRow(text, { ...row, headers: ["Parameter", "Min", "Typ", "Max", "Unit"] })).toBe(
      "Parameter: VCC; Min: 2.7; Typ: 3.3; Max: 3.6; Unit: V",
    );
    expect(restateRow(text, { ...row, headers: ["", "", "", "", ""] })).toBe("VCC 2.7 3.3 3.6 V");
  });
});

describe("describeLayout", () => {
  it("says nothing for a passage of plain paragraphs or without structure", () => {
    expect(describeLayout("Some text.", undefined)).toEqual([]);
    expect(
      describeLayout("Some text.", { headings: [], blocks: [{ kind: "paragraph", span: { start: 0, end: 10 } }] }),
    ).toEqual([]);
  });
});

describe("describeLayout, rows of a group", () => {
  it("restates a row of a group with the group's cell from the row above", () => {
    const text = "Leaf Logarithmic Search 4.04\nEvolutionary Search 2.34";
    const at = (cell: string) => ({ start: text.indexOf(cell), end: text.indexOf(cell) + cell.length });
    const headers = ["Curve", "Algorithm", "ISE"];
    const lines = describeLayout(text, {
      headings: [],
      blocks: [
        {
          kind: "table-row",
          span: { start: 0, end: 28 },
          cells: [at("Leaf"), at("Logarithmic Search"), at("4.04")],
          headers,
        },
        {
          kind: "table-row",
          span: { start: 29, end: text.length },
          cells: [at("Evolutionary Search"), at("2.34")],
          headers: headers.slice(1),
        },
      ],
    });
    expect(lines.at(-1)).toBe(
      'Row "Evolutionary Search 2.34" = Curve: Leaf; Algorithm: Evolutionary Search; ISE: 2.34',
    );
  });
});
