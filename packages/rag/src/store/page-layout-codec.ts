import { z } from "zod";
import type { StructureBlock } from "../structure/passage-structure";
import type { PageLayout } from "./chunk-record";

/**
 * A page's layout as one compact JSON value for the `pages.layout` column: blocks as tuples,
 * and every string (headings, markers, lead-ins, headers, captions) once in a string table, so
 * a long table's repeated column headers cost a few digits per row.
 *   ["h", start, end, level] | ["p", start, end] | ["l", start, end, marker, leadIn]
 *   ["t", start, end, [cellStart, cellEnd, …], [header, …], caption]   (strings as indexes, -1 = none)
 */
export function encodePageLayout(layout: PageLayout): string {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const ref = (value: string | undefined) => {
    if (value === undefined) return -1;
    let index = indexes.get(value);
    if (index === undefined) {
      index = strings.push(value) - 1;
      indexes.set(value, index);
    }
    return index;
  };
  const blocks = layout.blocks.map((block) => encodeBlock(block, ref));
  const headings = layout.headings.map((heading) => [ref(heading.text), heading.level]);
  return JSON.stringify({ s: strings, h: headings, b: blocks, r: layout.runningLines.map(ref) });
}

function encodeBlock(block: StructureBlock, ref: (value: string | undefined) => number): unknown[] {
  const { start, end } = block.span;
  switch (block.kind) {
    case "heading":
      return ["h", start, end, block.level ?? 0];
    case "paragraph":
      return ["p", start, end];
    case "list-item":
      return ["l", start, end, ref(block.marker), ref(block.leadIn)];
    case "table-row":
      return [
        "t",
        start,
        end,
        block.cells.flatMap((cell) => [cell.start, cell.end]),
        block.headers.map(ref),
        ref(block.caption),
      ];
  }
}

const int = z.number().int();
const encodedSchema = z.object({
  s: z.array(z.string()),
  h: z.array(z.tuple([int, int])),
  b: z.array(
    z.union([
      z.tuple([z.literal("h"), int, int, int]),
      z.tuple([z.literal("p"), int, int]),
      z.tuple([z.literal("l"), int, int, int, int]),
      z.tuple([z.literal("t"), int, int, z.array(int), z.array(int), int]),
    ]),
  ),
  r: z.array(int),
});

/** Reads what `encodePageLayout` wrote; throws on anything else. */
export function decodePageLayout(json: string): PageLayout {
  const encoded = encodedSchema.parse(JSON.parse(json));
  const text = (index: number) => (index >= 0 ? encoded.s[index] : undefined);
  const blocks = encoded.b.map((tuple) => decodeBlock(tuple, text));
  return {
    headings: encoded.h.map(([index, level]) => ({ text: text(index) ?? "", level })),
    blocks,
    runningLines: encoded.r.map((index) => text(index) ?? ""),
  };
}

function decodeBlock(
  tuple: z.infer<typeof encodedSchema>["b"][number],
  text: (index: number) => string | undefined,
): StructureBlock {
  {
    const span = { start: tuple[1], end: tuple[2] };
    switch (tuple[0]) {
      case "h":
        return { kind: "heading", span, ...(tuple[3] > 0 && { level: tuple[3] }) };
      case "p":
        return { kind: "paragraph", span };
      case "l": {
        const marker = text(tuple[3]);
        const leadIn = text(tuple[4]);
        return {
          kind: "list-item",
          span,
          ...(marker !== undefined && { marker }),
          ...(leadIn !== undefined && { leadIn }),
        };
      }
      case "t": {
        const cells = [];
        for (let index = 0; index + 1 < tuple[3].length; index += 2) {
          cells.push({ start: tuple[3][index] as number, end: tuple[3][index + 1] as number });
        }
        const caption = text(tuple[5]);
        const headers = tuple[4].map((index) => text(index) ?? "");
        return { kind: "table-row", span, cells, headers, ...(caption !== undefined && { caption }) };
      }
    }
  }
}
