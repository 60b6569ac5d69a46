import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { wrapText } from "./make-pdf";

/** How finely the "scanner" samples the page: 200 dpi, a common office scan. */
const scanDpi = 200;

/**
 * A page as a scanner would deliver it: the paragraphs drawn as pixels (black serif text on
 * white, A4 at 200 dpi), returned as PNG bytes. No text survives as text.
 */
export function scannedPageImage(paragraphs: string[]): Uint8Array {
  const scale = scanDpi / 72;
  const canvas = createCanvas(Math.round(595 * scale), Math.round(842 * scale));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000000";
  const fontSize = 13 * scale;
  context.font = `${fontSize}px serif`;
  let y = 72 * scale;
  for (const paragraph of paragraphs) {
    for (const line of wrapText(paragraph, (text) => context.measureText(text).width, 470 * scale)) {
      context.fillText(line, 60 * scale, y);
      y += fontSize * 1.5;
    }
    y += fontSize;
  }
  return canvas.toBuffer("image/png");
}

/**
 * Builds a PDF whose pages are scans: each entry is either a list of paragraphs drawn as an image
 * (the page's only content, so it has no text layer) or, with `{ text }`, an ordinary text page.
 */
export async function makeScannedPdf(pages: Array<string[] | { text: string[] }>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = document.addPage([595, 842]);
    if (Array.isArray(content)) {
      const image = await document.embedPng(scannedPageImage(content));
      page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
      continue;
    }
    let y = 800;
    for (const paragraph of content.text) {
      for (const line of wrapText(paragraph, (text) => font.widthOfTextAtSize(text, 11), 480)) {
        page.drawText(line, { x: 56, y, size: 11, font });
        y -= 15.4;
      }
      y -= 11;
    }
  }
  return document.save();
}
