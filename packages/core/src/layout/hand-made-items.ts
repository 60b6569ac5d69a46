// Builders for layout tests: positioned items shaped like pdf.js output, with Helvetica-like widths.
import type { TextItem } from "./text-item";

/** One item; its width is half an em per character, as a rough proportional font. */
export function item(text: string, x: number, y: number, size = 10): TextItem {
  return { text, x, y, width: text.length * size * 0.5, size };
}

/** A line of words as pdf.js often gives it: one item per word, no space items. */
export function wordItems(text: string, x: number, y: number, size = 10): TextItem[] {
  const items: TextItem[] = [];
  let cursor = x;
  for (const word of text.split(" ")) {
    items.push(item(word, cursor, y, size));
    cursor += (word.length + 1) * size * 0.5;
  }
  return items;
}

/** Lines of running text from `y` downwards, `pitch` apart. */
export function paragraphItems(lines: string[], x: number, y: number, size = 10, pitch = size * 1.2): TextItem[] {
  return lines.flatMap((line, index) => [item(line, x, y - index * pitch, size)]);
}
