import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib";
import { wrapText } from "./make-pdf";

/** What `makeLayoutPdf` prints, so tests can name the expected text. */
export const layoutPdfText = {
  header: "Annual Cipher Review",
  title: "Block Ciphers in Practice: A Two-Column Survey",
  left: [
    "The left column opens the survey. It describes how block ciphers are used in storage systems and why key length matters for long-lived archives.",
    "A second paragraph in the left column continues the argument with more detail about rounds and key schedules.",
  ],
  right: [
    "The right column starts here. Its sentences are read only after the whole left column, because that is the printed reading order.",
    "Operators who rotate keys every year report fewer incidents than those who never rotate them.",
  ],
  leadIn: "A rotation plan should include:",
  items: ["a named owner for every key, with a deputy who can act when the owner is away;", "a yearly review date."],
  caption: "Table 2. Key-Block-Round Combinations",
  tableHeader: ["Variant", "Key Length", "Block Size", "Rounds"],
  tableRows: [
    ["AES-128", "4", "4", "10"],
    ["AES-192", "6", "4", "12"],
    ["AES-256", "8", "4", "14"],
  ],
  footer: (page: number) => `Page ${page} of 3`,
};

/**
 * Builds a three-page PDF like a journal article: a running header and page-number footer on
 * every page; page 1 has a full-width title over two columns; page 2 a bulleted list with a
 * lead-in; page 3 a table with a caption and header row.
 */
export async function makeLayoutPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const t = layoutPdfText;
  const pages = [0, 1, 2].map((index) => {
    const page = document.addPage([612, 792]);
    page.drawText(t.header, { x: 56, y: 750, size: 9, font });
    page.drawText(t.footer(index + 1), { x: 280, y: 30, size: 9, font });
    return page;
  });
  const [first, second, third] = pages as [PDFPage, PDFPage, PDFPage];

  first.drawText(t.title, { x: 56, y: 700, size: 16, font: bold });
  const columnWidth = 235;
  paragraphs(first, font, t.left, 56, 660, columnWidth);
  paragraphs(first, font, t.right, 321, 660, columnWidth);

  let y = paragraphs(second, font, [`Key management comes next. ${t.leadIn}`], 56, 700, 500);
  for (const item of t.items) {
    second.drawText("•", { x: 66, y, size: 10, font });
    y = paragraphs(second, font, [item], 80, y, 300) + 4;
  }

  third.drawText(t.caption, { x: 56, y: 700, size: 10, font: bold });
  const columns = [56, 180, 290, 400];
  [t.tableHeader, ...t.tableRows].forEach((row, rowIndex) => {
    row.forEach((cell, column) => {
      third.drawText(cell, {
        x: columns[column] as number,
        y: 680 - rowIndex * 14,
        size: 10,
        font: rowIndex ? font : bold,
      });
    });
  });
  paragraphs(third, font, ["The table shows that longer keys take more rounds."], 56, 600, 500);
  return document.save();
}

/** Draws wrapped paragraphs from `y` down, a blank line apart; returns the next free baseline. */
function paragraphs(page: PDFPage, font: PDFFont, texts: string[], x: number, top: number, width: number): number {
  let y = top;
  for (const text of texts) {
    for (const line of wrapText(text, (part) => font.widthOfTextAtSize(part, 10), width)) {
      page.drawText(line, { x, y, size: 10, font });
      y -= 12;
    }
    y -= 10;
  }
  return y;
}
