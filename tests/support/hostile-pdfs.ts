import { constants, createDeflate, deflateSync } from "node:zlib";

/** Assembles a classic PDF (header, numbered objects, xref, trailer) from object bodies; object 1 is the catalog. */
export function assemblePdf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

/** A stream object body: dictionary entries (without << >>) plus the raw bytes. */
export function streamObject(entries: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${entries} /Length ${data.length} >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

const font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/**
 * A one-page PDF whose content stream is `decodedBytes` of spaces after FlateDecode, built
 * chunk by chunk (RLE strategy: fast, about 1,000:1), so the test never holds the inflated bytes.
 */
export async function makeInflateBomb(decodedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9, memLevel: 9, strategy: constants.Z_RLE });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  deflate.write(Buffer.from("BT /F1 12 Tf 72 720 Td (Inflate bomb) Tj ET\n", "latin1"));
  for (let written = 0; written < decodedBytes; written += block.length) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return assemblePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    streamObject("/Filter /FlateDecode", Buffer.concat(compressed)),
    font,
  ]);
}

const sentence =
  "The quarterly review lists every open item with its owner and deadline, and the board approves the budget. ";

/**
 * A "text bomb": a tiny form XObject holding a paragraph, drawn `drawsPerPage` times on each of
 * `pages` pages. The file stays small (Flate-compressed repetition) while pdf.js returns the
 * paragraph once per draw.
 */
export function makeTextBomb(options: { pages: number; drawsPerPage: number }): Buffer {
  const paragraph = sentence.repeat(8);
  const form = streamObject(
    "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>",
    Buffer.from(`BT /F1 9 Tf 40 700 Td (${paragraph}) Tj ET`, "latin1"),
  );
  const content = streamObject(
    "/Filter /FlateDecode",
    deflateSync(Buffer.from("q /X1 Do Q\n".repeat(options.drawsPerPage), "latin1"), { level: 9 }),
  );
  const firstPage = 6;
  const kids = Array.from({ length: options.pages }, (_, index) => `${firstPage + index} 0 R`).join(" ");
  const pages = Array.from(
    { length: options.pages },
    () =>
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] " +
      "/Resources << /Font << /F1 4 0 R >> /XObject << /X1 5 0 R >> >> /Contents 3 0 R >>",
  );
  return assemblePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${options.pages} >>`,
    content,
    font,
    form,
    ...pages,
  ]);
}
