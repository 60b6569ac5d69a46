import { PDFDocument, StandardFonts } from "pdf-lib";
import { wrapText } from "../../tests/support/make-pdf";

/**
 * Invented documents for the drafter's development set (not the eval's holdout). A block is a
 * paragraph wrapped to the page width, or, when it holds line breaks, lines drawn as they are
 * (tables of contents, spec tables), so the extracted text has the debris real PDFs have.
 */
interface DevText {
  filename: string;
  font: StandardFonts;
  footer: (page: number) => string;
  pages: string[][];
}

const devTexts: DevText[] = [
  {
    filename: "orchard-valley-library-handbook.pdf",
    font: StandardFonts.Helvetica,
    footer: (page) => `Orchard Valley Library handbook, page ${page}`,
    pages: [
      [
        "Orchard Valley Library Member Handbook",
        "Contents\n1. Membership and cards ............................ 2\n2. Borrowing and renewals ............................ 2\n3. Fines and lost items ............................ 3\n4. Study rooms and equipment ............................ 3",
        "This handbook covers the following topics: 1. membership and library cards; 2. borrowing periods, renewal limits and holds; 3. fines for late returns and lost items; 4. study rooms, laptops and printing.",
        "The handbook applies to all four branches of the Orchard Valley Library.",
      ],
      [
        "1. Membership and cards",
        "Membership is free for anyone who lives, works or studies in Orchard County. A first library card is issued at no cost, but a replacement card costs 3 euros.",
        "Children under 12 need a parent or guardian to sign the application form.",
        "2. Borrowing and renewals",
        "Books may be borrowed for 21 days. DVDs and video games are lent for 7 days. Each item can be renewed up to three times, unless another member has placed a hold on it. Members may borrow at most 25 items at once.",
      ],
      [
        "3. Fines and lost items",
        "Late books are charged 20 cents per day, up to a maximum of 6 euros per item. A lost item is billed at its replacement price plus a processing fee of 5 euros.",
        "4. Study rooms and equipment",
        "Study rooms can be booked for up to two hours per day. Laptops are lent for use inside the building only and must be returned 15 minutes before closing.",
        "Opening hours\nMonday to Friday 9:00 20:00\nSaturday 10:00 17:00\nSunday closed",
      ],
    ],
  },
  {
    filename: "kestrel-k7-owners-manual.pdf",
    font: StandardFonts.Courier,
    footer: (page) => `K7 manual rev 2 / ${page}`,
    pages: [
      [
        "Kestrel K7 Owner's Manual",
        "Technical data\nMotor power 250 W\nBattery capacity 625 Wh\nMaximum assisted speed 25 km/h\nWeight 23.5 kg",
        "The Kestrel K7 is a trekking e-bike with a mid-drive motor and a battery integrated in the down tube.",
        "The battery reaches a full charge in about 4.5 hours with the supplied 4 A charger.",
        "Range depends on the assist level: in Eco mode the K7 travels up to 140 km on one charge, in Turbo mode about 55 km.",
      ],
      [
        "Care and maintenance",
        "Safety checklist: 1. Check the tyre pressure weekly; 2. Inspect the brake pads every 1,000 km; 3. Keep the battery contacts dry; 4. Tighten the pedals after the first 100 km.",
        "The tyres should be inflated to between 3.5 and 5 bar.",
        "The chain should be cleaned and lubricated every 300 km, or after every ride in the rain.",
        "The first service is due after 500 km or three months, whichever comes first.",
        "The battery should be stored at 30 to 60 percent charge in a dry place between 10 and 20 degrees Celsius.",
      ],
      [
        "Warranty",
        "The frame is covered by a warranty of ten years. The motor and the battery are covered for two years or 500 charge cycles, whichever comes first.",
        "Wear parts such as tyres, brake pads and chains are not covered by the warranty.",
        "To make a warranty claim, contact the dealer where the bike was bought and bring the proof of purchase.",
      ],
    ],
  },
  {
    filename: "riverside-council-minutes.pdf",
    font: StandardFonts.TimesRoman,
    footer: (page) => `- ${page} -`,
    pages: [
      [
        "Riverside Community Council",
        "Minutes of the meeting of 14 March 2024",
        "Present: A. Moreau (chair), B. Okafor, C. Lindqvist, D. Haddad. Apologies: E. Brennan.",
        "1. The minutes of the February meeting were approved without changes.",
        "2. Park renovation. The council approved a budget of 48,000 euros for the renovation of Willow Park. Work is expected to start in June and to last eleven weeks.",
        "3. Street lighting. Ms Lindqvist reported that 120 street lamps will be replaced with LED lamps by the end of the year.",
        "4. The next meeting will be held on 11 April 2024 at 19:00 in the town hall.",
      ],
      [
        "Action items",
        "The treasurer, Mr Haddad, will present the annual accounts at the April meeting.",
        "The council voted 4 to 0 to extend the weekend bus service to Riverside station.",
        "Residents may send written questions to the council secretary until one week before each meeting.",
      ],
    ],
  },
];

/** Builds the development documents as PDFs with a text layer. */
export async function buildDevDocuments(): Promise<Array<{ filename: string; bytes: Uint8Array }>> {
  return Promise.all(devTexts.map(async (text) => ({ filename: text.filename, bytes: await buildPdf(text) })));
}

async function buildPdf(text: DevText): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(text.font);
  const size = 10.5;
  const width = 470;
  for (const [k, blocks] of text.pages.entries()) {
    const page = document.addPage([595, 842]);
    let y = 790;
    for (const block of blocks) {
      const lines = block.includes("\n")
        ? block.split("\n")
        : wrapText(block, (s) => font.widthOfTextAtSize(s, size), width);
      for (const line of lines) {
        page.drawText(line, { x: 60, y, size, font });
        y -= size * 1.4;
      }
      y -= size;
    }
    page.drawText(text.footer(k + 1), { x: 60, y: 40, size: 8, font });
  }
  return document.save();
}
