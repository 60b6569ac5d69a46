import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeForMatch, PdfEncryptedError, PdfNoTextError, PdfUnreadableError } from "@audited-rag/core";
import { afterAll, describe, expect, it } from "vitest";
import { samplePolicyPath } from "../../../../tests/fixtures/make-sample-policy";
import { samplePolicyText } from "../../../../tests/fixtures/sample-policy-text";
import { makeEncryptedLookingPdf, makeGarbagePdf, makeManyRunsPdf } from "../../../../tests/support/broken-pdfs";
import { makeImageOnlyPdf, makeTextPdf } from "../../../../tests/support/make-pdf";
import { makeType1LigaturePdf } from "../../../../tests/support/make-type1-pdf";
import { extractPdf, noTextMessage, PdfExtractor, PdfStructureError } from "./extract-pdf";

const corpus = fileURLToPath(new URL("../../../../../shared/corpus/", import.meta.url));
const inCorpus = (name: string) => join(corpus, name);
const missing = (name: string) => !existsSync(inCorpus(name));
const options = { timeoutMs: 20_000 };
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

const workDir = mkdtempSync(join(tmpdir(), "rag-extract-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function writeTemp(name: string, bytes: Uint8Array | string): string {
  const path = join(workDir, name);
  writeFileSync(path, bytes);
  return path;
}

describe("extractPdf", () => {
  it("returns each page's text in order and reports progress per page", async () => {
    const path = writeTemp(
      "two-pages.pdf",
      await makeTextPdf([["First page. It has two sentences."], ["Second page, with a comma."]]),
    );
    const progress: string[] = [];
    const result = await extractPdf(path, { ...options, onPage: (done, total) => progress.push(`${done}/${total}`) });
    expect(result).toEqual({
      pages: [
        {
          pageNumber: 1,
          text: "First page. It has two sentences.",
          headings: [],
          blocks: [{ kind: "paragraph", span: { start: 0, end: 33 } }],
          runningLines: [],
        },
        {
          pageNumber: 2,
          text: "Second page, with a comma.",
          headings: [],
          blocks: [{ kind: "paragraph", span: { start: 0, end: 26 } }],
          runningLines: [],
        },
      ],
      pageCount: 2,
      warnings: [],
    });
    expect(progress).toEqual(["1/2", "2/2"]);
  });

  it("reads the committed sample policy word for word, one line per wrapped line", async () => {
    const result = await extractPdf(samplePolicyPath, options);
    expect(result.pages.map((page) => squash(page.text))).toEqual(samplePolicyText.map(squash));
    expect(result.pages[0]?.text).toContain("\n");
    expect(result.pages[0]?.text).not.toMatch(/ \n|\n | {2}/);
  });

  it("reads a ligature that the font's ToUnicode map leaves out from the font's own encoding", async () => {
    // pdf.js alone reads "The   le is speci ed." here; poppler reads the glyph names, as we now do.
    const path = writeTemp("type1-ligature.pdf", await makeType1LigaturePdf("The file is specified."));
    const result = await extractPdf(path, options);
    expect(normalizeForMatch(result.pages[0]?.text ?? "")).toBe("The file is specified.");
  });

  it("refuses a PDF without a text layer when OCR is off, saying so", async () => {
    const path = writeTemp("drawing.pdf", await makeImageOnlyPdf(2));
    const error = await extractPdf(path, options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PdfNoTextError);
    expect((error as Error).message).toBe(noTextMessage);
    expect(noTextMessage).toMatch(/OCR is off/);
  });

  it("refuses an encrypted PDF", async () => {
    const path = writeTemp("encrypted.pdf", await makeEncryptedLookingPdf());
    await expect(extractPdf(path, options)).rejects.toBeInstanceOf(PdfEncryptedError);
  });

  it("reports bytes pdf.js cannot parse as a structure error", async () => {
    const path = writeTemp("garbage.pdf", makeGarbagePdf());
    const error = await extractPdf(path, options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PdfStructureError);
    expect(error).toBeInstanceOf(PdfUnreadableError);
    expect((error as PdfUnreadableError).code).toBe("PDF_UNREADABLE");
  });

  it("refuses a page with more text runs than layout will take, naming the page", async () => {
    const path = writeTemp("many-runs.pdf", await makeManyRunsPdf(61_000));
    const error = await extractPdf(path, { timeoutMs: 60_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PdfUnreadableError);
    expect((error as Error).message).toMatch(/Page 1 could not be read: the page has more than 60000 text runs/);
  });

  it("terminates the worker when reading takes too long", async () => {
    const path = writeTemp("slow.pdf", await makeTextPdf([["Any text."]]));
    await expect(extractPdf(path, { timeoutMs: 1 })).rejects.toThrow(/took longer than 0 s/);
  });

  it("stops when the signal aborts, before or during the work", async () => {
    const path = writeTemp("abort.pdf", await makeTextPdf([["Any text."]]));
    const reason = new Error("stop");
    await expect(extractPdf(path, { ...options, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    const controller = new AbortController();
    const running = extractPdf(path, { ...options, signal: controller.signal });
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
  });

  it("reports a worker that runs out of memory as unreadable", async () => {
    const path = writeTemp("memory.pdf", await makeTextPdf([["Any text."]]));
    await expect(extractPdf(path, { ...options, maxMemoryMb: 1 })).rejects.toThrow(/ran out of memory|stopped early/);
  });

  it("refuses an empty file and a missing file as unreadable", async () => {
    const empty = writeTemp("empty.pdf", "");
    await expect(extractPdf(empty, options)).rejects.toBeInstanceOf(PdfUnreadableError);
    const missingFile = await extractPdf(join(workDir, "nope.pdf"), options).catch((caught: unknown) => caught);
    expect(missingFile).toBeInstanceOf(PdfUnreadableError);
    expect((missingFile as Error).message).toBe("This PDF could not be read.");
    expect(String((missingFile as Error).cause)).toMatch(/ENOENT/);
  });
});

describe("PdfExtractor", () => {
  it("runs jobs one after another in one worker and survives failed documents", async () => {
    const extractor = new PdfExtractor();
    const good = writeTemp("good.pdf", await makeTextPdf([["Kept between jobs."]]));
    const broken = writeTemp("broken.pdf", makeGarbagePdf());
    const results = await Promise.allSettled([
      extractor.extract(good, options),
      extractor.extract(broken, options),
      extractor.extract(good, options),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    await extractor.close();
  });

  it("starts a fresh worker after a timeout, after idling and after close", async () => {
    const extractor = new PdfExtractor({ idleMs: 20 });
    const path = writeTemp("restart.pdf", await makeTextPdf([["Back again."]]));
    await expect(extractor.extract(path, { timeoutMs: 1 })).rejects.toBeInstanceOf(PdfUnreadableError);
    expect((await extractor.extract(path, options)).pages[0]?.text).toBe("Back again.");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await extractor.extract(path, options)).pages).toHaveLength(1);
    await extractor.close();
    expect((await extractor.extract(path, options)).pages).toHaveLength(1);
    await extractor.close();
  });
});

describe("extractPdf on the shared corpus", () => {
  it.skipIf(missing("malformed/Pages-tree-refs.pdf"))(
    "reads page 1 of a circular page tree and warns about page 2 (../shared/corpus absent: skipped)",
    async () => {
      const result = await extractPdf(inCorpus("malformed/Pages-tree-refs.pdf"), options);
      expect(result.pageCount).toBe(2);
      expect(result.pages.map((page) => page.pageNumber)).toEqual([1]);
      expect(result.pages[0]?.text.length).toBeGreaterThan(0);
      expect(result.warnings).toEqual([expect.stringMatching(/^Page 2 could not be read: .*circular/i)]);
    },
  );

  it.skipIf(missing("malformed/bug1606566.pdf"))("opens a PDF without a %PDF header", async () => {
    const result = await extractPdf(inCorpus("malformed/bug1606566.pdf"), options);
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]?.text).toMatch(/\S/);
  });

  it.skipIf(missing("malformed/issue1293r.pdf"))("recovers a content stream without /Length", async () => {
    const result = await extractPdf(inCorpus("malformed/issue1293r.pdf"), options);
    expect(result.pages[0]?.text).toMatch(/\S/);
  });

  it.skipIf(missing("malformed/bug1020226.pdf"))("refuses a severely corrupt PDF", async () => {
    await expect(extractPdf(inCorpus("malformed/bug1020226.pdf"), options)).rejects.toBeInstanceOf(PdfStructureError);
  });

  it.skipIf(missing("varied/c02-22.pdf"))("refuses a scanned PDF as having no text layer", async () => {
    await expect(extractPdf(inCorpus("varied/c02-22.pdf"), options)).rejects.toBeInstanceOf(PdfNoTextError);
  });

  it.skipIf(missing("varied/libreoffice-writer-password.pdf"))("refuses a password-protected PDF", async () => {
    await expect(extractPdf(inCorpus("varied/libreoffice-writer-password.pdf"), options)).rejects.toBeInstanceOf(
      PdfEncryptedError,
    );
  });

  it.skipIf(missing("varied/background-checks.pdf"))("keeps the cells of a wide table on their rows", async () => {
    const result = await extractPdf(inCorpus("varied/background-checks.pdf"), options);
    const lines = result.pages[0]?.text.split("\n") ?? [];
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((line) => line.split(" ").length > 10)).toBe(true);
  });
});
