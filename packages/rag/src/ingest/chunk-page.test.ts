import { describe, expect, it } from "vitest";
import { type ChunkingOptions, chunkPage, defaultChunkingOptions, sentenceSpans } from "./chunk-page";

function sentence(index: number): string {
  return `Sentence number ${index} explains one rule of the fictional policy in plain words.`;
}

function paragraph(count: number): string {
  return Array.from({ length: count }, (_, index) => sentence(index)).join(" ");
}

function expectExactSlices(text: string, options: ChunkingOptions = defaultChunkingOptions) {
  const chunks = chunkPage(text, options);
  for (const chunk of chunks) {
    expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    expect(chunk.text.length).toBeLessThanOrEqual(options.maxChars);
    expect(chunk.text).toBe(chunk.text.trim());
  }
  return chunks;
}

/** Every non-space character of the page is inside at least one chunk. */
function expectFullCoverage(text: string, chunks: { start: number; end: number }[]) {
  const covered = new Array<boolean>(text.length).fill(false);
  for (const chunk of chunks) covered.fill(true, chunk.start, chunk.end);
  const missed = [...text].filter((char, index) => !covered[index] && /\S/.test(char));
  expect(missed).toEqual([]);
}

describe("chunkPage", () => {
  it("returns nothing for an empty or blank page", () => {
    expect(chunkPage("")).toEqual([]);
    expect(chunkPage(" \n\n \t")).toEqual([]);
  });

  it("keeps a short page in one chunk with its offsets", () => {
    const text = "  Short page. Two sentences.  ";
    expect(chunkPage(text)).toEqual([{ start: 2, end: 28, text: "Short page. Two sentences." }]);
  });

  it("cuts long pages at sentence ends into chunks of roughly target size", () => {
    const text = paragraph(60);
    const chunks = expectExactSlices(text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.text.length).toBeGreaterThanOrEqual(600);
      expect(chunk.text).toMatch(/[.!?]$/);
      expect(chunk.text).toMatch(/^Sentence number \d+/);
    }
    expectFullCoverage(text, chunks);
  });

  it("repeats whole trailing sentences at the start of the next chunk", () => {
    const text = paragraph(60);
    const chunks = chunkPage(text);
    for (let index = 1; index < chunks.length; index++) {
      const previous = chunks[index - 1];
      const current = chunks[index];
      if (!previous || !current) throw new Error("missing chunk");
      expect(current.start).toBeLessThan(previous.end);
      expect(current.start).toBeGreaterThan(previous.start);
      expect(previous.end - current.start).toBeLessThanOrEqual(defaultChunkingOptions.overlapChars);
    }
  });

  it("does not overlap when asked not to", () => {
    const chunks = chunkPage(paragraph(40), { ...defaultChunkingOptions, overlapChars: 0 });
    for (let index = 1; index < chunks.length; index++) {
      expect(chunks[index]?.start).toBeGreaterThanOrEqual(chunks[index - 1]?.end ?? 0);
    }
  });

  it("takes the rest of the page into the last chunk when it fits", () => {
    const text = paragraph(13);
    expect(text.length).toBeLessThanOrEqual(defaultChunkingOptions.maxChars);
    expect(chunkPage(text)).toHaveLength(1);
  });

  it("splits one giant sentence at word boundaries with overlap", () => {
    const text = Array.from({ length: 700 }, (_, index) => `word${index}`).join(" ");
    const chunks = expectExactSlices(text);
    expect(chunks.length).toBeGreaterThan(4);
    expectFullCoverage(text, chunks);
    for (const chunk of chunks) {
      expect(chunk.text).toMatch(/^word\d+/);
      expect(chunk.text).toMatch(/word\d+$/);
    }
    for (let index = 1; index < chunks.length; index++) {
      expect(chunks[index]?.start).toBeLessThan(chunks[index - 1]?.end ?? 0);
    }
  });

  it("hard-cuts a giant token without splitting a surrogate pair", () => {
    const text = `${"a".repeat(1199)}😀${"b".repeat(1500)}`;
    const chunks = expectExactSlices(text);
    expect(chunks[0]?.text).toBe("a".repeat(1199));
    expect(chunks[1]?.text.startsWith("😀")).toBe(true);
    expectFullCoverage(text, chunks);
  });

  it("skips the overlap when a long sentence has no word boundary late enough", () => {
    const text = `${"a".repeat(100)} ${"b".repeat(800)} ${"c".repeat(3000)}`;
    const chunks = expectExactSlices(text);
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([901, 1200, 1200, 600]);
    expectFullCoverage(text, chunks);
  });

  it("never lets a following long sentence be swallowed by the overlap", () => {
    const long = `${"Long words ".repeat(105).trim()}.`;
    const text = `${paragraph(12)} ${long} ${paragraph(3)}`;
    const chunks = expectExactSlices(text);
    expectFullCoverage(text, chunks);
    const starts = chunks.map((chunk) => chunk.start);
    expect(new Set(starts).size).toBe(starts.length);
  });
});

