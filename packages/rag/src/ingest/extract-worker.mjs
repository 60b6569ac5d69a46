// Reads the positioned text of PDF pages off the main thread, one job at a time, staying alive between
// jobs so pdf.js is loaded and compiled once. Plain ESM with JSDoc types so it runs under any
// loader (node, tsx, vitest). Protocol: see pdf-extractor.ts.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parentPort } from "node:worker_threads";

const pdfjsUrl = import.meta.resolve("pdfjs-dist/legacy/build/pdf.mjs");

/** pdf.js wants folder paths with a trailing slash. */
function packageFolder(/** @type {string} */ relative) {
  return fileURLToPath(new URL(relative, pdfjsUrl)).replace(/\/?$/, "/");
}

/** Pages with more text runs than this are refused rather than laid out (a hostile or broken content stream). */
const maxItemsPerPage = 60_000;

/**
 * The positioned text of one page in a compact, cheaply cloned shape: the strings, and per
 * string four numbers (x, baseline y from the page's bottom edge, width, font size). Layout
 * (lines, columns, tables) is done by the caller in TypeScript.
 * @param {{view: number[]}} page
 * @param {Array<{str?: string, transform?: number[], width?: number, height?: number}>} items
 */
function positionedItems(page, items) {
  const [left = 0, bottom = 0, right = 0, top = 0] = page.view;
  /** @type {string[]} */
  const strings = [];
  const numbers = [];
  for (const item of items) {
    if (typeof item.str !== "string" || item.str.trim() === "" || !item.transform) continue;
    const [, , c = 0, d = 0, e = 0, f = 0] = item.transform;
    strings.push(item.str);
    numbers.push(e - left, f - bottom, item.width ?? 0, Math.hypot(c, d) || item.height || 0);
  }
  if (strings.length > maxItemsPerPage) throw new Error(`the page has more than ${maxItemsPerPage} text runs`);
  return { width: right - left, height: top - bottom, strings, geometry: Float64Array.from(numbers) };
}

/** @param {unknown} error */
function describe(error) {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/**
 * Extracts one file; every message carries the job id. A document that fails to open is
 * reported, not thrown, so the worker stays usable for the next job.
 * @param {{jobId: number, filePath: string}} job
 */
async function extract({ jobId, filePath }) {
  const post = (/** @type {Record<string, unknown>} */ message) => parentPort?.postMessage({ jobId, ...message });
  const data = new Uint8Array(await readFile(filePath));
  const loadingTask = pdfjs.getDocument({
    data,
    // Ignored by current pdf.js (it no longer evaluates code), kept in case an older build is resolved.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: packageFolder("../../standard_fonts/"),
    cMapUrl: packageFolder("../../cmaps/"),
    cMapPacked: true,
    wasmUrl: packageFolder("../../wasm/"),
  });
  try {
    /** @type {{numPages: number, getPage(n: number): Promise<any>}} */
    const document = await loadingTask.promise;
    post({ type: "opened", pageCount: document.numPages });
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      try {
        const page = await document.getPage(pageNumber);
        const content = await page.getTextContent();
        const positioned = positionedItems(page, content.items);
        parentPort?.postMessage({ jobId, type: "page", pageNumber, ...positioned }, [positioned.geometry.buffer]);
        page.cleanup();
      } catch (error) {
        post({ type: "pageFailed", pageNumber, message: describe(error).message });
      }
    }
    post({ type: "done" });
  } finally {
    await loadingTask.destroy();
  }
}

const pdfjs = await import(pdfjsUrl);
parentPort?.on("message", (/** @type {{jobId: number, filePath: string}} */ job) => {
  extract(job).catch((error) => parentPort?.postMessage({ jobId: job.jobId, type: "failed", ...describe(error) }));
});
