import { describeDocumentError, formatBytes, percent } from "../document-messages";
import type { UploadItem } from "../use-uploads";

interface UploadListProps {
  items: UploadItem[];
  maxUploadBytes: number | undefined;
  onDismiss(key: string): void;
}

function UploadRow({ item, maxUploadBytes, onDismiss }: { item: UploadItem } & Omit<UploadListProps, "items">) {
  const plain = item.error ? describeDocumentError(item.error.code, maxUploadBytes ? { maxUploadBytes } : {}) : null;
  return (
    <li className="upload-item" data-state={item.state}>
      <div className="upload-item__head">
        <span className="file-name">{item.filename}</span>
        <span className="muted">{formatBytes(item.bytes)}</span>
      </div>
      {item.state === "waiting" && <p className="muted">Waiting for the previous upload…</p>}
      {item.state === "uploading" && (
        <>
          <progress max={100} value={percent(item.fraction)} aria-label={`Uploading ${item.filename}`} />
          <p className="muted">Uploading: {percent(item.fraction)} %</p>
        </>
      )}
      {item.state === "duplicate" && (
        <p>This file was uploaded before; the existing document is kept and nothing new was read.</p>
      )}
      {item.state === "failed" && item.error && (
        <div role="alert" className="error-text">
          <p>{plain ?? item.error.message}</p>
          {plain && item.error.message && plain !== item.error.message && (
            <p className="muted">Server said: {item.error.message}</p>
          )}
        </div>
      )}
      {(item.state === "failed" || item.state === "duplicate") && (
        <button type="button" className="button button--quiet" onClick={() => onDismiss(item.key)}>
          Dismiss <span className="visually-hidden">{item.filename}</span>
        </button>
      )}
    </li>
  );
}

/** Files being sent, and uploads that failed before the server accepted them. */
export function UploadList({ items, maxUploadBytes, onDismiss }: UploadListProps) {
  if (items.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Uploads">
      {items.map((item) => (
        <UploadRow key={item.key} item={item} maxUploadBytes={maxUploadBytes} onDismiss={onDismiss} />
      ))}
    </ul>
  );
}
