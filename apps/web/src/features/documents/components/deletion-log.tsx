import type { DocumentDeletion } from "@audited-rag/core";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { getDeletions } from "../api/get-deletions";

/** Which documents were removed, by whom and when; loaded each time it is opened. */
export function DeletionLog() {
  const [entries, setEntries] = useState<DocumentDeletion[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onToggle = (open: boolean) => {
    if (!open) return;
    getDeletions().then(
      (list) => {
        setEntries(list);
        setError(null);
      },
      (failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : "The deletion log could not be loaded."),
    );
  };

  return (
    <details className="deletion-log" onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>Deletion log</summary>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {entries && entries.length === 0 && <p className="muted">No document has been deleted.</p>}
      {entries && entries.length > 0 && (
        <ul className="account-list" aria-label="Deleted documents">
          {entries.map((entry) => (
            <li key={`${entry.documentId}-${entry.deletedAt}`}>
              <span>
                <span className="file-name">{entry.filename}</span>
                <span className="muted">
                  {" "}
                  · deleted {entry.deletedAt.slice(0, 16).replace("T", " ")} UTC
                  {entry.deletedBy ? ` by ${entry.deletedBy}` : ""}
                  {entry.uploadedBy ? ` · uploaded by ${entry.uploadedBy}` : ""}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
