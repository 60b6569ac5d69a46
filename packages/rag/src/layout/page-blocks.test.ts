import type { TextItem } from "@audited-rag/core";
import { buildRows, readingOrder } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { item } from "../../../core/src/layout/hand-made-items";
import type { StructureBlock } from "../structure/passage-structure";
import { type LayoutState, layOutBlocks } from "./page-blocks";

const lines = (items: TextItem[]) => readingOrder(buildRows(items));
// Program output in a fixed-width font, one character 5 pt wide: `at(column)` is a character column's x.
const at = (column: number) => 50 + column * 5;
const row = (y: number, cells: Array<[string, number]>) => cells.map(([text, column]) => item(text, at(column), y));
const quote = (text: string, block: StructureBlock | undefined) => text.slice(block?.span.start, block?.span.end);

describe("layOutBlocks", () => {
  it("separates paragraphs at wider line gaps with blank lines and keeps line breaks inside", () => {
    const page = layOutBlocks(
      lines([
        item("First paragraph, line one,", 50, 700),
        item("and line two.", 50, 688),
        item("Second paragraph.", 50, 664),
      ]),
      { headings: [] },
    );
    expect(page.text).toBe("First paragraph, line one,\nand line two.\n\nSecond paragraph.");
    expect(page.blocks.map((block) => block.kind)).toEqual(["paragraph", "paragraph"]);
    expect(quote(page.text, page.blocks[1])).toBe("Second paragraph.");
  });

  it("finds headings by size and by numbering, with levels, and carries them to the next page", () => {
    const state: LayoutState = { headings: [] };
    const first = layOutBlocks(
      lines([
        item("Key Expansion", 50, 740, 14),
        item("Body text under the big heading, long enough to set the body size.", 50, 720),
        item("5.2.1 Round Keys", 50, 696),
        item("More body text in the subsection, again a long enough line.", 50, 680),
      ]),
      state,
    );
    expect(first.blocks.map((block) => block.kind)).toEqual(["heading", "paragraph", "heading", "paragraph"]);
    expect(first.blocks[0]).toMatchObject({ level: 1 });
    expect(first.blocks[2]).toMatchObject({ level: 3 });
    const second = layOutBlocks(lines([item("Continued text.", 50, 700)]), state);
    expect(second.headings.map((heading) => heading.text)).toEqual(["Key Expansion", "5.2.1 Round Keys"]);
  });

  it("reads a bulleted list: each item with its marker, wrapped lines and the sentence that leads in", () => {
    const page = layOutBlocks(
      lines([
        item("This paragraph comes first. The plan should include:", 50, 700),
        item("•", 60, 680),
        item("a named owner for each risk, with a", 72, 680),
        item("deadline;", 72, 668),
        item("•", 60, 656),
        item("a yearly review.", 72, 656),
      ]),
      { headings: [] },
    );
    const items = page.blocks.filter((block) => block.kind === "list-item");
    expect(items).toHaveLength(2);
    expect(items.map((block) => quote(page.text, block))).toEqual([
      "• a named owner for each risk, with a\ndeadline;",
      "• a yearly review.",
    ]);
    expect(items[0]).toMatchObject({ marker: "•", leadIn: "The plan should include:" });
    expect(items[1]).toMatchObject({ marker: "•", leadIn: "The plan should include:" });
  });

  it("reads numbered items and keeps the lead-in of a list continued from the previous page", () => {
    const state: LayoutState = { headings: [] };
    layOutBlocks(lines([item("Applicants must:", 50, 700), item("1. file the form;", 60, 686)]), state);
    const next = layOutBlocks(lines([item("2. pay the fee.", 60, 700)]), state);
    expect(next.blocks[0]).toMatchObject({ kind: "list-item", marker: "2.", leadIn: "Applicants must:" });
  });

  it("reads a table: rows on their own lines, cells as spans, column headers per cell and the caption", () => {
    const rows = [
      ["Key Length", "Block Size", "Rounds"],
      ["AES-128", "4", "10"],
      ["AES-192", "6", "12"],
      ["AES-256", "8", "14"],
    ];
    const page = layOutBlocks(
      lines([
        item("Table 1. Key-Block-Round Combinations", 50, 740),
        ...rows.flatMap((row, index) => [
          item(row[0] as string, 50, 720 - index * 12),
          item(row[1] as string, 150, 720 - index * 12),
          item(row[2] as string, 250, 720 - index * 12),
        ]),
      ]),
      { headings: [] },
    );
    const tableRows = page.blocks.filter((block) => block.kind === "table-row");
    expect(tableRows).toHaveLength(3);
    const last = tableRows[2];
    expect(quote(page.text, last)).toBe("AES-256 8 14");
    if (last?.kind !== "table-row") throw new Error("not a row");
    expect(last.cells.map((cell) => page.text.slice(cell.start, cell.end))).toEqual(["AES-256", "8", "14"]);
    expect(last.headers).toEqual(["Key Length", "Block Size", "Rounds"]);
    expect(last.caption).toBe("Table 1. Key-Block-Round Combinations");
    expect(page.text).toContain("Key Length Block Size Rounds\n\nAES-128 4 10\n\nAES-192 6 12");
  });

  it("gives an empty header to a column the header row leaves blank", () => {
    const page = layOutBlocks(
      lines([
        item("Parameter", 50, 720),
        item("Max", 250, 720),
        item("Supply voltage", 50, 708),
        item("3.0", 150, 708),
        item("3.6", 250, 708),
      ]),
      { headings: [] },
    );
    expect(page.blocks[1]).toMatchObject({ kind: "table-row", headers: ["Parameter", "", "Max"] });
  });

  it("does not take justified prose with a wide word gap for a table", () => {
    const page = layOutBlocks(
      lines([
        item("This is a long line of ordinary justified prose that", 50, 700),
        item("continues here", 330, 700),
        item("and goes on with another long line of prose text that", 50, 688),
        item("keeps going", 330, 688),
      ]),
      { headings: [] },
    );
    expect(page.blocks.map((block) => block.kind)).toEqual(["paragraph"]);
  });

  it("reads short justified lines that go on from a line ending in a comma as prose, not a table", () => {
    const page = layOutBlocks(
      lines([
        item("The dynahash library, written by Esmond Pitt,", 50, 700),
        item("implements", 50, 688),
        item("Larson’s linear hashing algorithm", 150, 688),
        item("[LAR88]", 50, 676),
        item("with an hsearch compatible interface.", 130, 676),
      ]),
      { headings: [] },
    );
    expect(page.blocks.some((block) => block.kind === "table-row")).toBe(false);
    expect(page.text.replace(/\s+/g, " ")).toContain("Esmond Pitt, implements");
  });
});

