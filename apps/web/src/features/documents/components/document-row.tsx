import type { DocumentInfo } from "@audited-rag/core";
import { describeDocumentError, describeProgress, describeWarning, formatBytes, percent } from "../document-messages";

interface DocumentRowProps {
  document: DocumentInfo;
  selected: boolean;
  maxUploadBytes: number | undefined;
  onToggle(id: string): void;
  /** Absent when this account may not delete: the button is not shown. */
  onDelete?: (document: DocumentInfo) => void;
}

const statusWords: Record<DocumentInfo["status"], string> = {
  processing: "Processing",
  ready: "Ready",
  failed: "Failed",
};

/** One document: name, size, status, ingest progress, warnings and errors in plain words. */
export function DocumentRow({ document, selected, maxUploadBytes, onToggle, onDelete }: DocumentRowProps) {
  const { progress, error } = document;
  const plainError = error ? describeDocumentError(error.code, maxUploadBytes ? { maxUploadBytes } : {}) : null;
  return (
    <li className="document-row" data-status={document.status}>
      <div className="document-row__head">
        {document.status === "ready" ? (
          <label className="document-row__name">
            <input type="checkbox" checked={selected} onChange={() => onToggle(document.id)} />
            <span className="file-name">
              <span className="visually-hidden">Ask within </span>
              {document.filename}
            </span>
          </label>
        ) : (
          <span className="document-row__name file-name">{document.filename}</span>
        )}
        <span className={`status-badge status-badge--${document.status}`}>{statusWords[document.status]}</span>
      </div>
      <p className="muted document-row__meta">
        {document.pages} {document.pages === 1 ? "page" : "pages"} · {formatBytes(document.bytes)}
        {document.status === "ready" ? ` · ${document.chunks} passages` : ""}
        {document.uploadedBy ? ` · uploaded by ${document.uploadedBy}` : ""}
      </p>
      {document.status === "processing" && (
        <div className="document-row__progress">
          <progress max={100} value={percent(progress?.fraction ?? 0)} aria-label={`Processing ${document.filename}`} />
          <p className="muted" aria-live="polite">
            {describeProgress(progress)} ({percent(progress?.fraction ?? 0)} %)
          </p>
        </div>
      )}
      {error && (
        <div className="error-text">
          <p>{plainError ?? error.message}</p>
          {plainError && error.message && plainError !== error.message && (
            <p className="muted">Server said: {error.message}</p>
          )}
        </div>
      )}
      {document.warnings && document.warnings.length > 0 && (
        <ul className="warning-list" aria-label={`Warnings for ${document.filename}`}>
          {document.warnings.map((warning) => (
            <li key={warning}>{describeWarning(warning)}</li>
          ))}
        </ul>
      )}
      {onDelete && (
        <button type="button" className="button button--quiet button--danger" onClick={() => onDelete(document)}>
          Delete <span className="visually-hidden">{document.filename}</span>
        </button>
      )}
    </li>
  );
}
