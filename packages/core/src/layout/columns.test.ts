import { describe, expect, it } from "vitest";
import { findGutters, readingOrder } from "./columns";
import { item } from "./hand-made-items";
import { buildRows, rowText } from "./lines";
import type { TextItem } from "./text-item";

/** A column of `count` full lines of about `chars` characters, labelled `label1`, `label2`, … */
function column(label: string, x: number, top: number, count: number, chars = 44): TextItem[] {
  return Array.from({ length: count }, (_, index) => {
    const text = `${label}${index + 1} `.padEnd(chars, "x");
    return item(text, x, top - index * 12);
  });
}

const text = (items: TextItem[]) => readingOrder(buildRows(items)).map((line) => rowText(line.segments));

describe("reading order", () => {
  it("reads a two-column page column by column, under a full-width title", () => {
    const title = item("A title that spans both of the columns of this page, centred on it all", 60, 760, 12);
    const items = [title, ...column("L", 50, 700, 6), ...column("R", 300, 700, 6)];
    expect(findGutters(buildRows(items))).toHaveLength(1);
    const order = text(items);
    expect(order[0]).toMatch(/^A title/);
    expect(order.slice(1, 7).every((line) => line.startsWith("L"))).toBe(true);
    expect(order.slice(7).every((line) => line.startsWith("R"))).toBe(true);
  });

  it("reads three columns left to right", () => {
    const items = [...column("A", 40, 700, 5, 30), ...column("B", 220, 700, 5, 30), ...column("C", 400, 700, 5, 30)];
    expect(findGutters(buildRows(items))).toHaveLength(2);
    expect(
      text(items)
        .map((line) => line[0])
        .join(""),
    ).toBe("AAAAABBBBBCCCCC");
  });

  it("keeps a spanning line between two column bands where it stands", () => {
    const items = [
      ...column("L", 50, 700, 5),
      ...column("R", 300, 700, 5),
      item("A full-width figure caption or section break that crosses the gutter", 50, 620),
      ...column("M", 50, 600, 5),
      ...column("N", 300, 600, 5),
    ];
    expect(
      text(items)
        .map((line) => line[0])
        .join(""),
    ).toBe("LLLLLRRRRRAMMMMMNNNNN");
  });

  it("keeps whole the rows of a table as wide as a two-column page, cells on both sides of the gutter", () => {
    const cells = (label: string, y: number) => [
      item(label, 50, y),
      item("84.6", 150, y),
      item("71.2", 200, y),
      item("93.5", 300, y),
      item("52.1", 350, y),
    ];
    const items = [
      ...column("L", 50, 700, 6),
      ...column("R", 300, 700, 6),
      ...cells("BERTBASE", 600),
      ...cells("BERTLARGE", 588),
      ...column("M", 50, 560, 5),
      ...column("N", 300, 560, 5),
    ];
    const lines = readingOrder(buildRows(items));
    const rows = lines.filter((line) => line.column === -1).map((line) => rowText(line.segments));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^BERTBASE .*84\.6 .*52\.1$/);
    // Prose lines side by side are still read column by column.
    expect(lines.map((line) => rowText(line.segments)[0]).join("")).toBe("LLLLLLRRRRRRBBMMMMMNNNNN");
  });

  it("reads a heading in one column beside a table's header in the other as two lines, not one wide row", () => {
    const items = [
      ...column("L", 50, 700, 6),
      ...column("R", 300, 700, 6),
      item("5.", 50, 620, 12),
      item("EVALUATION", 80, 620, 12),
      item("Replication", 300, 620, 8),
      item("Recovery", 350, 620, 8),
      item("Minimal", 400, 620, 8),
      ...column("M", 50, 600, 5),
      ...column("N", 300, 600, 5),
    ];
    const lines = readingOrder(buildRows(items));
    expect(lines.filter((line) => line.column === -1)).toEqual([]);
    const heading = lines.find((line) => rowText(line.segments) === "5. EVALUATION");
    const header = lines.find((line) => rowText(line.segments) === "Replication Recovery Minimal");
    expect([heading?.column, header?.column]).toEqual([0, 1]);
  });

  it("does not take the gaps between table columns for a gutter", () => {
    const items = [
      item("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt", 50, 760),
      ...["Key", "AES-128", "AES-192", "AES-256", "Extra", "More"].flatMap((key, row) => [
        item(key, 50, 740 - row * 12),
        item(String(4 + row), 200, 740 - row * 12),
        item(String(10 + row), 350, 740 - row * 12),
      ]),
    ];
    expect(findGutters(buildRows(items))).toEqual([]);
    expect(text(items)[2]).toBe("AES-128 5 11");
  });
});
