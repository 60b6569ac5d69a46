import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { findFlateStreams, lzwDecodedLength, measureDecodedBytes } from "./decoded-size";

const work = mkdtempSync(join(tmpdir(), "decoded-size-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
}

function pdfWith(...objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n", "latin1")];
  objects.forEach((object, index) => {
    parts.push(Buffer.from(`${index + 1} 0 obj\n`, "latin1"), object);
  });
  return Buffer.concat([...parts, Buffer.from("trailer\n<< >>\n%%EOF\n", "latin1")]);
}

const spaces = (bytes: number) => Buffer.alloc(bytes, 0x20);

describe("findFlateStreams", () => {
  it("finds Flate streams with their layers and skips images and unfiltered streams", () => {
    const file = pdfWith(
      stream("/Filter /FlateDecode", deflateSync(spaces(100))),
      stream("/Filter [/FlateDecode /FlateDecode]", deflateSync(deflateSync(spaces(100)))),
      stream("/Type /XObject /Subtype /Image /Filter /FlateDecode", deflateSync(spaces(100))),
      stream("", spaces(10)),
    );
    const spans = findFlateStreams(file);
    expect(spans.map((span) => span.layers)).toEqual([1, 2]);
    const first = spans[0];
    expect(first && file.subarray(first.start, first.end)).toEqual(deflateSync(spaces(100)));
  });
});

describe("measureDecodedBytes", () => {
  it("counts what the streams inflate to, through every layer", async () => {
    const path = join(work, "small.pdf");
    writeFileSync(
      path,
      pdfWith(
        stream("/Filter /FlateDecode", deflateSync(spaces(300_000))),
        stream("/Filter [/FlateDecode /FlateDecode]", deflateSync(deflateSync(spaces(200_000)))),
      ),
    );
    expect(await measureDecodedBytes(path, 10_000_000)).toEqual({ decodedBytes: 500_000, exceeded: false });
  });

  it("stops soon after the limit on a bomb, without inflating all of it", async () => {
    const path = join(work, "bomb.pdf");
    writeFileSync(path, pdfWith(stream("/Filter /FlateDecode", deflateSync(spaces(64 * 1024 * 1024), { level: 9 }))));
    const measured = await measureDecodedBytes(path, 1024 * 1024);
    expect(measured.exceeded).toBe(true);
    expect(measured.decodedBytes).toBeLessThan(4 * 1024 * 1024);
  });

  it("ignores a stream that does not inflate", async () => {
    const path = join(work, "broken.pdf");
    writeFileSync(path, pdfWith(stream("/Filter /FlateDecode", Buffer.from("not deflate at all"))));
    expect(await measureDecodedBytes(path, 1024)).toEqual({ decodedBytes: 0, exceeded: false });
  });
});

/**
 * A plain LZW encoder in PDF's flavour: clear code first, table reset when full, and the code
 * width growing one code early (EarlyChange 1) as the decoder, one entry behind, expects.
 */
function lzwEncode(data: Uint8Array): Buffer {
  // Entries keyed by prefix code and next byte, so long runs cost no string building.
  let table = new Map<number, number>();
  let nextCode = 258;
  let codeLength = 9;
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  const emit = (code: number) => {
    bits = (bits << codeLength) | code;
    count += codeLength;
    while (count >= 8) {
      out.push((bits >>> (count - 8)) & 0xff);
      count -= 8;
      bits &= (1 << count) - 1;
    }
  };
  emit(256);
  let word = -1;
  for (const byte of data) {
    if (word < 0) {
      word = byte;
      continue;
    }
    const known = table.get(word * 256 + byte);
    if (known !== undefined) {
      word = known;
      continue;
    }
    emit(word);
    if (nextCode < 4096) {
      table.set(word * 256 + byte, nextCode++);
      if (nextCode >= 1 << codeLength && codeLength < 12) codeLength++;
    }
    if (nextCode >= 4096) {
      emit(256);
      table = new Map();
      nextCode = 258;
      codeLength = 9;
    }
    word = byte;
  }
  if (word >= 0) emit(word);
  emit(257);
  if (count > 0) out.push((bits << (8 - count)) & 0xff);
  return Buffer.from(out);
}

describe("lzwDecodedLength", () => {
  it("counts exactly what an LZW stream decodes to, across code-width changes and table resets", () => {
    const varied = Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 7919 + (index >> 5)) % 251));
    expect(lzwDecodedLength(lzwEncode(varied), Number.POSITIVE_INFINITY)).toBe(varied.length);
    const text = Buffer.from("The fee is ten euros per month, payable in advance. ".repeat(2_000));
    expect(lzwDecodedLength(lzwEncode(text), Number.POSITIVE_INFINITY)).toBe(text.length);
  });

  it("stops soon after the budget on a long run, and is counted for LZWDecode streams in a file", async () => {
    const run = lzwEncode(spaces(4 * 1024 * 1024));
    // About 2,900 codes of ever longer runs: the ratio that makes LZW worth pre-scanning.
    expect(run.length).toBeLessThan(64 * 1024);
    expect(lzwDecodedLength(run, 1024 * 1024)).toBeLessThan(1024 * 1024 + 8192);
    const path = join(work, "lzw.pdf");
    writeFileSync(path, pdfWith(stream("/Filter /LZWDecode", run)));
    expect(await measureDecodedBytes(path, 1024 * 1024)).toMatchObject({ exceeded: true });
    expect(await measureDecodedBytes(path, 8 * 1024 * 1024)).toEqual({
      decodedBytes: 4 * 1024 * 1024,
      exceeded: false,
    });
  });
});