describe("sentenceSpans", () => {
  it("ends sentences at punctuation with closing quotes and at blank lines", () => {
    const text = 'He said "stop." Then left!\nHeading without stop\n\nNext paragraph? Yes (really.) end';
    const spans = sentenceSpans(text).map((span) => text.slice(span.start, span.end));
    expect(spans).toEqual([
      'He said "stop."',
      "Then left!",
      "Heading without stop",
      "Next paragraph?",
      "Yes (really.)",
      "end",
    ]);
  });

  it("does not split decimals or inner dots", () => {
    const text = "Version 1.5 of example.com is live. Done.";
    expect(sentenceSpans(text).map((span) => text.slice(span.start, span.end))).toEqual([
      "Version 1.5 of example.com is live.",
      "Done.",
    ]);
  });
});

describe("chunkPage with the page's blocks", () => {
  const options: ChunkingOptions = { targetChars: 120, maxChars: 200, overlapChars: 0 };

  /** Page text of blocks separated by blank lines, with the blocks' spans. */
  function page(parts: { kind: string; text: string }[]) {
    let text = "";
    const blocks = parts.map((part) => {
      if (text) text += "\n\n";
      const start = text.length;
      text += part.text;
      return { kind: part.kind, span: { start, end: text.length } };
    });
    return { text, blocks };
  }

  it("never cuts a table row, even at a full stop inside a cell", () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({
      kind: "table-row",
      text: `Supply current typ. ${index}.5 mA max. ${index + 2}.0 mA`,
    }));
    const { text, blocks } = page(rows);
    const chunks = chunkPage(text, options, blocks);
    for (const chunk of chunks) {
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      for (const block of blocks) {
        const overlaps = chunk.start < block.span.end && chunk.end > block.span.start;
        if (overlaps) expect(chunk.start <= block.span.start && chunk.end >= block.span.end).toBe(true);
      }
    }
    // Without the blocks, the same text is cut after "typ." somewhere.
    const flat = chunkPage(text, options);
    expect(flat.some((chunk) => blocks.some((b) => chunk.end > b.span.start && chunk.end < b.span.end))).toBe(true);
  });

  it("grows a chunk past its target to the end of the block it is in, when that fits", () => {
    const { text, blocks } = page([
      { kind: "paragraph", text: "A first paragraph of some length. It has two sentences in it here." },
      {
        kind: "paragraph",
        text: "The second one starts here. It goes on. And on for a while longer. Until it ends.",
      },
      { kind: "paragraph", text: "A third paragraph, long enough that the page does not fit in one chunk at all." },
    ]);
    const chunks = chunkPage(text, options, blocks);
    expect(chunks[0]?.end).toBe(blocks[1]?.span.end);
    const flat = chunkPage(text, options);
    expect(flat[0]?.end).not.toBe(blocks[1]?.span.end);
  });

  it("keeps a list item whole with its wrapped lines", () => {
    const { text, blocks } = page([
      { kind: "paragraph", text: "x ".repeat(50).trim() },
      { kind: "list-item", text: "• first point. It wraps\nonto a second line. And a third." },
      { kind: "list-item", text: "• second point." },
    ]);
    const chunks = chunkPage(text, { targetChars: 60, maxChars: 150, overlapChars: 0 }, blocks);
    const item = blocks[1]?.span;
    expect(chunks.some((chunk) => chunk.start === item?.start && chunk.end >= (item?.end ?? 0))).toBe(true);
  });
});
