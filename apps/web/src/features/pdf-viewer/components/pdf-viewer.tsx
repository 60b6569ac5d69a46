import { type PDFDocumentProxy, ResponseException } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import type { PdfTarget } from "../../answer/selection";
import { documentFileUrl } from "../api/document-file-url";
import { loadPdf } from "../load-pdf";
import { PdfPage } from "./pdf-page";
import { ViewerToolbar } from "./viewer-toolbar";

interface PdfViewerProps {
  target: PdfTarget;
  onClose(): void;
}

/** The retained original, opened at the cited page with the quote highlighted there. */
export function PdfViewer({ target, onClose }: PdfViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(target.page);
  const [zoom, setZoom] = useState(1);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setPdf(null);
    setError(null);
    const task = loadPdf(documentFileUrl(target.documentId));
    task.promise.then(setPdf, (failure: unknown) => {
      const missing = failure instanceof ResponseException;
      setError(
        missing ? "The stored PDF could not be fetched; it may have been deleted." : "The PDF could not be opened.",
      );
    });
    return () => {
      void task.destroy();
    };
  }, [target.documentId]);

  useEffect(() => {
    setPage(target.page);
    headingRef.current?.focus();
  }, [target]);

  const pageCount = pdf?.numPages ?? target.page;
  const quote = page === target.page ? target.quote : null;

  return (
    <section className="panel pdf-viewer" aria-labelledby="pdf-viewer-heading">
      <div className="pdf-viewer__head">
        <h2 id="pdf-viewer-heading" ref={headingRef} tabIndex={-1}>
          <span className="file-name">{target.filename}</span>, page {page}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          Close<span className="visually-hidden"> the PDF viewer</span>
        </button>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {!pdf && !error && <p className="muted">Opening the PDF…</p>}
      {pdf && (
        <>
          <ViewerToolbar
            page={page}
            pageCount={pageCount}
            zoom={zoom}
            onPage={(next) => setPage(Math.min(Math.max(next, 1), pageCount))}
            onZoom={setZoom}
          />
          <PdfPage pdf={pdf} documentId={target.documentId} pageNumber={page} zoom={zoom} quote={quote} />
        </>
      )}
    </section>
  );
}
