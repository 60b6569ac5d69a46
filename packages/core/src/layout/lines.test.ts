import { describe, expect, it } from "vitest";
import { item, wordItems } from "./hand-made-items";
import { buildRows, rowText } from "./lines";

describe("buildRows", () => {
  it("joins word items of one baseline with spaces pdf.js did not emit, top row first", () => {
    const rows = buildRows([...wordItems("second line here", 50, 688), ...wordItems("first line", 50, 700)]);
    expect(rows.map((row) => rowText(row.segments))).toEqual(["first line", "second line here"]);
  });

  it("keeps a superscript on its line and concatenates touching items without a space", () => {
    const rows = buildRows([item("x", 50, 700), item("2", 55, 703, 6), item(" + y", 58, 700)]);
    expect(rows).toHaveLength(1);
    expect(rowText(rows[0]?.segments ?? [])).toBe("x2 + y");
  });

  it("keeps rows of a table set a size smaller apart from a line of larger text between them", () => {
    // A two-column page: a 10 pt line across both columns, 8 pt table rows just above and below it.
    const rows = buildRows([
      ...wordItems("BERTLARGE 96.6 92.8", 320, 695, 8),
      ...wordItems("further to 1,000 did not bring further improvements and then some more", 50, 688, 10),
      ...wordItems("BERTBASE 96.4 92.4", 320, 682, 8),
    ]);
    expect(rows.map((row) => rowText(row.segments))).toEqual([
      "BERTLARGE 96.6 92.8",
      "further to 1,000 did not bring further improvements and then some more",
      "BERTBASE 96.4 92.4",
    ]);
  });

  it("reads a script stacked over another beside its letter, where a line of the other column caught it", () => {
    // p with a superscript 0 over a subscript 3, in the left column; a right-column line's baseline
    // sits 2 pt above the superscript's, closer than the left column's own line.
    const rows = buildRows([
      ...wordItems("supports up to two full", 300, 273.4),
      item("digital curve. So", 32, 267.6),
      item("p", 120, 267.6),
      item("0", 125.4, 271.3, 7.6),
      item("3 ", 125, 264.5, 7.6),
      item("and more", 133, 267.6),
    ]);
    expect(rows.map((row) => rowText(row.segments))).toEqual([
      "supports up to two full",
      "digital curve. So p30 and more",
    ]);
  });

  it("leaves small text far from any line of its size where it is", () => {
    // A figure's label set small between two columns' lines touches no text of the row below: it stays.
    const rows = buildRows([
      ...wordItems("left column line", 32, 270),
      item("0 0", 200, 272, 7),
      item("far", 400, 266),
    ]);
    expect(rows.map((row) => rowText(row.segments))).toEqual(["left column line 0 0", "far"]);
  });

  it("splits a row into segments at gaps wider than a word space (cells, columns)", () => {
    const rows = buildRows([item("AES-128", 50, 700), item("4", 150, 700), item("10", 250, 700)]);
    expect(rows[0]?.segments.map((segment) => segment.text)).toEqual(["AES-128", "4", "10"]);
  });

  it("keeps the two spaces typed after a sentence in a fixed-width font inside the line", () => {
    // Every hand-made item is 5 pt a character at size 10: a fixed-width font.
    const sentence = "The name portion of a claim representation.";
    const rows = buildRows([item(sentence, 50, 700), item("A Claim Name is", 50 + sentence.length * 5 + 10, 700)]);
    expect(rows[0]?.segments.map((segment) => segment.text)).toEqual([
      "The name portion of a claim representation. A Claim Name is",
    ]);
  });

  it("still splits after a full stop at a wider gap, or where the characters differ in width", () => {
    const cell = "Not supported.";
    const wide = buildRows([item(cell, 50, 700), item("Use the option", 50 + cell.length * 5 + 20, 700)]);
    expect(wide[0]?.segments).toHaveLength(2);
    const proportional = buildRows([
      item(cell, 50, 700),
      { text: "Use the option", x: 50 + cell.length * 5 + 10, y: 700, width: 80, size: 10 },
    ]);
    expect(proportional[0]?.segments).toHaveLength(2);
  });

  it("ignores empty and whitespace-only items", () => {
    const rows = buildRows([item(" ", 10, 700), item("", 10, 650), item("word", 50, 700)]);
    expect(rows.map((row) => rowText(row.segments))).toEqual(["word"]);
  });
});
