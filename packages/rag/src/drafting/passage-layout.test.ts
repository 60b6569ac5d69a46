import { describe, expect, it } from "vitest";
import { groupedRowsStructure, groupedRowsText } from "../structure/grouped-rows.fixture";
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
    const lines = describeLayout(groupedRowsText, groupedRowsStructure);
    expect(lines.at(-1)).toBe(
      'Row "Evolutionary Search 2.34" = Curve: Leaf; Algorithm: Evolutionary Search; ISE: 2.34',
    );
  });
});
