import { PDFDocument, PDFHexString, PDFName, StandardFonts } from "pdf-lib";

/**
 * A PDF that declares standard-handler encryption whose empty user password does not match,
 * so readers ask for a password (pdf-lib cannot encrypt; this is enough for pdf.js to refuse).
 */
export async function makeEncryptedLookingPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([300, 300]);
  const context = document.context;
  const filler = "28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A";
  context.trailerInfo.Encrypt = context.obj({
    Filter: PDFName.of("Standard"),
    V: 1,
    R: 2,
    Length: 40,
    P: -44,
    O: PDFHexString.of(filler),
    U: PDFHexString.of([...filler].reverse().join("")),
  });
  context.trailerInfo.ID = context.obj([PDFHexString.of("0123456789ABCDEF"), PDFHexString.of("0123456789ABCDEF")]);
  return document.save({ useObjectStreams: false });
}

/** A `%PDF-` header followed by bytes no reader can make sense of. */
export function makeGarbagePdf(): Uint8Array {
  const noise = Array.from({ length: 2000 }, (_, index) => String.fromCharCode(33 + ((index * 7919) % 90))).join("");
  return new TextEncoder().encode(`%PDF-1.7\n${noise}\n`);
}

/**
 * A one-page PDF whose content stream shows `runs` separate one-letter text runs, each on a line
 * of its own: far more than any real page, as a hostile file might.
 */
export async function makeManyRunsPdf(runs: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  page.drawText("x", { x: 10, y: 10, size: 1, font });
  const name = page.node.normalizedEntries().Font.keys()[0]?.asString() ?? "/F1";
  const lines = ["BT", `${name} 1 Tf`, "10 830 Td"];
  for (let index = 0; index < runs; index++) lines.push("(a) Tj", "0 -0.01 Td");
  lines.push("ET");
  page.node.addContentStream(document.context.register(document.context.flateStream(lines.join("\n"))));
  return document.save();
}
