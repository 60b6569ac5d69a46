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

/**
 * Splits a page into sentence-aligned chunks. Pure; offsets index into `text` as given, so
 * callers must store exactly the text they chunk.
 */
export function chunkPage(text: string, options: ChunkingOptions = defaultChunkingOptions): PageChunk[] {
  const { targetChars, maxChars, overlapChars } = options;
  const spans = sentenceSpans(text, options);
  const chunks: PageChunk[] = [];
  const last = spans.length - 1;
  let first = 0;
  while (first <= last) {
    const start = at(spans, first).start;
    let end = first;
    while (end < last && at(spans, end + 1).end - start <= maxChars) {
      const restFits = at(spans, last).end - start <= maxChars;
      if (at(spans, end).end - start >= targetChars && !restFits) break;
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
