import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * Seeded text for benchmark PDFs. Word frequencies follow a Zipf law over a mix of common
 * English words and made-up terms, so full-text postings have realistic lengths: a few terms
 * occur on every page, most on a handful.
 */

/** mulberry32: a tiny deterministic PRNG; the same seed gives the same corpus on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const commonWords = (
  "system data report service network policy customer value process design model result energy water " +
  "council budget project market station engine board schedule contract review safety quality supply " +
  "record request program storage signal traffic pressure measure control member region district " +
  "account payment invoice delivery training analysis method sample estimate factor period interval " +
  "device sensor module cable valve pump filter battery panel circuit voltage current density volume " +
  "library archive school museum harbour bridge tunnel railway airport hospital clinic farm forest river"
).split(" ");
const glue = "the of and to in for with on by from at as is are was were be has have this that which".split(" ");
const syllables = "ka lo mi ner tas vo dri pel sun har qui zen bor lat fen mos ric tal ven gor".split(" ");

function inventedWord(index: number): string {
  let word = "";
  let rest = index;
  do {
    word += syllables[rest % syllables.length];
    rest = Math.floor(rest / syllables.length);
  } while (rest > 0);
  return word.length < 5 ? `${word}ix` : word;
}

/** Content words ranked by frequency: common words first, then 4,000 invented terms. */
const vocabulary = [...commonWords, ...Array.from({ length: 4000 }, (_, index) => inventedWord(index + 50))];
const zipfCumulative = (() => {
  const weights = vocabulary.map((_, rank) => 1 / (rank + 1) ** 1.05);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => (running += weight / total));
})();

function contentWord(random: () => number): string {
  const target = random();
  let low = 0;
  let high = zipfCumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((zipfCumulative[middle] as number) < target) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low] as string;
}

function sentence(random: () => number): string {
  const length = 8 + Math.floor(random() * 14);
  const words: string[] = [];
  for (let index = 0; index < length; index++) {
    words.push(random() < 0.35 ? (glue[Math.floor(random() * glue.length)] as string) : contentWord(random));
  }
  if (random() < 0.3) words.splice(2, 0, String(Math.floor(random() * 9000) + 10));
  const text = words.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The text of `pages` pages: a numbered heading and 12–18 sentences each. */
export function benchPageTexts(seed: number, pages: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: pages }, (_, index) => {
    const count = 12 + Math.floor(random() * 7);
    const sentences = Array.from({ length: count }, () => sentence(random));
    return `Section ${seed}.${index + 1} ${contentWord(random)} ${contentWord(random)}\n${sentences.join(" ")}`;
  });
}

/**
 * Questions for the benchmark: most reuse words of a sentence of the corpus (so retrieval and
 * drafting both do work), the rest are random words (which mostly abstain).
 */
export function benchQuestions(seed: number, pageTexts: string[], count: number): string[] {
  const random = seededRandom(seed ^ 0x5bd1e995);
  return Array.from({ length: count }, () => {
    if (random() < 0.25) {
      const words = Array.from({ length: 4 + Math.floor(random() * 4) }, () => contentWord(random));
      return `What does the report say about ${words.join(" ")}?`;
    }
    const page = pageTexts[Math.floor(random() * pageTexts.length)] ?? "";
    const sentences = page.split("\n")[1]?.split(". ") ?? [];
    const words = (sentences[Math.floor(random() * sentences.length)] ?? "")
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length > 3 && !glue.includes(word));
    return `What is said about ${words.slice(0, 6).join(" ")}?`;
  });
}

/**
 * The bench pages with some structure: every fourth page also carries a list of three items
 * after a lead-in, as manuals do.
 */
export function benchStructuredPageTexts(seed: number, pages: number): string[] {
  const random = seededRandom(seed ^ 0x27d4eb2d);
  return benchPageTexts(seed, pages).map((text, index) => {
    if (index % 4 !== 3) return text;
    const items = Array.from({ length: 3 }, () => `• ${sentence(random).replace(/\.$/, ";")}`);
    return `${text}\nThe ${contentWord(random)} procedure includes:\n${items.join("\n")}`;
  });
}

export interface BenchPdfOptions {
  /** Printed at the top of every page, with "Page N" at the bottom: running lines layout drops. */
  runningHeader?: string;
}

/** A PDF with a text layer holding the given page texts, wrapped at about 95 characters. */
export async function makeBenchPdf(pageTexts: string[], options: BenchPdfOptions = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, text] of pageTexts.entries()) {
    const page = pdf.addPage([595, 842]);
    if (options.runningHeader) {
      page.drawText(options.runningHeader, { x: 48, y: 818, size: 8, font });
      page.drawText(`Page ${index + 1}`, { x: 280, y: 24, size: 8, font });
    }
    let y = 800;
    for (const paragraph of text.split("\n")) {
      for (const line of wrapByLength(paragraph, 95)) {
        page.drawText(line, { x: 48, y, size: 9.5, font });
        y -= 13;
      }
      y -= 6;
    }
  }
  return pdf.save();
}

function wrapByLength(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
