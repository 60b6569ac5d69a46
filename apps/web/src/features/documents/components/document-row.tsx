import type { DocumentInfo } from "@audited-rag/core";
import { describeDocumentError, describeProgress, describeWarning, formatBytes, percent } from "../document-messages";

interface DocumentRowProps {
  document: DocumentInfo;
  selected: boolean;
  maxUploadBytes: number | undefined;
  onToggle(id: string): void;
  onOpen(document: DocumentInfo): void;
  /** Absent when this account may not delete: the button is not shown. */
  onDelete?: (document: DocumentInfo) => void;
}

function formatUploaded(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

const statusWords: Record<DocumentInfo["status"], string> = {
  processing: "Processing",
  ready: "Ready",
  failed: "Failed",
};

/**
 * One document: name, upload date, uploader (with accounts), pages, size, status, ingest
 * progress, warnings and errors in plain words; open it in the viewer, select it, delete it.
 * Selected ready documents scope questions; any selected document can be deleted in bulk.
 */
export function DocumentRow({ document, selected, maxUploadBytes, onToggle, onOpen, onDelete }: DocumentRowProps) {
  const { progress, error } = document;
  const plainError = error ? describeDocumentError(error.code, maxUploadBytes ? { maxUploadBytes } : {}) : null;
  return (
    <li className="document-row" data-status={document.status}>
      <div className="document-row__head">
        <label className="document-row__name">
          <input type="checkbox" checked={selected} onChange={() => onToggle(document.id)} />
          <span className="file-name">
            <span className="visually-hidden">Select </span>
            {document.filename}
          </span>
        </label>
        <span className={`status-badge status-badge--${document.status}`}>{statusWords[document.status]}</span>
      </div>
      <p className="muted document-row__meta">
        {document.pages} {document.pages === 1 ? "page" : "pages"} · {formatBytes(document.bytes)}
        {document.status === "ready" ? ` · ${document.chunks} ${document.chunks === 1 ? "passage" : "passages"}` : ""}
        <br />
        Uploaded <time dateTime={document.createdAt}>{formatUploaded(document.createdAt)}</time>
        {document.uploadedBy ? ` by ${document.uploadedBy}` : ""}
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
      <div className="document-row__actions">
        {document.status !== "failed" && (
          <button type="button" className="button button--quiet" onClick={() => onOpen(document)}>
            Open <span className="visually-hidden">{document.filename}</span>
          </button>
        )}
        {onDelete && (
          <button type="button" className="button button--quiet button--danger" onClick={() => onDelete(document)}>
            Delete <span className="visually-hidden">{document.filename}</span>
          </button>
        )}
      </div>
    </li>
  );
}
