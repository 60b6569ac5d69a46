import { readFile } from "node:fs/promises";
import { constants, createInflate, inflateSync } from "node:zlib";

/** An encoded stream in a PDF file: where its bytes are and how to count what they decode to. */
export interface FlateStreamSpan {
  start: number;
  end: number;
  /** Flate layers to inflate in turn, or "lzw" for a single LZWDecode filter. */
  layers: number | "lzw";
}

// pdf.js inflates content, font and object streams into ArrayBuffers, which live outside V8's heap
// and so outside the worker's resourceLimits; this pre-scan bounds what that can cost.
const dictionaryLookBack = 4096;
const maxLayers = 3;

/**
 * Finds the Flate-encoded streams pdf.js would decode for text: every `stream` keyword after a
 * dictionary naming /FlateDecode, except images (text extraction never decodes them). Pure.
 */
export function findFlateStreams(file: Uint8Array): FlateStreamSpan[] {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const spans: FlateStreamSpan[] = [];
  let from = 0;
  for (;;) {
    const keyword = bytes.indexOf("stream", from, "latin1");
    if (keyword < 0) break;
    from = keyword + 6;
    if (keyword >= 3 && bytes.toString("latin1", keyword - 3, keyword) === "end") continue;
    let start = keyword + 6;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a && bytes[start - 1] !== 0x0d) continue;
    if (bytes[start] === 0x0a) start++;
    const dictionary = bytes.toString("latin1", Math.max(0, keyword - dictionaryLookBack), keyword);
    const ownDictionary = dictionary.slice(dictionary.lastIndexOf(" obj") + 1);
    if (!/>>\s*$/.test(ownDictionary)) continue;
    if (/\/Subtype\s*\/Image\b/.test(ownDictionary)) continue;
    const flate = (ownDictionary.match(/\/FlateDecode\b|\/Fl\b/g) ?? []).length;
    const lzw = (ownDictionary.match(/\/LZWDecode\b|\/LZW\b/g) ?? []).length;
    // Only chains made of one kind are counted; mixed chains (rare) are left to the worker's limits.
    const layers = flate > 0 && lzw === 0 ? Math.min(flate, maxLayers) : lzw === 1 && flate === 0 ? "lzw" : 0;
    if (layers === 0) continue;
    const endKeyword = bytes.indexOf("endstream", start, "latin1");
    let end = endKeyword < 0 ? bytes.length : endKeyword;
    // The end-of-line before `endstream` belongs to the syntax, not to the data.
    if (end > start && bytes[end - 1] === 0x0a) end--;
    if (end > start && bytes[end - 1] === 0x0d) end--;
    spans.push({ start, end, layers });
    from = end;
  }
  return spans;
}

/**
 * A stream decoding to at most this much is inflated in one call: a manual has a content stream
 * per page, and setting up a zlib pipeline for each costs more than the inflating.
 */
const inflateAtOnceBytes = 4 * 1024 * 1024;
const yieldEveryMs = 10;

/** The decoded size when every layer inflates whole within `budget` + 1 bytes and the cap above; otherwise undefined. */
function inflatedSizeAtOnce(data: Uint8Array, layers: number, budget: number): number | undefined {
  const maxOutputLength = Math.min(budget + 1, inflateAtOnceBytes);
  let current: Uint8Array = data;
  try {
    for (let layer = 0; layer < layers; layer++) {
      current = inflateSync(current, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength });
    }
  } catch {
    // Larger, or damaged: the streaming count below stops at the limit and counts what inflates before damage.
    return undefined;
  }
  return current.length;
}

/** Inflates one stream through its layers, counting the output without keeping it; stops past `budget`. */
function inflatedSize(data: Uint8Array, layers: number, budget: number): Promise<number> {
  return new Promise((resolve) => {
    // Z_SYNC_FLUSH accepts truncated streams the way pdf.js does, instead of failing them.
    const stages = Array.from({ length: layers }, () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }));
    const first = stages[0];
    const last = stages[stages.length - 1];
    if (!first || !last) return resolve(0);
    let counted = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const stage of stages) stage.destroy();
      resolve(counted);
    };
    for (let index = 0; index + 1 < stages.length; index++) stages[index]?.pipe(stages[index + 1] as typeof first);
    // A stream that does not inflate (damaged, or not really Flate) costs pdf.js nothing more either.
    for (const stage of stages) stage.on("error", finish);
    last.on("data", (chunk: Buffer) => {
      counted += chunk.length;
      if (counted > budget) finish();
    });
    last.on("end", finish);
    first.end(data);
  });
}

/**
 * Sums the decoded size of the PDF's Flate streams, stopping as soon as it passes `limit`.
 * Memory stays at zlib's window and one output chunk per layer whatever the streams inflate to.
 */
export async function measureDecodedBytes(
  filePath: string,
  limit: number,
): Promise<{ decodedBytes: number; exceeded: boolean }> {
  const file = await readFile(filePath);
  let total = 0;
  let since = performance.now();
  for (const span of findFlateStreams(file)) {
    // Inflating at once blocks this thread: asks get a turn every few milliseconds.
    if (performance.now() - since > yieldEveryMs) {
      await new Promise(setImmediate);
      since = performance.now();
    }
    const data = file.subarray(span.start, span.end);
    total +=
      span.layers === "lzw"
        ? lzwDecodedLength(data, limit - total)
        : (inflatedSizeAtOnce(data, span.layers, limit - total) ??
          (await inflatedSize(data, span.layers, limit - total)));
    if (total > limit) return { decodedBytes: total, exceeded: true };
  }
  return { decodedBytes: total, exceeded: false };
}

/**
 * How many bytes an LZWDecode stream (EarlyChange 1, as PDF defaults) decodes to, stopping past
 * `budget`. Only the length of each dictionary entry is tracked, never its bytes. Pure.
 */
export function lzwDecodedLength(data: Uint8Array, budget: number): number {
  const lengths = new Uint32Array(4096);
  lengths.fill(1, 0, 256);
  let nextCode = 258;
  let codeLength = 9;
  let previous = -1;
  let total = 0;
  let bitBuffer = 0;
  let bitCount = 0;
  for (let index = 0; index < data.length; index++) {
    bitBuffer = ((bitBuffer << 8) | (data[index] as number)) >>> 0;
    bitCount += 8;
    while (bitCount >= codeLength) {
      const code = (bitBuffer >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
      bitCount -= codeLength;
      bitBuffer &= (1 << bitCount) - 1;
      if (code === 256) {
        nextCode = 258;
        codeLength = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return total;
      let length: number;
      if (code < nextCode && (code < 256 || code >= 258)) length = lengths[code] as number;
      else if (code === nextCode && previous >= 0) length = (lengths[previous] as number) + 1;
      else return total; // damaged: pdf.js stops decoding here too
      if (previous >= 0 && nextCode < 4096) {
        lengths[nextCode] = (lengths[previous] as number) + 1;
        nextCode++;
        if (nextCode + 1 >= 1 << codeLength && codeLength < 12) codeLength++;
      }
      total += length;
      if (total > budget) return total;
      previous = code;
    }
  }
  return total;
}
