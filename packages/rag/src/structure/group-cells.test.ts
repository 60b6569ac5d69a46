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

  it("joins a group label set over two lines, and carries the whole label down", () => {
    const opening = { headers: ["Curve", "Method", "FOM"], cells: ["Infinity", "Teh and Chin", "0.59"], caption: "T" };
    const second = { headers: ["Curve", "Method", "FOM"], cells: ["(n = 45)", "Ray and Ray", "0.626"], caption: "T" };
    const joined = withGroupCells(second, opening);
    expect(joined.cells).toEqual(["Infinity (n = 45)", "Ray and Ray", "0.626"]);
    const later = { headers: ["Method", "FOM"], cells: ["Proposed TDLSA", "1.524"], caption: "T" };
    expect(withGroupCells(later, joined).cells).toEqual(["Infinity (n = 45)", "Proposed TDLSA", "1.524"]);
    // A bracket under another header, or a label that already has its bracket, is no second line.
    const bracketed = { ...opening, cells: ["Leaf (n = 120)", "Cornic", "a"] };
    expect(withGroupCells(second, bracketed)).toBe(second);
    const words = { ...second, cells: ["Leaf", "Ray and Ray", "0.255"] };
    expect(withGroupCells(words, opening)).toBe(words);
  });
});
