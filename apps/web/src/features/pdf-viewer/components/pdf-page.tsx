import { type PDFDocumentProxy, RenderingCancelledException, type RenderTask, TextLayer } from "pdfjs-dist";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { useEffect, useRef, useState } from "react";
import { loadPageText, type PageTextSource } from "../load-page-text";
import { markQuote } from "../mark-quote";
import { describePageStatus, type HighlightState } from "../page-status-wording";
import { findQuoteRanges } from "../text-layer-match";

interface PdfPageProps {
  pdf: PDFDocumentProxy;
  /** The stored document `pdf` was opened from, for the OCR words of a scanned page. */
  documentId: string;
  pageNumber: number;
  zoom: number;
  /** Highlighted on this page when it can be matched against the text layer. */
  quote: string | null;
}

/** Largest fit-to-width scale, so a small page on a wide screen is not blown up. */
const maxFitScale = 1.6;

/**
 * One page: canvas for the pixels, pdf.js text layer on top for selection and the quote
 * highlight. A scanned page's text layer is built from the words the server read by OCR.
 */
export function PdfPage({ pdf, documentId, pageNumber, zoom, quote }: PdfPageProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [highlight, setHighlight] = useState<HighlightState>("none");
  const [textSource, setTextSource] = useState<PageTextSource | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const scrollBox = scrollRef.current;
    const pageBox = pageRef.current;
    const canvas = canvasRef.current;
    const textBox = textRef.current;
    if (!scrollBox || !pageBox || !canvas || !textBox) return;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    const ocrRequest = new AbortController();
    setError(null);
    setHighlight(quote ? "pending" : "none");
    setTextSource(null);
    // Drop the previous page's text (and highlight) at once rather than when the new page is ready.
    textBox.replaceChildren();

    const draw = async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const fit = Math.min(Math.max(scrollBox.clientWidth - 2, 200) / natural.width, maxFitScale);
      const viewport = page.getViewport({ scale: fit * zoom });
      const pixelRatio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * pixelRatio);
      canvas.height = Math.floor(viewport.height * pixelRatio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      pageBox.style.setProperty("--total-scale-factor", String(viewport.scale));
      pageBox.style.width = `${Math.floor(viewport.width)}px`;
      pageBox.style.height = `${Math.floor(viewport.height)}px`;

      renderTask = page.render({
        canvas,
        viewport,
        ...(pixelRatio !== 1 ? { transform: [pixelRatio, 0, 0, pixelRatio, 0, 0] } : {}),
      });
      const { content: textContent, source } = await loadPageText(page, documentId, ocrRequest.signal);
      if (cancelled) return;
      textBox.replaceChildren();
      textLayer = new TextLayer({ textContentSource: textContent, container: textBox, viewport });
      await Promise.all([renderTask.promise, textLayer.render()]);
      if (cancelled) return;
      // Set with the highlight below, so the status line changes (and is announced) once.
      setTextSource(source);
      if (!quote) return;

      // textDivs holds one element per item that has a `str`, in order.
      const items = textContent.items.filter((item): item is TextItem => "str" in item);
      const ranges = findQuoteRanges(items, quote);
      const marks = ranges ? markQuote(textLayer.textDivs, ranges) : [];
      setHighlight(marks.length > 0 ? "found" : "not-found");
      marks[0]?.scrollIntoView({ block: "center", inline: "nearest" });
    };

    draw().catch((failure: unknown) => {
      if (cancelled || failure instanceof RenderingCancelledException) return;
      setError(failure instanceof Error ? failure.message : "The page could not be drawn.");
    });
    return () => {
      cancelled = true;
      ocrRequest.abort();
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [pdf, documentId, pageNumber, zoom, quote]);

  return (
    <div className="pdf-page">
      <p className="muted pdf-page__status" aria-live="polite">
        {describePageStatus(highlight, textSource)}
      </p>
      {error && (
        <p role="alert" className="error-text">
          This page could not be drawn: {error}
        </p>
      )}
      {/* Zoomed pages scroll inside this box; it takes the focus so the keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would mean a form group; this is a labelled scroll box */}
      <div
        ref={scrollRef}
        className="pdf-page__scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable by keyboard
        tabIndex={0}
        role="group"
        aria-label={`Page ${pageNumber}, scrollable`}
      >
        <div ref={pageRef} className="pdf-page__sheet">
          <canvas ref={canvasRef} aria-label={`Page ${pageNumber}`} role="img" />
          <div ref={textRef} className="textLayer" />
        </div>
      </div>
    </div>
  );
}