describe("layOutBlocks on harder tables and lists", () => {
  it("takes a header that wraps over several lines, above a stub column, as one header per column", () => {
    const page = layOutBlocks(
      lines([
        item("Key Length", 200, 720),
        item("Block Size", 300, 720),
        item("Number of", 400, 720),
        item("Rounds", 405, 713),
        item("(Nk words)", 200, 706),
        item("(Nb words)", 300, 706),
        item("(Nr)", 410, 699),
        ...[
          ["AES-128", "4", "4", "10"],
          ["AES-256", "8", "4", "14"],
        ].flatMap((row, index) => [
          item(row[0] as string, 100, 685 - index * 12),
          item(row[1] as string, 220, 685 - index * 12),
          item(row[2] as string, 320, 685 - index * 12),
          item(row[3] as string, 415, 685 - index * 12),
        ]),
        item("Figure 4. Key-Block-Round Combinations.", 150, 650),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual(["AES-128 4 4 10", "AES-256 8 4 14"]);
    expect(rows[1]).toMatchObject({
      headers: ["", "Key Length (Nk words)", "Block Size (Nb words)", "Number of Rounds (Nr)"],
      caption: "Figure 4. Key-Block-Round Combinations.",
    });
  });

  it("splits a header set tight over several columns into its words, one per column, and keeps a row's cells apart too", () => {
    // "Chunks", "Cluster" and "Scatter" stand closer than a cell gap, so they form one segment.
    const at = (text: string, x: number, y: number) => item(text, x, y, 8);
    const page = layOutBlocks(
      lines([
        at("System", 50, 720),
        at("Chunks", 95, 720),
        at("Cluster", 122, 720),
        at("Scatter", 153, 720),
        at("per", 95, 712),
        at("Size", 130, 712),
        at("Width", 160, 712),
        at("Node", 95, 704),
        at("Facebook", 50, 690),
        at("10000", 95, 690),
        at("1000", 130, 690),
        at("10", 160, 690),
        // The system's name and its chunk count close enough to be one segment.
        at("RAMCloud", 50, 678),
        at("8000", 86, 678),
        at("100", 130, 678),
        at("N-1", 160, 678),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows[0]).toMatchObject({ headers: ["System", "Chunks per Node", "Cluster Size", "Scatter Width"] });
    const last = rows[1];
    if (last?.kind !== "table-row") throw new Error("not a row");
    expect(last.cells.map((cell) => page.text.slice(cell.start, cell.end))).toEqual(["RAMCloud", "8000", "100", "N-1"]);
    expect(last.headers).toEqual(["System", "Chunks per Node", "Cluster Size", "Scatter Width"]);
    expect(quote(page.text, last)).toBe("RAMCloud 8000 100 N-1");
  });

  it("does not let one row's wide cell merge the table's columns into one", () => {
    const page = layOutBlocks(
      lines([
        item("N", 150, 720),
        item("dmodel", 200, 720),
        item("h", 260, 720),
        item("BLEU", 320, 720),
        ...[
          ["base", "6", "512", "8", "25.8"],
          ["", "", "", "1", "24.9"],
        ].flatMap((row, index) =>
          row.flatMap((cell, column) =>
            cell ? [item(cell, [100, 150, 200, 260, 320][column] as number, 705 - index * 12)] : [],
          ),
        ),
        item("(E) positional embedding instead", 100, 681),
        item("25.7", 320, 681),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ headers: ["h", "BLEU"] });
    expect(rows[0]).toMatchObject({ headers: ["", "N", "dmodel", "h", "BLEU"] });
  });

  it("takes the lines under a header that starts in the stub column, holding no figure, as its wrapped part", () => {
    const page = layOutBlocks(
      lines([
        item("Scatter", 50, 720),
        item("Mean", 120, 720),
        item("Max", 190, 720),
        item("Width", 50, 710),
        item("Load", 120, 710),
        item("Load", 190, 710),
        item("10", 50, 696),
        item("10%", 120, 696),
        item("20%", 190, 696),
        item("100", 50, 684),
        item("1%", 120, 684),
        item("3%", 190, 684),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual(["10 10% 20%", "100 1% 3%"]);
    expect(rows[1]).toMatchObject({ headers: ["Scatter Width", "Mean Load", "Max Load"] });
  });

  it("takes no row of words into the header when only the header holds figures ('caption v1.x')", () => {
    const page = layOutBlocks(
      lines([
        item("caption v1.x", 50, 720),
        item("caption v3.x", 160, 720),
        item("normal", 50, 708),
        item("format=plain", 160, 708),
        item("hang", 50, 696),
        item("format=hang", 160, 696),
        item("nooneline", 50, 684),
        item("singlelinecheck=off", 160, 684),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual([
      "normal format=plain",
      "hang format=hang",
      "nooneline singlelinecheck=off",
    ]);
    expect(rows[2]).toMatchObject({ headers: ["caption v1.x", "caption v3.x"] });
  });

  it("reads a two-tier header: the lower tier under the stub column, each upper cell over its group of columns", () => {
    const at = (text: string, x: number, y: number) => item(text, x, y, 6);
    const figures = (label: string, y: number, values: string[]) => [
      at(label, 40, y),
      ...values.map((value, k) => at(value, [110, 150, 190, 230, 270, 310, 350][k] as number, y)),
    ];
    const page = layOutBlocks(
      lines([
        // Group names centred over their three columns; the figures below sit right of their header words.
        at("Pre-Pawn", 178, 730),
        at("Redemption", 293, 730),
        at("State", 40, 720),
        at("Permit", 100, 720),
        at("Handgun", 140, 720),
        at("Long Gun", 178, 720),
        at("Other", 222, 720),
        at("Handgun", 260, 720),
        at("Long Gun", 298, 720),
        at("Other", 342, 720),
        ...figures("Kentucky", 710, ["264,140", "12", "15", "0", "9", "11", "1"]),
        ...figures("Texas", 700, ["21,550", "14", "20", "1", "29", "20", "0"]),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual([
      "Kentucky 264,140 12 15 0 9 11 1",
      "Texas 21,550 14 20 1 29 20 0",
    ]);
    expect(rows[0]).toMatchObject({
      headers: [
        "State",
        "Permit",
        "Pre-Pawn Handgun",
        "Pre-Pawn Long Gun",
        "Pre-Pawn Other",
        "Redemption Handgun",
        "Redemption Long Gun",
        "Redemption Other",
      ],
    });
  });

  it("joins a cell wrapped onto a line of its own to its row, and takes a header word set above the header line", () => {
    const at = (text: string, x: number, y: number) => item(text, x, y, 8);
    const page = layOutBlocks(
      lines([
        at("Cost on U.S.", 300, 724),
        at("Action", 60, 720),
        at("Labor cost", 150, 720),
        at("Parts cost", 230, 720),
        at("operators", 304, 716),
        at("Wiring change", 40, 700),
        at("79 work-hours =", 150, 700),
        at("$3,790", 230, 700),
        at("$766,865.", 300, 700),
        at("$6,715.", 156, 691),
        at("Sensor test", 40, 682),
        at("40 work-hours =", 150, 682),
        at("$0", 230, 682),
        at("$248,200.", 300, 682),
        at("$3,400.", 156, 673),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual([
      "Wiring change 79 work-hours = $3,790 $766,865. $6,715.",
      "Sensor test 40 work-hours = $0 $248,200. $3,400.",
    ]);
    expect(rows[1]).toMatchObject({
      headers: ["Action", "Labor cost", "Parts cost", "Cost on U.S. operators", "Labor cost"],
    });
  });

  it("joins the lines of a padded row whose cells wrap, stub included, and keeps rows of one pitch apart", () => {
    const at = (text: string, x: number, y: number) => item(text, x, y, 8);
    // A row's lines 10 points apart and the next row 14 below its last line (at a row pitch of 34):
    // the second and third lines of a row hold fewer cells than its first.
    const devices = (rowPitch: number) =>
      layOutBlocks(
        lines([
          at("Device", 40, 760),
          at("Sensor", 110, 760),
          at("GPS", 180, 760),
          at("Storage", 250, 760),
          ...[
            ["TeleMetru", "MS5607", "uBlox", "8MB", "m v3.0", "30km", "Max-8Q"],
            ["TeleMetru", "MS5607", "uBlox", "8MB", "m v4.0", "30km", "Max-8C"],
            ["EasyMini", "MS5607", "-", "1MB", "v1.0", "30km", ""],
          ].flatMap(([device, sensor, gps, storage, version, range, receiver], k) => {
            const y = 736 - k * rowPitch;
            return [
              at(device as string, 40, y),
              at(sensor as string, 110, y),
              at(gps as string, 180, y),
              at(storage as string, 250, y),
              at(version as string, 40, y - 10),
              at(range as string, 110, y - 10),
              ...(receiver ? [at(receiver, 180, y - 10)] : []),
              at("(100k')", 110, y - 20),
            ];
          }),
        ]),
        { headings: [] },
      );
    const padded = devices(34);
    const rows = padded.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(padded.text, row))).toEqual([
      "TeleMetru MS5607 uBlox 8MB m v3.0 30km Max-8Q (100k')",
      "TeleMetru MS5607 uBlox 8MB m v4.0 30km Max-8C (100k')",
      "EasyMini MS5607 - 1MB v1.0 30km (100k')",
    ]);
    expect(rows[1]).toMatchObject({
      headers: ["Device", "Sensor", "GPS", "Storage", "Device", "Sensor", "GPS", "Sensor"],
    });

    // Set a blank line apart (two pitches and more), the lines are blocks of their own: each a row.
    const spaced = devices(44);
    expect(spaced.blocks.filter((block) => block.kind === "table-row")).toHaveLength(6);

    // A table of full rows in pairs (more space after every second row, as padding) keeps every line a row.
    const grouped = layOutBlocks(
      lines([
        at("Item", 40, 760),
        at("2024", 150, 760),
        at("2023", 230, 760),
        ...["Revenue", "Costs", "Margin", "Taxes", "Net income", "Dividends"].flatMap((label, k) => {
          const y = 740 - k * 10 - Math.floor(k / 2) * 5;
          return [at(label, 40, y), at(String(100 + k), 150, y), at(String(90 + k), 230, y)];
        }),
      ]),
      { headings: [] },
    );
    expect(grouped.blocks.filter((block) => block.kind === "table-row")).toHaveLength(6);

    // Rows under a stub cell that names their group ("Infinity" over its methods), padded between
    // groups: each method's line fills every column but the stub, so each stays a row.
    const stubbed = layOutBlocks(
      lines([
        at("Curve", 40, 760),
        at("Method", 110, 760),
        at("nd", 200, 760),
        at("CR", 250, 760),
        ...["Infinity", "Leaf", "Chromosome"].flatMap((curve, group) => {
          const y = 740 - group * 35;
          return [
            at(curve, 40, y),
            ...["Ray", "Sarkar", "Proposed"].flatMap((method, k) => [
              at(method, 110, y - k * 10),
              at(String(10 + k), 200, y - k * 10),
              at(`${5 + k}.5`, 250, y - k * 10),
            ]),
          ];
        }),
      ]),
      { headings: [] },
    );
    expect(stubbed.blocks.filter((block) => block.kind === "table-row").map((row) => quote(stubbed.text, row))).toEqual(
      [
        "Infinity Ray 10 5.5",
        "Sarkar 11 6.5",
        "Proposed 12 7.5",
        "Leaf Ray 10 5.5",
        "Sarkar 11 6.5",
        "Proposed 12 7.5",
        "Chromosome Ray 10 5.5",
        "Sarkar 11 6.5",
        "Proposed 12 7.5",
      ],
    );
  });

  it("keeps a wrapped cell's line apart inside one column of a column page, where poppler reads it with the other column", () => {
    const table = lines([
      item("Replication", 320, 720, 8),
      item("Time (s)", 380, 720, 8),
      item("Random", 320, 706, 8),
      item("600.4", 380, 706, 8),
      item("Replication", 320, 698, 8),
      item("Copyset", 320, 688, 8),
      item("642.3", 380, 688, 8),
    ]).map((line) => ({ ...line, column: 1 }));
    const prose = lines([item("Text of the left column, read before the right one.", 50, 720)]);
    const page = layOutBlocks([...prose, ...table], { headings: [] });
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual(["Random 600.4", "Copyset 642.3"]);
    expect(page.text).toContain("Random 600.4\n\nReplication\n\nCopyset 642.3");
  });

  it("takes no body line into the header: a bulleted 'label: value' line, or one holding a figure", () => {
    const at = (text: string, x: number, y: number) => item(text, x, y);
    const page = layOutBlocks(
      lines([
        at("o", 60, 720),
        at('Claim Name: "iss"', 80, 720),
        at("o", 60, 708),
        at("Change Controller: IESG", 80, 708),
        at("o", 60, 696),
        at("Section 4.1.1", 80, 696),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual(["o Change Controller: IESG", "o Section 4.1.1"]);
  });

  it("leaves a lone line in the stub column apart: it labels the rows after it", () => {
    const page = layOutBlocks(
      lines([
        item("Term", 50, 720),
        item("Meaning", 150, 720),
        item("Claim", 50, 708),
        item("A piece of information", 150, 708),
        item("Nested JWT", 50, 698),
        item("JWS", 50, 688),
        item("A signed JWT", 150, 688),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual(["Claim A piece of information", "JWS A signed JWT"]);
    expect(page.text).toContain("Nested JWT");
  });

  it("gives no header to a table whose first line is a row of figures, but takes years for one", () => {
    const table = (first: string[]) =>
      layOutBlocks(
        lines([
          item(first[0] as string, 50, 720),
          item(first[1] as string, 250, 720),
          item(first[2] as string, 320, 720),
          item("Net cash used by financing activities", 50, 708),
          item("(3,008)", 250, 708),
          item("(2,041)", 320, 708),
          item("Other items", 50, 696),
          item("(1)", 250, 696),
          item("8", 320, 696),
        ]),
        { headings: [] },
      ).blocks.filter((block) => block.kind === "table-row");
    const midway = table(["Accounts receivable, net", "392", "(325)"]);
    expect(midway).toHaveLength(3);
    expect(midway[1]).toMatchObject({ headers: ["", "", ""] });
    const years = table(["Cash flows", "2024", "2023"]);
    expect(years).toHaveLength(2);
    expect(years[0]).toMatchObject({ headers: ["Cash flows", "2024", "2023"] });
  });

  it("heads a table with the single-spaced header line above it, each header by the column it is flush with", () => {
    // Program output: a header run set flush right over its figures (see `at` and `row` above).
    const income = row(696, [
      ["Income", 0],
      ["-1834", 15],
      ["8183", 27],
      ["-0.22", 34],
      ["0.82", 44],
    ]);
    const page = layOutBlocks(
      lines([
        item("Estimate Std. Error z value Pr(>|z|)", at(12), 720),
        ...row(708, [
          ["(Intercept)", 0],
          ["833", 17],
          ["3008", 27],
          ["0.28", 35],
          ["0.071 .", 43],
        ]),
        ...income,
        ...row(684, [
          ["I(Income^2)", 0],
          ["1587", 16],
          ["5489", 27],
          ["0.29", 35],
          ["0.77", 44],
        ]),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ headers: ["", "Estimate", "Std. Error", "z value", "Pr(>|z|)"] });
    // The header line stays a paragraph of its own, as printed.
    expect(page.text.startsWith("Estimate Std. Error z value Pr(>|z|)\n\n")).toBe(true);
    // A line of prose above a table heads nothing.
    const prose = layOutBlocks(
      lines([
        item("The output reads as follows here", at(12), 720),
        ...row(708, [
          ["(Intercept)", 0],
          ["833", 17],
          ["3008", 27],
          ["0.28", 35],
          ["0.78", 44],
        ]),
        ...income,
      ]),
      { headings: [] },
    ).blocks.filter((block) => block.kind === "table-row");
    expect(prose.every((block) => block.kind === "table-row" && block.headers.every((header) => header === ""))).toBe(
      true,
    );
  });

  it("splits a long label printed with its first figure as one item over the stub and that figure's column", () => {
    // R prints "(Intercept) -12.5336" as one run when the label is as long as the stub column.
    const page = layOutBlocks(
      lines([
        item("Estimate Std. Error z value Pr(>|z|)", at(12), 720),
        ...row(708, [
          ["(Intercept) -12.5336", 0],
          ["24.3742", 23],
          ["-0.51", 34],
          ["0.61", 45],
        ]),
        ...row(696, [
          ["RealGNP", 0],
          ["0.1691", 14],
          ["0.0236", 24],
          ["7.17", 35],
          ["7.4e-13 ***", 41],
        ]),
        ...row(684, [
          ["RealInt", 0],
          ["-1.0014", 13],
          ["3.6399", 24],
          ["-0.28", 34],
          ["0.78", 45],
        ]),
        ...row(672, [
          ["Signif. codes:", 0],
          ["0 '***' 0.001 '**' 0.01 '*' 0.05", 17],
        ]),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    const cells = (at: number) => {
      const block = rows[at];
      return block?.kind === "table-row" ? block.cells.map((span) => page.text.slice(span.start, span.end)) : [];
    };
    expect(rows[0]).toMatchObject({ headers: ["", "Estimate", "Std. Error", "z value", "Pr(>|z|)"] });
    expect(cells(0)).toEqual(["(Intercept)", "-12.5336", "24.3742", "-0.51", "0.61"]);
    expect(cells(1)).toEqual(["RealGNP", "0.1691", "0.0236", "7.17", "7.4e-13 ***"]);
  });

  it("finds a caption below a table past the wrapped stub of its last row", () => {
    const page = layOutBlocks(
      lines([
        item("Replication", 50, 720),
        item("Time (s)", 150, 720),
        item("Random", 50, 706),
        item("600.4", 150, 706),
        item("Copyset", 50, 694),
        item("642.3", 150, 694),
        item("Replication", 50, 684),
        item("Table 2: Comparison of recovery time.", 50, 664),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ caption: "Table 2: Comparison of recovery time." });
  });

  it("gives each of two stacked tables the caption below it, past a group label, in the caption's first sentence", () => {
    const page = layOutBlocks(
      lines([
        item("Layers", 50, 740),
        item("Accuracy", 150, 740),
        item("3", 50, 728),
        item("77.9", 150, 728),
        item("6", 50, 716),
        item("80.6", 150, 716),
        item("Table 6: Ablation over model size. More words here.", 50, 700),
        item("System", 50, 680),
        item("Test F1", 150, 680),
        item("ELMo", 50, 668),
        item("92.2", 150, 668),
        item("Fine-tuning approach", 50, 656),
        item("Large", 50, 644),
        item("92.8", 150, 644),
        item("Feature-based approach", 50, 632),
        item("Embeddings", 50, 620),
        item("91.0", 150, 620),
        item("Table 7: Named Entity Recognition re-", 50, 600),
        item("sults. Scores are averaged over restarts.", 50, 588),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    const captionOf = (cell: string) => rows.find((row) => quote(page.text, row).startsWith(cell));
    expect(captionOf("6")).toMatchObject({ caption: "Table 6: Ablation over model size." });
    expect(captionOf("ELMo")).toMatchObject({ caption: "Table 7: Named Entity Recognition results." });
    expect(captionOf("Large")).toMatchObject({ caption: "Table 7: Named Entity Recognition results." });
  });

  it("reads the rows after a group label as the table's next part, under its header", () => {
    const page = layOutBlocks(
      lines([
        item("System", 50, 740),
        item("Dev F1", 150, 740),
        item("Test F1", 220, 740),
        item("ELMo", 50, 728),
        item("95.7", 150, 728),
        item("92.2", 220, 728),
        item("Large", 50, 716),
        item("96.6", 150, 716),
        item("92.8", 220, 716),
        item("Feature-based approach (BASE)", 50, 704),
        item("Embeddings", 50, 692),
        item("91.0", 150, 692),
        item("-", 220, 692),
        item("Last Hidden", 50, 680),
        item("94.9", 150, 680),
        item("-", 220, 680),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.map((row) => quote(page.text, row))).toEqual([
      "ELMo 95.7 92.2",
      "Large 96.6 92.8",
      "Embeddings 91.0 -",
      "Last Hidden 94.9 -",
    ]);
    expect(rows[2]).toMatchObject({ headers: ["System", "Dev F1", "Test F1"] });
    expect(page.blocks.find((block) => quote(page.text, block) === "Feature-based approach (BASE)")?.kind).toBe(
      "paragraph",
    );
  });

  it("finds no caption below a table past a line of prose", () => {
    const page = layOutBlocks(
      lines([
        item("Replication", 50, 720),
        item("Time (s)", 150, 720),
        item("Random", 50, 706),
        item("600.4", 150, 706),
        item("Copyset", 50, 694),
        item("642.3", 150, 694),
        item("The recovery times above were measured on a cluster of nine nodes.", 50, 674),
        item("Table 3: Another table's caption.", 50, 654),
      ]),
      { headings: [] },
    );
    const rows = page.blocks.filter((block) => block.kind === "table-row");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).not.toHaveProperty("caption");
  });

  it("keeps superscripts on their line instead of making a row of exponents", () => {
    const page = layOutBlocks(
      lines([
        item("m(x) = x", 100, 700),
        item("8", 140, 704, 6),
        item("+ x", 146, 700),
        item("4", 161, 704, 6),
        item("+ 1", 166, 700),
      ]),
      { headings: [] },
    );
    expect(page.text).toBe("m(x) = x8 + x4 + 1");
  });

  it("reads a footnote's raised mark apart from the footnote's first word", () => {
    const page = layOutBlocks(
      lines([item("a", 50, 704, 6), item("Introduced by Condorcet in 1770, who used it first.", 54, 700)]),
      { headings: [] },
    );
    expect(page.text).toBe("a Introduced by Condorcet in 1770, who used it first.");
    // An exponent before a lowercase word, or set on the baseline, stays joined.
    const exponent = layOutBlocks(lines([item("x", 50, 700), item("2", 55, 704, 6), item("dx", 58, 700)]), {
      headings: [],
    });
    expect(exponent.text).toBe("x2dx");
    // Inside a line a raised capital is part of a logo: "LATEX" stays one word.
    const logo = layOutBlocks(
      lines([item("See", 50, 700), item("L", 70, 700), item("A", 75, 703, 7), item("TEX for this.", 79, 700)]),
      { headings: [] },
    );
    expect(logo.text).toBe("See LATEX for this.");
  });

  it("recognises bullets a Symbol font gives as private-use characters", () => {
    const page = layOutBlocks(
      lines([item("Do this:", 50, 700), item("\uf0b7", 60, 688), item("first thing.", 72, 688)]),
      {
        headings: [],
      },
    );
    expect(page.blocks[1]).toMatchObject({ kind: "list-item", marker: "\uf0b7", leadIn: "Do this:" });
  });

  it("does not take a numbered heading followed by text for a list item", () => {
    const page = layOutBlocks(
      lines([
        item("4. Mathematical Preliminaries", 50, 700, 12),
        item("All bytes in the algorithm are finite field elements, as the body text explains.", 50, 684),
      ]),
      { headings: [], bodySize: 10 },
    );
    expect(page.blocks.map((block) => block.kind)).toEqual(["heading", "paragraph"]);
  });

  it("reads numbered lines in body type that run on into the next line as list items, not headings", () => {
    const state: LayoutState = { headings: [] };
    const page = layOutBlocks(
      lines([
        item("PRODUCT HIGHLIGHTS", 50, 740, 12),
        item("1. The device is a single chip solution for generating 4 mA to", 50, 720),
        item("20 mA signals at the controller end of the current loop here.", 62, 708),
        item("2. The device is specified with a power supply range from", 50, 690),
        item("12 V to 32 V. Output loop compliance is 0 V to 2.75 V.", 62, 678),
        item("3. The serial input can be used in three-wire mode, said fully", 50, 660),
        item("with common microcontrollers, or in asynchronous mode.", 62, 648),
      ]),
      state,
    );
    expect(page.blocks.map((block) => block.kind)).toEqual(["heading", "list-item", "list-item", "list-item"]);
    const second = page.blocks[2];
    expect(quote(page.text, second)).toBe(
      "2. The device is specified with a power supply range from\n12 V to 32 V. Output loop compliance is 0 V to 2.75 V.",
    );
    expect(second).toMatchObject({ marker: "2.", leadIn: "PRODUCT HIGHLIGHTS" });
    expect(state.headings.map((heading) => heading.text)).toEqual(["PRODUCT HIGHLIGHTS"]);
  });

  it("keeps a numbered heading over a lower-case line, and one wrapped onto a short line, as headings", () => {
    const page = layOutBlocks(
      lines([
        item("Body text that sets the size and the width of the column, long enough", 50, 760),
        item("to be the body, and a second line so the pitch is the body's.", 50, 748),
        item("7.2.1 Unit spacing options", 50, 724),
        item("unitsep = thin, the space between a number and its unit, is the", 50, 708),
        item("default, and it is set with the package's own option.", 50, 696),
        item("4.3 Testing and dating structural changes in the presence of", 50, 672),
        item("structural change", 50, 660),
        item("The tests of this section are all read from one fitted model object", 50, 636),
        item("and need nothing more than that object and its data.", 50, 624),
      ]),
      { headings: [] },
    );
    expect(page.blocks.map((block) => block.kind)).toEqual([
      "paragraph",
      "heading",
      "paragraph",
      "heading",
      "paragraph",
      "paragraph",
    ]);
    expect(page.blocks.filter((block) => block.kind === "heading").map((block) => quote(page.text, block))).toEqual([
      "7.2.1 Unit spacing options",
      "4.3 Testing and dating structural changes in the presence of",
    ]);
  });
});

describe("layOutBlocks on nested and continued lists", () => {
  it("leads a nested list in with the last sentence of the item before it, and returns to the outer lead-in after it", () => {
    const page = layOutBlocks(
      lines([
        item("Media contacts should:", 50, 700),
        item("• hold mock interviews. Questions to ask include:", 60, 686),
        item("– Who attacked you?", 80, 672),
        item("– When did it happen?", 80, 658),
        item("• brief the team first.", 60, 644),
      ]),
      { headings: [] },
    );
    const items = page.blocks.filter((block) => block.kind === "list-item");
    expect(items.map((block) => (block.kind === "list-item" ? block.leadIn : ""))).toEqual([
      "Media contacts should:",
      "Questions to ask include:",
      "Questions to ask include:",
      "Media contacts should:",
    ]);
  });

  it("keeps a list open across a page whose bottom is a footnote", () => {
    const state: LayoutState = { headings: [], bodySize: 10 };
    layOutBlocks(
      lines([
        item("Recommended actions:", 50, 700),
        item("• train the staff;", 60, 686),
        item("7 A footnote in small type.", 50, 60, 8),
      ]),
      state,
    );
    const next = layOutBlocks(lines([item("• brief the contacts.", 60, 700)]), state);
    expect(next.blocks[0]).toMatchObject({ kind: "list-item", leadIn: "Recommended actions:" });
  });

  it("continues a list item into the next column when it had not ended", () => {
    const left = Array.from({ length: 6 }, (_, index) =>
      item(`Left column prose line number ${index} goes here.`, 50, 700 - index * 12),
    );
    const right = Array.from({ length: 5 }, (_, index) =>
      item(`Right column prose line ${index} that fills it.`, 300, 688 - index * 12),
    );
    const page = layOutBlocks(
      lines([...left, item("• Mail: Docket Operations, M–", 60, 628), item("30, West Building.", 300, 700), ...right]),
      { headings: [] },
    );
    const mail = page.blocks.find((block) => block.kind === "list-item");
    expect(quote(page.text, mail)).toBe("• Mail: Docket Operations, M–\n30, West Building.");
  });
});

describe("layOutBlocks and footnotes", () => {
  it("does not take a numbered footnote in small type for a heading", () => {
    const state: LayoutState = { headings: [], bodySize: 10 };
    const page = layOutBlocks(
      lines([item("Body text of the page, long enough.", 50, 700), item("15 All of the checklists", 50, 80, 7)]),
      state,
    );
    expect(page.blocks.map((block) => block.kind)).toEqual(["paragraph", "paragraph"]);
    expect(state.headings).toEqual([]);
  });
});
