import { describe, expect, it } from "vitest";
import { passageStructure } from "../structure/clip-structure";
import { type ChunkColumns, type ChunkRow, chunkColumns, chunkFromRow } from "./chunk-columns";
import { sha256Hex } from "./chunk-record";
import { encodePageLayout } from "./page-layout-codec";
import { storedPage } from "./page-runs";

const text = "3 Scope\n\nThis rule applies to every carrier. Fees are due within 30 days.";
const layout = {
  headings: [{ text: "2 Purpose", level: 1 }],
  blocks: [
    { kind: "heading" as const, span: { start: 0, end: 7 }, level: 1 },
    { kind: "paragraph" as const, span: { start: 9, end: 72 } },
  ],
  runningLines: ["Federal Register / Vol. 85"],
};
const page = storedPage({ pageNumber: 2, text, layout: encodePageLayout(layout) });
const bare = storedPage({ pageNumber: 2, text, layout: null });

function chunkOf(start: number, end: number) {
  const passage = text.slice(start, end);
  return {
    start,
    end,
    text: passage,
    sha256: sha256Hex(passage),
    structure: passageStructure({ text, ...layout }, start, end),
  };
}

function row(chunk: { start: number; end: number }, columns: ChunkColumns): ChunkRow {
  const base = { id: "d:2:0", document_id: "d", filename: "rule.pdf", page: 2 };
  return { ...base, start_offset: chunk.start, end_offset: chunk.end, ...columns };
}

describe("chunk columns", () => {
  it("leave out the text, hash and structure of a chunk its page gives back, and rebuild them", () => {
    const chunk = chunkOf(9, 52);
    const columns = chunkColumns(chunk, page);
    expect(columns).toEqual({ text: null, sha256: null, structure: null });
    expect(chunkFromRow(row(chunk, columns), page)).toEqual({
      id: "d:2:0",
      documentId: "d",
      filename: "rule.pdf",
      page: 2,
      ...chunk,
      structure: {
        headings: ["3 Scope"],
        blocks: [{ kind: "paragraph", span: { start: 0, end: 43 } }],
        runningLines: ["Federal Register / Vol. 85"],
      },
    });
  });

  it("keep what the page does not give back: other text, another hash, another structure, or none", () => {
    const chunk = chunkOf(9, 52);
    const cases = [
      { ...chunk, text: "This rule applies to every carrier" },
      { ...chunk, sha256: "0".repeat(64) },
      { ...chunk, structure: { headings: [], blocks: [] } },
      { ...chunk, structure: undefined },
    ];
    for (const given of cases) {
      const columns = chunkColumns(given, page);
      expect(columns).not.toEqual({ text: null, sha256: null, structure: null });
      expect(chunkFromRow(row(given, columns), page)).toMatchObject({ text: given.text, sha256: given.sha256 });
      expect(chunkFromRow(row(given, columns), page).structure).toEqual(given.structure);
    }
    expect(chunkColumns(cases[3] as (typeof cases)[3], bare)).toEqual({ text: null, sha256: null, structure: null });
    expect(chunkColumns(chunk, undefined)).toMatchObject({ text: chunk.text, sha256: chunk.sha256 });
  });

  it("refuse to rebuild a chunk past the end of its page or without one", () => {
    const columns = { text: null, sha256: null, structure: null };
    expect(() => chunkFromRow(row({ start: 9, end: 500 }, columns), page)).toThrow(/missing or shorter/);
    expect(() => chunkFromRow(row({ start: 9, end: 52 }, columns), undefined)).toThrow(/missing or shorter/);
  });
});
