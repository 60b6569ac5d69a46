// Extracts the text of PDF pages off the main thread, one job at a time, staying alive between
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

/**
 * Joins pdf.js text items in content order: item strings as they are, a newline where pdf.js
 * flags an end of line or where the baseline moves without one.
 * @param {Array<{str?: string, hasEOL?: boolean, transform?: number[], height?: number}>} items
 */
function joinItems(items) {
  let text = "";
  /** @type {number | undefined} */
  let lastY;
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const y = item.transform?.[5];
    const lineHeight = Math.max(item.height ?? 0, 1);
    if (item.str.trim() && lastY !== undefined && y !== undefined && Math.abs(y - lastY) > lineHeight / 2) {
      if (text && !/\s$/.test(text)) text += "\n";
    }
    text += item.str;
    if (item.hasEOL) text += "\n";
    if (item.str.trim() && y !== undefined) lastY = y;
  }
  return tidy(text);
}

/** Whitespace clean-up done before chunking, so chunk offsets index into the stored text. */
function tidy(/** @type {string} */ text) {
  return (
    text
      .replace(/\r\n?|[\u2028\u2029]/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
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
        post({ type: "page", pageNumber, text: joinItems(content.items) });
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
