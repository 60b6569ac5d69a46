import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PdfUnreadableError } from "@audited-rag/core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeTextPdf } from "../../../../tests/support/make-pdf";
import { DocumentExtraction } from "./document-extraction";
import { extractPdf } from "./extract-pdf";
import { ExtractThread } from "./extract-thread";
import { ExtractorPool } from "./extractor-pool";

const work = mkdtempSync(join(tmpdir(), "page-ranges-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A manual of `pages` pages: a running header and page-number footer, prose on each page, a
 * numbered heading every third page and a list on pages 3 and 4, so layout has state to carry
 * across range boundaries.
 */
async function makeManual(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (let number = 1; number <= pages; number++) {
    const page = document.addPage([612, 792]);
    page.drawText("Pump Station Field Manual", { x: 56, y: 760, size: 9, font });
    page.drawText(`Page ${number}`, { x: 290, y: 30, size: 9, font });
    let y = 640;
    if (number % 3 === 1) {
      page.drawText(`${Math.ceil(number / 3)}. Section on valve group ${number}`, { x: 56, y, size: 14, font: bold });
      y -= 30;
    }
    for (const line of [
      `Valve group ${number} is inspected every month by the duty operator on shift.`,
      `The pressure reading of group ${number} is written in the log before the pump starts.`,
    ]) {
      page.drawText(line, { x: 56, y, size: 11, font });
      y -= 16;
    }
    const items =
      number === 3 ? ["• close the inlet valve;", "• drain the housing;"] : number === 4 ? ["• refit the seal."] : [];
    if (number === 3) {
      page.drawText("Before a seal is changed the operator must:", { x: 56, y: y - 10, size: 11, font });
      y -= 26;
    }
    for (const item of items) {
      page.drawText(item, { x: 72, y, size: 11, font });
      y -= 16;
    }
  }
  return document.save();
}

const paths: Record<string, string> = {};
beforeAll(async () => {
  for (const [name, bytes] of [
    ["manual", await makeManual(9)],
    ["long", await makeManual(240)],
    ["short", await makeTextPdf([["The short note is filed every Friday."]])],
  ] as const) {
    paths[name] = join(work, `${name}.pdf`);
    writeFileSync(paths[name], bytes);
  }
});
const at = (name: string) => paths[name] as string;
const options = { timeoutMs: 60_000 };

describe("page ranges read by several workers", () => {
  it("gives the same pages, layout and warnings as one worker reading the whole document", async () => {
    const whole = await extractPdf(at("manual"), options);
    const opened = vi.spyOn(ExtractThread.prototype, "session");
    const pool = new ExtractorPool({ size: 3, pagesPerRange: 2 });
    try {
      const progress: number[] = [];
      const split = await pool.extract(at("manual"), { ...options, onPage: (done) => progress.push(done) });
      expect(split).toEqual(whole);
      expect(split.pages.map((page) => page.pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // Layout saw the document whole: running lines dropped everywhere, headings carried past range boundaries.
      expect(split.pages.map((page) => page.runningLines)).toEqual(
        split.pages.map((page) => ["Pump Station Field Manual", `Page ${page.pageNumber}`]),
      );
      expect(split.pages[2]?.headings).toEqual([{ text: "1. Section on valve group 1", level: 1 }]);
      expect(split.pages[4]?.headings).toEqual([{ text: "2. Section on valve group 4", level: 1 }]);
      expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // More than one worker opened the file.
      expect(opened.mock.calls.length).toBeGreaterThan(1);
    } finally {
      opened.mockRestore();
      await pool.close();
    }
  });

  it("reads a document no longer than one range with one worker", async () => {
    const opened = vi.spyOn(ExtractThread.prototype, "session");
    const pool = new ExtractorPool({ size: 2, pagesPerRange: 32 });
    try {
      expect((await pool.extract(at("manual"), options)).pages).toHaveLength(9);
      expect(opened).toHaveBeenCalledTimes(1);
    } finally {
      opened.mockRestore();
      await pool.close();
    }
  });

  it("fails the whole document when one worker fails mid-way, stops the others and keeps the pool usable", async () => {
    const copy = join(work, "vanishing.pdf");
    writeFileSync(copy, await makeManual(240));
    const first = new ExtractThread();
    const second = new ExtractThread();
    try {
      // The second worker has pdf.js loaded, so it opens the file while the first is still early in it.
      const warmUp = new DocumentExtraction(at("short"), options, { pagesPerRange: 4 });
      await warmUp.attach(second);
      await warmUp.result;
      let pagesSeen = 0;
      const document = new DocumentExtraction(
        copy,
        { ...options, onPage: (done) => (pagesSeen = done) },
        {
          pagesPerRange: 4,
          // The first worker has opened the file and is reading; the second finds it gone.
          onWantsWorkers: () => {
            unlinkSync(copy);
            void document.attach(second);
          },
        },
      );
      void document.attach(first);
      const error = await document.result.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PdfUnreadableError);
      expect(String((error as Error).cause)).toMatch(/ENOENT/);
      expect(pagesSeen).toBeLessThan(240);
      // Both workers are free for the next document.
      const next = new DocumentExtraction(at("manual"), options, { pagesPerRange: 4 });
      await Promise.all([next.attach(first), next.attach(second)]);
      expect((await next.result).pages).toHaveLength(9);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("stops every worker of a document when its signal aborts mid-way", async () => {
    const pool = new ExtractorPool({ size: 2, pagesPerRange: 8 });
    try {
      const controller = new AbortController();
      const reason = new Error("deleted");
      let pagesSeen = 0;
      const running = pool.extract(at("long"), {
        ...options,
        signal: controller.signal,
        onPage: (done) => {
          pagesSeen = done;
          if (done === 20) controller.abort(reason);
        },
      });
      await expect(running).rejects.toBe(reason);
      expect(pagesSeen).toBeLessThan(240);
      expect(pool.idleWorkers).toBe(2);
      expect((await pool.extract(at("short"), options)).pages).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it("takes a lent worker back for a document that queues, which then finishes first", async () => {
    const pool = new ExtractorPool({ size: 2, pagesPerRange: 4 });
    try {
      // Both workers started first: the order below is then about lending, not about how long a busy
      // machine takes to start a worker thread.
      await Promise.all([pool.extract(at("manual"), options), pool.extract(at("short"), options)]);
      const finished: string[] = [];
      let queued: Promise<unknown> | undefined;
      const long = pool
        .extract(at("long"), {
          ...options,
          onPage: (done) => {
            // Both workers are on the long document by now; the short one gets the next free worker.
            if (done === 24 && !queued) {
              expect(pool.idleWorkers).toBe(1);
              queued = pool.extract(at("short"), options).then(() => finished.push("short"));
            }
          },
        })
        .then((result) => {
          finished.push("long");
          return result;
        });
      expect((await long).pages).toHaveLength(240);
      await queued;
      expect(finished).toEqual(["short", "long"]);
    } finally {
      await pool.close();
    }
  });
});
