import { readFile } from "node:fs/promises";
import { constants, createInflate } from "node:zlib";

/** A Flate-encoded stream in a PDF file: where its bytes are and how many Flate layers they carry. */
export interface FlateStreamSpan {
  start: number;
  end: number;
  layers: number;
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
    const layers = (ownDictionary.match(/\/FlateDecode\b|\/Fl\b/g) ?? []).length;
    if (layers === 0 || /\/Subtype\s*\/Image\b/.test(ownDictionary)) continue;
    const endKeyword = bytes.indexOf("endstream", start, "latin1");
    let end = endKeyword < 0 ? bytes.length : endKeyword;
    // The end-of-line before `endstream` belongs to the syntax, not to the data.
    if (end > start && bytes[end - 1] === 0x0a) end--;
    if (end > start && bytes[end - 1] === 0x0d) end--;
    spans.push({ start, end, layers: Math.min(layers, maxLayers) });
    from = end;
  }
  return spans;
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
  for (const span of findFlateStreams(file)) {
    total += await inflatedSize(file.subarray(span.start, span.end), span.layers, limit - total);
    if (total > limit) return { decodedBytes: total, exceeded: true };
  }
  return { decodedBytes: total, exceeded: false };
}
