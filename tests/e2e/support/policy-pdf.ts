import { makeTextPdf } from "../../support/make-pdf";

/** Synthetic policy text; page 3 carries a sentence that looks like HTML and must stay text. */
export const policyPages = [
  [
    "Cancellation policy. Customers can cancel their subscription within thirty days of purchase for a full refund.",
    "Refunds are paid to the original payment method within five business days of the cancellation request.",
  ],
  [
    "Service areas. The delivery service operates in Rome and Milan on weekdays between eight and six o'clock.",
    "Deliveries outside Rome and Milan are not offered at present, and no date has been set for other cities.",
  ],
  [
    "Data storage. Customer records are stored in data centres located in the European Union.",
    "Support form. Customers may type <img src=x onerror=alert(1)> into the support form without harm.",
  ],
];

export const htmlLikeMarkup = "<img src=x onerror=alert(1)>";

export function makePolicyPdf(): Promise<Uint8Array> {
  return makeTextPdf(policyPages);
}

/** Lines drawn exactly as given (no re-wrapping), so a word can be broken at a line end. */
export async function makeLinesPdf(lines: string[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  lines.forEach((line, index) => {
    page.drawText(line, { x: 56, y: 800 - index * 15, size: 11, font });
  });
  return document.save();
}

/** A report whose key sentence breaks "illustrated" across two lines with a hyphen. */
export const hyphenatedLines = [
  "Annual report. The monthly revenue totals of every sales region are illus-",
  "trated in the annex with one bar chart for each quarter of the year.",
  "The annex also lists the staff count of each regional office.",
];

/** A page restating the cancellation period, so a repair has another passage it can quote from. */
export const postalCancellationPage = [
  "Postal cancellations. Customers can also cancel their subscription by post within thirty days of purchase, and the office confirms it in writing.",
];

/** The policy with the postal page after it: repairs of the cancellation claim can land on page 4. */
export function makeRepairablePolicyPdf(): Promise<Uint8Array> {
  return makeTextPdf([...policyPages, postalCancellationPage]);
}
