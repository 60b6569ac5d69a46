import type { TextItem } from "./text-item";

/** An item with its position in the input, so segments can say which items they are made of. */
type IndexedItem = TextItem & { index: number };

/** A run of text on one baseline without a wide gap: a cell, a column's part of a line, or a whole line. */
export interface Segment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  /** Indexes (into the items given to `buildRows`) of the items the segment is made of, left to right. */
  items: number[];
  /** The items' own text and extent, when a short segment is made of several: a table header set tight ("Chunks Cluster Scatter") splits over its columns by them. */
  pieces?: { text: string; x0: number; x1: number }[];
}

/** Segments sharing one baseline, left to right; on a multi-column page a row crosses the columns. */
export interface Row {
  y: number;
  size: number;
  segments: Segment[];
}

/** A gap wider than this many font sizes separates segments (cells, columns) rather than words. */
export const segmentGapEm = 0.9;
/** A gap wider than this many font sizes between two items stands for a space pdf.js did not emit. */
export const spaceGapEm = 0.12;
/** A segment longer than this is prose or one cell, never several header cells set tight ("Chunks Cluster Scatter"). */
const maxPiecedChars = 64;
/** Baselines closer than this many font sizes are one row (superscripts and subscripts stay on their line). */
const baselineToleranceEm = 0.35;

/**
 * Groups positioned items into rows by baseline and splits each row into segments at wide
 * gaps. Pure; rows come top to bottom, segments left to right.
 */
export function buildRows(items: readonly TextItem[]): Row[] {
  const visible = items
    .map((item, index) => cleanItem({ ...item, index }))
    .filter((item) => item.text.trim() !== "" && Number.isFinite(item.x) && Number.isFinite(item.y));
  const byBaseline = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: IndexedItem[][] = [];
  let current: IndexedItem[] = [];
  let currentY = Number.NaN;
  let currentSize = 0;
  for (const item of byBaseline) {
    const size = Math.max(item.size, 1);
    if (current.length > 0 && Math.abs(currentY - item.y) <= baselineToleranceEm * Math.max(size, currentSize)) {
      current.push(item);
      // The row's baseline is that of its largest text, so a superscript does not drag it.
      if (size > currentSize) {
        currentSize = size;
        currentY = item.y;
      }
      continue;
    }
    if (current.length > 0) groups.push(current);
    current = [item];
    currentY = item.y;
    currentSize = size;
  }
  if (current.length > 0) groups.push(current);
  return attachScripts(rehomeScripts(groups)).map(toRow);
}

/** A script's size, at most, as a share of the size of the text it is set against. */
const scriptSizeShare = 0.85;
/** A script sits at least this many font sizes above or below the baseline of the row it came into. */
const scriptOffsetEm = 0.15;

/**
 * On a page of two columns a superscript can fall within the baseline tolerance of a line of the
 * other column and join that row, far from any of its text, while the letter it belongs to ("p" of
 * p⁰₀) sits on a row just below. Such a script moves to the row whose normal-sized text it
 * touches, so it reads beside its letter instead of as a stray "0 0" in the other column.
 */
function rehomeScripts(groups: IndexedItem[][]): IndexedItem[][] {
  if (groups.length < 2) return groups;
  const baseline = (group: readonly IndexedItem[]) => {
    let largest = group[0] as IndexedItem;
    for (const item of group) if (item.size > largest.size) largest = item;
    return largest;
  };
  const hosts = groups.map(baseline);
  const touches = (script: IndexedItem, group: readonly IndexedItem[], size: number) =>
    group.some(
      (item) =>
        item !== script &&
        item.size > size * scriptSizeShare &&
        item.x - (script.x + script.width) <= segmentGapEm * size &&
        script.x - (item.x + item.width) <= segmentGapEm * size,
    );
  const moves: Array<{ item: IndexedItem; from: number; to: number }> = [];
  for (const [at, group] of groups.entries()) {
    const host = hosts[at] as IndexedItem;
    const size = Math.max(host.size, 1);
    for (const item of group) {
      if (item.size > size * scriptSizeShare || Math.abs(item.y - host.y) < scriptOffsetEm * size) continue;
      if (touches(item, group, size)) continue;
      let best: number | undefined;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (const step of [-1, 1]) {
        for (let other = at + step; other >= 0 && other < groups.length; other += step) {
          const otherHost = hosts[other] as IndexedItem;
          const otherSize = Math.max(otherHost.size, 1);
          const distance = Math.abs(otherHost.y - item.y);
          if (distance > scriptReachEm * otherSize) {
            if (Math.abs(otherHost.y - host.y) > 2 * scriptReachEm * size) break;
            continue;
          }
          if (item.size > otherSize * scriptSizeShare || distance >= bestDistance) continue;
          if (!touches(item, groups[other] as IndexedItem[], otherSize)) continue;
          best = other;
          bestDistance = distance;
        }
      }
      if (best !== undefined) moves.push({ item, from: at, to: best });
    }
  }
  if (moves.length === 0) return groups;
  const next = groups.map((group) => [...group]);
  for (const { item, from, to } of moves) {
    next[from] = (next[from] as IndexedItem[]).filter((other) => other !== item);
    (next[to] as IndexedItem[]).push(item);
  }
  return next.filter((group) => group.length > 0);
}

