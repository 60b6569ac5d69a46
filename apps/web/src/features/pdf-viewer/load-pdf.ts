import { GlobalWorkerOptions, getDocument, type PDFDocumentLoadingTask } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

// The worker is a bundled, same-origin file: the CSP allows no CDN.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build copies pdf.js's fonts, CMaps, colour profiles and decoders (see pdfjs-assets-plugin.ts). */
const assetBase = new URL(`${import.meta.env.BASE_URL}pdfjs/`, window.location.href).href;

/**
 * Opens a PDF by URL. pdf.js 6 no longer has an eval-based font path (the old
 * `isEvalSupported` option is gone), so nothing here needs 'unsafe-eval'.
 */
export function loadPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
    standardFontDataUrl: `${assetBase}standard_fonts/`,
    cMapUrl: `${assetBase}cmaps/`,
    cMapPacked: true,
    iccUrl: `${assetBase}iccs/`,
    wasmUrl: `${assetBase}wasm/`,
  });
}
