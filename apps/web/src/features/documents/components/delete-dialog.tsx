import type { DocumentInfo } from "@audited-rag/core";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";

interface DeleteDialogProps {
  document: DocumentInfo | null;
  onConfirm(document: DocumentInfo): Promise<void>;
  onClose(): void;
}

/** Modal confirmation; the native dialog traps focus and closes on Escape. */
export function DeleteDialog({ document, onConfirm, onClose }: DeleteDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (document && !dialog.open) {
      setError(null);
      dialog.showModal();
    } else if (!document && dialog.open) {
      dialog.close();
    }
  }, [document]);

  const confirm = async () => {
    if (!document) return;
    setBusy(true);
    try {
      await onConfirm(document);
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The document could not be deleted.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="delete-dialog-title" onClose={onClose}>
      <h2 id="delete-dialog-title">Delete this document?</h2>
      <p>
        <span className="file-name">{document?.filename}</span> and its passages, search index entries and the stored
        original will be removed. Past answers keep their quoted text.
      </p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button--danger-solid" onClick={confirm} disabled={busy}>
          {busy ? "Deleting…" : "Delete"}
        </button>
      </div>
    </dialog>
  );
}