/** Smaller text this close (in font sizes of the larger) above or below a row is its superscript or subscript. */
const scriptReachEm = 0.7;
/** A row of small text longer than this is a script only when set at most 0.7 of the size of its row. */
const maxScriptChars = 12;

/**
 * Folds rows of small text (exponents, footnote marks, indices) into the row of normal text
 * right below or above them, where their x-range falls within that row's, so "x⁶ + x⁴" reads
 * "x6 + x4" on one line instead of a line of stray digits.
 */
function attachScripts(groups: IndexedItem[][]): IndexedItem[][] {
  const stats = groups.map((group) => ({
    chars: group.reduce((sum, item) => sum + item.text.replace(/\s/g, "").length, 0),
    size: Math.max(...group.map((item) => item.size)),
    y: group[0]?.y ?? 0,
    x0: Math.min(...group.map((item) => item.x)),
    x1: Math.max(...group.map((item) => item.x + item.width)),
  }));
  const target = groups.map((_, index) => index);
  const fits = (small: number, large: number) => {
    const a = stats[small];
    const b = stats[large];
    if (!a || !b || a.size > b.size * scriptSizeShare) return false;
    // A row of a table set a size smaller beside a column of prose is no script: scripts are a few
    // characters ("8", "LARGE", "i,j"), or set much smaller than the text they belong to.
    if (a.chars > maxScriptChars && a.size > b.size * 0.7) return false;
    if (Math.abs(a.y - b.y) > scriptReachEm * b.size) return false;
    return a.x0 >= b.x0 - b.size && a.x1 <= b.x1 + b.size;
  };
  for (let index = 0; index < groups.length; index++) {
    if (fits(index, index + 1)) target[index] = index + 1;
    else if (fits(index, index - 1)) target[index] = target[index - 1] ?? index - 1;
  }
  // Follow chains (a superscript row above a row that itself moved) to their final row.
  const resolved = target.map((_, index) => {
    let at = index;
    for (let hops = 0; target[at] !== at && hops < 4; hops++) at = target[at] as number;
    return at;
  });
  const merged = new Map<number, IndexedItem[]>();
  for (const [index, group] of groups.entries()) {
    const into = resolved[index] as number;
    merged.set(into, [...(merged.get(into) ?? []), ...group]);
  }
  return [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
}

/** Control characters dropped and every kind of space or line break made a plain space. */
function cleanItem(item: IndexedItem): IndexedItem {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
  if (!/[\u0000-\u001f\u007f\u00a0\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/.test(item.text)) return item;
  const text = item.text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, "")
    .replace(/[\s\u00a0\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, " ");
  return text === item.text ? item : { ...item, text };
}

function toRow(group: IndexedItem[]): Row {
  // Scripts folded in from a neighbouring baseline sort by x like the rest of the row.
  const sorted = [...group].sort((a, b) => a.x - b.x);
  let size = 1;
  let y = sorted[0]?.y ?? 0;
  for (const item of sorted) {
    if (item.size > size) {
      size = item.size;
      y = item.y;
    }
  }
  const segments: Segment[] = [];
  let parts: string[] = [];
  let pieces: NonNullable<Segment["pieces"]> = [];
  let segment: Segment | undefined;
  const close = () => {
    if (!segment) return;
    segment.text = parts.join("").replace(/\s+/g, " ").trim();
    // Only a cell-sized segment may be a header set tight: a line of prose keeps no pieces, which
    // would only hold memory for every page until the document is laid out.
    if (segment.text.length > maxPiecedChars) return;
    const words = pieces.filter((piece) => piece.text.trim() !== "");
    if (words.length > 1) segment.pieces = words;
  };
  for (const [at, item] of sorted.entries()) {
    const itemSize = Math.max(item.size, 1);
    const x1 = item.x + Math.max(item.width, 0);
    const gap = segment ? item.x - segment.x1 : 0;
    if (
      !segment ||
      (gap > segmentGapEm * Math.max(itemSize, segment.size) && !sentenceSpace(sorted[at - 1], item, gap))
    ) {
      close();
      segment = { text: "", x0: item.x, x1, y, size: itemSize, items: [item.index] };
      parts = [item.text];
      pieces = [{ text: item.text, x0: item.x, x1 }];
      segments.push(segment);
      continue;
    }
    pieces.push({ text: item.text, x0: item.x, x1 });
    const previous = parts[parts.length - 1] ?? "";
    const spaced =
      gap > spaceGapEm * itemSize || (at === 1 && footnoteMarkBefore(sorted[0] as IndexedItem, item, size, y));
    if (spaced && !previous.endsWith(" ") && !item.text.startsWith(" ")) parts.push(" ");
    if (stackedOn(sorted[at - 1], item, size) && previous.endsWith(" ")) {
      // A superscript set over a subscript (p⁰₃, pdf.js's "3 " then "0") reads "p30 ", as poppler prints it.
      parts[parts.length - 1] = previous.trimEnd();
      parts.push(item.text.endsWith(" ") ? item.text : `${item.text} `);
    } else parts.push(item.text);
    segment.items.push(item.index);
    segment.x1 = Math.max(segment.x1, x1);
    segment.size = Math.max(segment.size, itemSize);
  }
  close();
  return { y, size, segments: segments.filter((part) => part.text !== "") };
}

/**
 * Whether the gap between two items of a fixed-width font is the two spaces typed after a sentence
 * ("… a claim representation.  A Claim Name is"), not a gap between cells: the first ends a
 * sentence, the second starts one, and the gap is at most about two of their characters, which are
 * all equally wide.
 */
function sentenceSpace(before: IndexedItem | undefined, item: IndexedItem, gap: number): boolean {
  if (!before || !/[.!?:]["')\]]?\s*$/u.test(before.text) || !/^\s*["'([]?[\p{Lu}\d]/u.test(item.text)) return false;
  const characters = (text: string) => text.replace(/\s+$/u, "").length;
  if (characters(before.text) < 4 || characters(item.text) < 4) return false;
  const width = before.width / before.text.length;
  const fixed = Math.abs(item.width / item.text.length - width) <= width * 0.02;
  return fixed && gap <= width * 2.5;
}

/** Whether `item` is a script set over or under `before`, another script, starting within its extent. */
function stackedOn(before: IndexedItem | undefined, item: IndexedItem, size: number): boolean {
  if (!before || before.size > size * scriptSizeShare || item.size > size * scriptSizeShare) return false;
  const textEnd = before.x + before.width * (before.text.trimEnd().length / Math.max(before.text.length, 1));
  return item.x < textEnd && Math.abs(item.y - before.y) >= scriptOffsetEm * size;
}

/**
 * A raised mark set small at the head of a line and followed by a capital ("ᵃIntroduced by …",
 * "¹See …"): a footnote's mark, read apart from the footnote's first word as poppler reads it.
 * Only at the head: inside a line a raised capital is part of a logo ("LᴬTEX") or a formula.
 */
function footnoteMarkBefore(mark: IndexedItem, item: IndexedItem, size: number, y: number): boolean {
  if (mark.size > size * scriptSizeShare || item.size < size * scriptSizeShare) return false;
  if (mark.y - y < 0.2 * size || !/^[\p{L}\p{N}*†‡§]{1,3}$/u.test(mark.text.trim())) return false;
  return /^\p{Lu}/u.test(item.text);
}

/** A row's text with its segments joined by single spaces. */
export function rowText(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join(" ");
}
