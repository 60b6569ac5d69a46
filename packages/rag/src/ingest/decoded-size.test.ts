import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { findFlateStreams, measureDecodedBytes } from "./decoded-size";

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
