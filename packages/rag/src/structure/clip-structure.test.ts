import { describe, expect, it } from "vitest";
import type { PageBlocks } from "../layout/page-blocks";
import { indexContext, passageStructure } from "./clip-structure";

const text = "3 Cipher\n\nThe rounds are:\n\n• ten for short keys\n\nKey Rounds\n\nAES-128 10\n\nAES-256 14";
const at = (part: string, from = 0) => ({
  start: text.indexOf(part, from),
  end: text.indexOf(part, from) + part.length,
});
const page: PageBlocks = {
  text,
  headings: [{ text: "Part I", level: 1 }],
  blocks: [
    { kind: "heading", span: at("3 Cipher"), level: 1 },
    { kind: "paragraph", span: at("The rounds are:") },
    { kind: "list-item", span: at("• ten for short keys"), marker: "•", leadIn: "The rounds are:" },
    { kind: "paragraph", span: at("Key Rounds") },
    {
      kind: "table-row",
      span: at("AES-128 10"),
      cells: [at("AES-128"), at("10")],
      headers: ["Key", "Rounds"],
    },
    {
      kind: "table-row",
      span: at("AES-256 14"),
      cells: [at("AES-256"), at("14")],
      headers: ["Key", "Rounds"],
      caption: "Table 1",
    },
  ],
};

describe("passageStructure", () => {
  it("re-bases blocks to the passage and names the headings in force at its start", () => {
    const start = text.indexOf("AES-256");
    const structure = passageStructure(page, start, text.length);
    expect(structure.headings).toEqual(["3 Cipher"]);
    expect(structure.blocks).toEqual([
      {
        kind: "table-row",
        span: { start: 0, end: 10 },
        cells: [
          { start: 0, end: 7 },
          { start: 8, end: 10 },
        ],
        headers: ["Key", "Rounds"],
        caption: "Table 1",
      },
    ]);
  });

  it("keeps the page's own headings before the first heading, and a lead-in standing before the passage", () => {
    const start = text.indexOf("• ten");
    const structure = passageStructure({ ...page, blocks: page.blocks.slice(2) }, start, start + 20);
    expect(structure.headings).toEqual(["Part I"]);
    expect(structure.blocks).toEqual([
      { kind: "list-item", span: { start: 0, end: 20 }, marker: "•", leadIn: "The rounds are:" },
    ]);
  });

  it("clips a paragraph cut by the passage end and drops cells outside it", () => {
    const structure = passageStructure(page, 12, 64);
    expect(structure.blocks[0]).toEqual({ kind: "paragraph", span: { start: 0, end: 13 } });
    expect(structure.blocks.at(-1)).toMatchObject({
      kind: "table-row",
      cells: [{ start: 49, end: 52 }],
      headers: ["Key"],
    });
  });
});

describe("indexContext", () => {
  it("lists headings, captions, column headers, lead-ins and running lines once each", () => {
    const structure = passageStructure({ ...page, runningLines: ["Federal Register"] }, text.indexOf("•"), text.length);
    expect(structure.runningLines).toEqual(["Federal Register"]);
    expect(indexContext(structure).split("\n")).toEqual([
      "3 Cipher",
      "The rounds are:",
      "Key",
      "Rounds",
      "Table 1",
      "Federal Register",
    ]);
  });
});
