// Reads the positioned text of PDF pages off the main thread, staying alive between documents so
// pdf.js is loaded and compiled once. Plain ESM with JSDoc types so it runs under any loader
// (node, tsx, vitest). Protocol, every message tagged with the parent's job id: `open` a file
// (answered `opened` with the page count, or `failed`), then `read` page ranges (answered by a
// `page` or `pageFailed` per page and `rangeRead`), then `close`. See extract-thread.ts.
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
  const dropSideways = mostlyUpright(items);
  for (const item of items) {
    if (typeof item.str !== "string" || item.str.trim() === "" || !item.transform) continue;
    if (dropSideways && sideways(item.transform)) continue;
    const [, , c = 0, d = 0, e = 0, f = 0] = item.transform;
    strings.push(item.str);
    numbers.push(e - left, f - bottom, item.width ?? 0, Math.hypot(c, d) || item.height || 0);
  }
  if (strings.length > maxItemsPerPage) throw new Error(`the page has more than ${maxItemsPerPage} text runs`);
  return { width: right - left, height: top - bottom, strings, geometry: Float64Array.from(numbers) };
}

/** Whether a text run is turned more than 45° from upright (its baseline closer to vertical than to horizontal). */
const sideways = (/** @type {number[]} */ [a = 0, b = 0]) => Math.abs(b) > Math.abs(a);

/**
 * Whether most of a page's characters are upright. On such a page, text set sideways is a margin
 * stamp ("arXiv:1207.1925v1 [math.AG] 8 Jul 2012") or a chart's axis label: read into the rows,
 * it lands in the middle of a line of prose, so it is left out of the page's text. A page turned
 * to landscape, its text all sideways, keeps it.
 * @param {Array<{str?: string, transform?: number[]}>} items
 */
function mostlyUpright(items) {
  let upright = 0;
  let turned = 0;
  for (const item of items) {
    if (typeof item.str !== "string" || !item.transform) continue;
    if (sideways(item.transform)) turned += item.str.length;
    else upright += item.str.length;
  }
  return turned > 0 && upright > turned;
}

/** A page with fewer visible characters than this has no usable text layer: under `auto` it is read by OCR. */
const ocrBelowCharacters = 20;
/** Pages are rendered for OCR at 200 dpi (ordinary print reads as well as at 300 and a third faster); never above this many pixels, so memory stays bounded. */
const ocrScale = 200 / 72;
const maxOcrPixels = 3000 * 3600;

/**
 * The page as an image for OCR: rendered by pdf.js onto a Node canvas (@napi-rs/canvas), as PNG.
 * @param {any} document
 * @param {any} page
 */
async function renderForOcr(document, page) {
  const natural = page.getViewport({ scale: 1 });
  const scale = Math.min(ocrScale, Math.sqrt(maxOcrPixels / (natural.width * natural.height)));
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const { canvas, context } = document.canvasFactory.create(width, height);
  try {
    await page.render({ canvasContext: context, viewport, canvas }).promise;
    return { png: new Uint8Array(canvas.toBuffer("image/png")), scale, pixelHeight: height };
  } finally {
    document.canvasFactory.destroy({ canvas, context });
  }
}

/** @param {unknown} error */
function describe(error) {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/** Documents open in this worker, by job id. @type {Map<number, {document: any, loadingTask: any, ocr: string}>} */
const open = new Map();

/**
 * Opens one file for a job and reports its page count. A document that fails to open is
 * reported, not thrown, so the worker stays usable for the next job.
 * @param {{jobId: number, filePath: string, ocr?: "off" | "auto" | "force"}} job
 */
async function openDocument({ jobId, filePath, ocr = "off" }) {
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
    open.set(jobId, { document, loadingTask, ocr });
    parentPort?.postMessage({ jobId, type: "opened", pageCount: document.numPages });
  } catch (error) {
    await loadingTask.destroy();
    throw error;
  }
}

/**
 * Reads pages `firstPage` to `lastPage` of the job's open document. With `ocr` "auto" a page
 * without a usable text layer also carries its image for OCR; with "force" every page does and
 * its text layer is set aside.
 * @param {{jobId: number, firstPage: number, lastPage: number}} range
 */
async function readRange({ jobId, firstPage, lastPage }) {
  const post = (/** @type {Record<string, unknown>} */ message) => parentPort?.postMessage({ jobId, ...message });
  for (let pageNumber = firstPage; pageNumber <= lastPage; pageNumber++) {
    const entry = open.get(jobId);
    // Closed mid-way: the parent no longer wants these pages.
    if (!entry) return;
    const { document, ocr } = entry;
    try {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      let positioned = positionedItems(page, content.items);
      const visible = positioned.strings.join("").replace(/\s/g, "").length;
      const scan = ocr === "force" || (ocr === "auto" && visible < ocrBelowCharacters);
      // The few characters a scan carries (a stamp, a page number) would come twice: OCR reads them too.
      if (scan) positioned = { ...positioned, strings: [], geometry: new Float64Array(0) };
      // Said before rendering, so Tesseract loads its model while pdf.js draws the page.
      if (scan) post({ type: "scanning", pageNumber });
      const image = scan ? await renderForOcr(document, page) : undefined;
      const transfer = image ? [positioned.geometry.buffer, image.png.buffer] : [positioned.geometry.buffer];
      // A scan waits until OCR takes its image: rendered pages never pile up in memory.
      const taken = image ? continued(jobId) : undefined;
      parentPort?.postMessage({ jobId, type: "page", pageNumber, ...positioned, ...(image && { image }) }, transfer);
      page.cleanup();
      await taken;
    } catch (error) {
      post({ type: "pageFailed", pageNumber, message: describe(error).message });
    }
  }
  post({ type: "rangeRead" });
}

/** @param {number} jobId */
async function closeDocument(jobId) {
  const entry = open.get(jobId);
  open.delete(jobId);
  waitingForOcr.get(jobId)?.();
  waitingForOcr.delete(jobId);
  await entry?.loadingTask.destroy();
}

/** @type {Map<number, () => void>} */
const waitingForOcr = new Map();
/** Resolves when the parent says OCR has taken this job's last image (a `continue` message). */
function continued(/** @type {number} */ jobId) {
  return new Promise((resolve) => waitingForOcr.set(jobId, () => resolve(undefined)));
}

const pdfjs = await import(pdfjsUrl);
parentPort?.on(
  "message",
  (
    /** @type {{jobId: number, type: "open" | "read" | "continue" | "close", filePath: string, ocr?: "off" | "auto" | "force", firstPage: number, lastPage: number}} */ message,
  ) => {
    const failed = (/** @type {unknown} */ error) =>
      parentPort?.postMessage({ jobId: message.jobId, type: "failed", ...describe(error) });
    if (message.type === "open") openDocument(message).catch(failed);
    else if (message.type === "read") readRange(message).catch(failed);
    else if (message.type === "close") closeDocument(message.jobId).catch(() => undefined);
    else if (message.type === "continue") {
      waitingForOcr.get(message.jobId)?.();
      waitingForOcr.delete(message.jobId);
    }
  },
);
