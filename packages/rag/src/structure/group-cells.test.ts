import { describe, expect, it } from "vitest";
import { withGroupCells } from "./group-cells";

const first = {
  headers: ["Curve", "Algorithm", "ISE"],
  cells: ["Leaf", "Logarithmic Search", "4.04"],
  caption: "Table 1",
};

describe("withGroupCells", () => {
  it("carries the leading cells of the row above down to a row that leaves them empty", () => {
    const row = { headers: ["Algorithm", "ISE"], cells: ["Evolutionary Search", "2.34"], caption: "Table 1" };
    expect(withGroupCells(row, first)).toEqual({
      headers: ["Curve", "Algorithm", "ISE"],
      cells: ["Leaf", "Evolutionary Search", "2.34"],
      caption: "Table 1",
    });
  });

  it("leaves a full row, a row of another table and a row of other columns as they are", () => {
    const full = {
      headers: ["Curve", "Algorithm", "ISE"],
      cells: ["Chromosome", "Logarithmic Search", "3.68"],
      caption: "Table 1",
    };
    expect(withGroupCells(full, first)).toBe(full);
    const other = { headers: ["Algorithm", "ISE"], cells: ["Evolutionary Search", "2.34"], caption: "Table 2" };
    expect(withGroupCells(other, first)).toBe(other);
    const shifted = { headers: ["Algorithm"], cells: ["Evolutionary Search"], caption: "Table 1" };
    expect(withGroupCells(shifted, first)).toBe(shifted);
    const headless = { headers: ["", "ISE"], cells: ["x", "2.34"], caption: "Table 1" };
    expect(withGroupCells(headless, first)).toBe(headless);
    expect(withGroupCells(other, undefined)).toBe(other);
  });
});
