import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeTextPdf } from "../tests/support/make-pdf";
import { makeScannedPdf } from "../tests/support/make-scanned-pdf";
import { measureServerIngestMemory, type ServerIngestMemory } from "./bench-ingest-rss";

export interface OcrBenchCase extends ServerIngestMemory {
  name: string;
  /** Wall time of the upload per page: rendering, OCR, layout, chunking and indexing together. */
  secondsPerPage: number;
}

/** Four pages of plain office prose, drawn as scans and typed, so the two costs are compared on the same words. */
const pageTexts = Array.from({ length: 4 }, (_, page) => [
  `Section ${page + 1}. The maintenance team inspects the pumping station on the first Monday of each month and records the water pressure, the filter state and any leaks in the station log.`,
  "Repairs that cost more than two thousand euros need the approval of the regional office before work starts, except in an emergency, when the supervisor may approve them and report within two days.",
  "Each inspection report is kept for seven years and sent to the water authority within ten working days of the visit, together with the photographs taken on site.",
]);

/**
 * Ingests scanned PDFs through a fresh server process each (embedded defaults, RAG_OCR=auto):
 * the corpus's `varied/c02-22.pdf` when present, and a 4-page scan generated here beside the same
 * four pages with a text layer, so OCR's cost per page stands next to the text-layer figure.
 */
export async function measureOcr(corpusDir: string): Promise<OcrBenchCase[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-ocr-"));
  try {
    const files: Array<{ name: string; file: string }> = [];
    const corpusScan = path.join(corpusDir, "varied/c02-22.pdf");
    if (existsSync(corpusScan)) files.push({ name: "varied/c02-22.pdf (scan)", file: corpusScan });
    const scanned = path.join(folder, "scanned-4-pages.pdf");
    await writeFile(scanned, await makeScannedPdf(pageTexts));
    files.push({ name: "generated 4-page scan (200 dpi)", file: scanned });
    const typed = path.join(folder, "typed-4-pages.pdf");
    await writeFile(typed, await makeTextPdf(pageTexts));
    files.push({ name: "the same 4 pages with a text layer", file: typed });
    const cases: OcrBenchCase[] = [];
    for (const { name, file } of files) {
      const measured = await measureServerIngestMemory(file);
      cases.push({
        name,
        ...measured,
        secondsPerPage: measured.pages > 0 ? Math.round(measured.uploadMs / measured.pages / 10) / 100 : 0,
      });
    }
    return cases;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
