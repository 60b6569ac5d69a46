import { describe, expect, it } from "vitest";
import type { ListItemBlock, TableRowBlock } from "../structure/passage-structure";
import { inferStructure, looksLikeRow } from "./infer-structure";

const show = (text: string) =>
  inferStructure(text).blocks.map((block) => [block.kind, text.slice(block.span.start, block.span.end)]);

describe("inferStructure", () => {
  it("finds list items with the lead-in above them, joining wrapped lines", () => {
    const text =
      "The plan should include:\n• clear information to\ndeployers;\n• a contact point.\nOther text follows here.";
    const { blocks } = inferStructure(text);
    expect(show(text)).toEqual([
      ["paragraph", "The plan should include:"],
      ["list-item", "• clear information to\ndeployers;"],
      ["list-item", "• a contact point."],
      ["paragraph", "Other text follows here."],
    ]);
    const item = blocks[1] as ListItemBlock;
    expect(item.leadIn).toBe("The plan should include:");
    expect(item.marker).toBe("•");
  });

  it("reads table rows with multi-line headers grouped per column and a caption below", () => {
    const text =
      "Key Length\n(Nk words)\nBlock Size\n(Nb words)\nNumber of\nRounds\n(Nr)\nAES-128 4 4 10\nAES-256 8 4 14\nFigure 4. Key-Block-Round Combinations.";
    const rows = inferStructure(text).blocks.filter((block): block is TableRowBlock => block.kind === "table-row");
    expect(rows).toHaveLength(2);
    const last = rows[1] as TableRowBlock;
    expect(last.headers).toEqual(["", "Key Length (Nk words)", "Block Size (Nb words)", "Number of Rounds (Nr)"]);
    expect(last.cells.map((cell) => text.slice(cell.start, cell.end))).toEqual(["AES-256", "8", "4", "14"]);
    expect(last.caption).toBe("Figure 4. Key-Block-Round Combinations.");
    // The header lines belong to the table, not to a paragraph of their own.
    expect(show(text)[0]?.[0]).toBe("table-row");
  });

  it("aligns a one-line header split by wide gaps", () => {
    const text = "Model    Power    Weight\nK7    250 W    21 kg\nK9    500 W    24 kg";
    const row = inferStructure(text).blocks[0] as TableRowBlock;
    expect(row.headers).toEqual(["Model", "Power", "Weight"]);
    expect(row.cells.map((cell) => text.slice(cell.start, cell.end))).toEqual(["K7", "250 W", "21 kg"]);
  });

  it("takes numbered section titles for headings, not list items or rows", () => {
    expect(show("5. Algorithm Specification\nFor the AES algorithm, the block is 128 bits.")[0]).toEqual([
      "heading",
      "5. Algorithm Specification",
    ]);
    expect(show("10.2.3 202 Accepted\nThe request has been accepted.")[0]).toEqual(["heading", "10.2.3 202 Accepted"]);
    expect(looksLikeRow("10.2.3 202 Accepted")).toBe(false);
    expect(looksLikeRow("AES-192 6 4 12")).toBe(true);
    expect(looksLikeRow("The key is 128 bits and the block 128 bits.")).toBe(false);
  });

  it("keeps wrapped prose as one paragraph", () => {
    expect(show("The AES algorithm is capable of using keys\nof 128 bits to encrypt data.")).toEqual([
      ["paragraph", "The AES algorithm is capable of using keys\nof 128 bits to encrypt data."],
    ]);
  });
});
