/** Sizes for `chunkPage`, in characters. */
export interface ChunkingOptions {
  /** A chunk stops growing once it reaches this length (unless the rest of the page fits). */
  targetChars: number;
  /** No chunk is longer than this. */
  maxChars: number;
  /** Up to this many characters of whole sentences are repeated at the start of the next chunk. */
  overlapChars: number;
}

export const defaultChunkingOptions: ChunkingOptions = { targetChars: 900, maxChars: 1200, overlapChars: 200 };

/** A chunk of one page: `pageText.slice(start, end) === text`. */
export interface PageChunk {
  start: number;
  end: number;
  text: string;
}

interface Span {
  start: number;
  end: number;
}

// A sentence ends at terminal punctuation (plus closing quotes or brackets) before whitespace, or at a blank line.
const sentenceEnd = /[.!?…]+["'”’)\]]*(?=\s)|\n[ \t]*\n/g;

/** The part of a page's layout chunking respects: where blocks are and which may not be cut. */
export interface ChunkBlock {
  kind: string;
  span: Span;
}

/** Blocks a chunk boundary must not fall inside (when they fit in one chunk). */
const atomicKinds = new Set(["heading", "list-item", "table-row"]);

/**
 * Splits a page into sentence-aligned chunks. With the page's `blocks`, a table row, list item
 * or heading is never cut, and once a chunk has reached its target length it grows to the next
 * block boundary if one is within `maxChars`. Pure; offsets index into `text` as given, so
 * callers must store exactly the text they chunk.
 */
export function chunkPage(
  text: string,
  options: ChunkingOptions = defaultChunkingOptions,
  blocks?: readonly ChunkBlock[],
): PageChunk[] {
  const { targetChars, maxChars, overlapChars } = options;
  const spans = blocks ? keepBlocksWhole(sentenceSpans(text, options), blocks, maxChars) : sentenceSpans(text, options);
  const nextBoundary = blocks ? boundaryIndexes(spans, blocks) : undefined;
  const chunks: PageChunk[] = [];
  const last = spans.length - 1;
  let first = 0;
  while (first <= last) {
    const start = at(spans, first).start;
    let end = first;
    while (end < last && at(spans, end + 1).end - start <= maxChars) {
      const restFits = at(spans, last).end - start <= maxChars;
      if (at(spans, end).end - start >= targetChars && !restFits) {
        const boundary = nextBoundary?.[end];
        if (boundary === undefined || boundary === end || at(spans, boundary).end - start > maxChars) break;
      }
      end++;
    }
    chunks.push({ start, end: at(spans, end).end, text: text.slice(start, at(spans, end).end) });
    if (end === last) break;
    // Step back over whole trailing sentences for the overlap, as long as the next chunk can still grow past them.
    let next = end + 1;
    const nextEnd = at(spans, end + 1).end;
    while (
      next - 1 > first &&
      at(spans, end).end - at(spans, next - 1).start <= overlapChars &&
      nextEnd - at(spans, next - 1).start <= maxChars
    ) {
      next--;
    }
    first = next;
  }
  return chunks;
}

/** Merges the sentence spans inside each atomic block that fits in a chunk into one span. */
function keepBlocksWhole(spans: Span[], blocks: readonly ChunkBlock[], maxChars: number): Span[] {
  const merged: Span[] = [];
  let blockIndex = 0;
  const atomic = blocks.filter((block) => atomicKinds.has(block.kind) && block.span.end - block.span.start <= maxChars);
  for (const span of spans) {
    while (blockIndex < atomic.length && (atomic[blockIndex] as ChunkBlock).span.end <= span.start) blockIndex++;
    const block = atomic[blockIndex];
    const last = merged[merged.length - 1];
    const inside = block && span.start >= block.span.start && span.end <= block.span.end;
    if (inside && last && last.start >= block.span.start && last.end <= block.span.end) {
      last.end = span.end;
      continue;
    }
    merged.push({ ...span });
  }
  return merged;
}

/** For each span, the index of the first span at or after it that ends a block; undefined past the last. */
function boundaryIndexes(spans: readonly Span[], blocks: readonly ChunkBlock[]): (number | undefined)[] {
  const ends = new Set(blocks.map((block) => block.span.end));
  const next: (number | undefined)[] = new Array(spans.length);
  let upcoming: number | undefined;
  for (let index = spans.length - 1; index >= 0; index--) {
    if (ends.has((spans[index] as Span).end)) upcoming = index;
    next[index] = upcoming;
  }
  return next;
}

/** Sentence spans trimmed of surrounding whitespace; sentences longer than `maxChars` are cut at word boundaries. */
export function sentenceSpans(text: string, options: ChunkingOptions = defaultChunkingOptions): Span[] {
  const spans: Span[] = [];
  let from = 0;
  for (const match of text.matchAll(sentenceEnd)) {
    const isParagraphBreak = match[0].startsWith("\n");
    const to = isParagraphBreak ? match.index : match.index + match[0].length;
    pushTrimmed(text, from, to, options, spans);
    from = to;
  }
  pushTrimmed(text, from, text.length, options, spans);
  return spans;
}

function pushTrimmed(text: string, from: number, to: number, options: ChunkingOptions, spans: Span[]): void {
  let start = from;
  let end = to;
  while (start < end && isSpace(text, start)) start++;
  while (end > start && isSpace(text, end - 1)) end--;
  if (start === end) return;
  if (end - start <= options.maxChars) {
    spans.push({ start, end });
    return;
  }
  splitLongSpan(text, start, end, options, spans);
}

/** Cuts one over-long sentence into pieces of at most `maxChars` that overlap by about `overlapChars`. */
function splitLongSpan(text: string, start: number, end: number, options: ChunkingOptions, spans: Span[]): void {
  const { maxChars, overlapChars } = options;
  let pieceStart = start;
  while (end - pieceStart > maxChars) {
    let cut = lastSpaceBefore(text, pieceStart, pieceStart + maxChars);
    if (cut <= pieceStart) cut = safeCut(text, pieceStart + maxChars);
    let pieceEnd = cut;
    while (pieceEnd > pieceStart && isSpace(text, pieceEnd - 1)) pieceEnd--;
    spans.push({ start: pieceStart, end: pieceEnd });
    let next = lastSpaceBefore(text, pieceStart, Math.max(pieceStart + 1, cut - overlapChars));
    // Without a usable word boundary in the second half, skip the overlap rather than crawl forward.
    if (next <= pieceStart + (cut - pieceStart) / 2) next = cut;
    while (next < end && isSpace(text, next)) next++;
    pieceStart = next;
  }
  spans.push({ start: pieceStart, end });
}

/** Index just after the last whitespace in (from, to], or `from` when there is none. */
function lastSpaceBefore(text: string, from: number, to: number): number {
  for (let index = to; index > from; index--) {
    if (isSpace(text, index - 1)) return index;
  }
  return from;
}

/** Moves a hard cut off the middle of a surrogate pair. */
function safeCut(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  return code >= 0xd800 && code <= 0xdbff ? index - 1 : index;
}

function isSpace(text: string, index: number): boolean {
  return /\s/.test(text.charAt(index));
}

function at(spans: Span[], index: number): Span {
  const span = spans[index];
  if (!span) throw new RangeError(`no span at ${index}`);
  return span;
}
