import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * Builds a real PDF with a text layer: one entry per page, each a list of paragraphs.
 * Paragraphs are wrapped to the page width so pdf.js sees ordinary lines.
 */
export async function makeTextPdf(pages: string[][]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const fontSize = 11;
  const maxWidth = 480;
  for (const paragraphs of pages) {
    const page = document.addPage([595, 842]);
    let y = 800;
    for (const paragraph of paragraphs) {
      for (const line of wrapText(paragraph, (text) => font.widthOfTextAtSize(text, fontSize), maxWidth)) {
        page.drawText(line, { x: 56, y, size: fontSize, font });
        y -= fontSize * 1.4;
      }
      y -= fontSize;
    }
  }
  return document.save();
}

/** A PDF whose pages hold only drawings: no text layer at all, like a scan. */
export async function makeImageOnlyPdf(pageCount = 1): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pageCount; index += 1) {
    const page = document.addPage([595, 842]);
    page.drawRectangle({ x: 50, y: 50, width: 300, height: 200, borderWidth: 2 });
  }
  return document.save();
}

/** Greedy word wrap of a paragraph to lines no wider than `maxWidth` (a single long word stays whole). */
export function wrapText(paragraph: string, width: (text: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of paragraph.split(/\s+/)) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (width(candidate) > maxWidth && line !== "") {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
