import type { DocumentInfo } from "@audited-rag/core";
import { useState } from "react";
import type { DocumentsState } from "../use-documents";
import { useUploads } from "../use-uploads";
import { DeleteDialog } from "./delete-dialog";
import { DeletionLog } from "./deletion-log";
import { DocumentRow } from "./document-row";
import { UploadList } from "./upload-list";
import { UploadZone } from "./upload-zone";

interface DocumentsPanelProps {
  documents: DocumentsState;
  /** Whether this account may upload and delete (admins, or everyone when login is off). */
  canManage: boolean;
  maxUploadBytes: number | undefined;
  selectedIds: ReadonlySet<string>;
  onToggleSelected(id: string): void;
}

/** Upload, follow ingest progress, choose the documents to ask within, and delete. */
export function DocumentsPanel({
  documents,
  canManage,
  maxUploadBytes,
  selectedIds,
  onToggleSelected,
}: DocumentsPanelProps) {
  const uploads = useUploads(maxUploadBytes, documents.upsert);
  const [pendingDelete, setPendingDelete] = useState<DocumentInfo | null>(null);
  const list = documents.documents;
  const readyCount = list.filter((document) => document.status === "ready").length;

  return (
    <section className="panel" aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      {canManage && (
        <>
          <UploadZone maxUploadBytes={maxUploadBytes} onFiles={uploads.start} />
          <UploadList items={uploads.items} maxUploadBytes={maxUploadBytes} onDismiss={uploads.dismiss} />
        </>
      )}
      {documents.error && (
        <p role="alert" className="error-text">
          The document list could not be loaded: {documents.error.message}
        </p>
      )}
      {documents.loaded && list.length === 0 && !documents.error && (
        <p className="muted">
          {canManage
            ? "No documents yet. Upload a PDF to ask questions about it."
            : "No documents yet. An admin uploads the PDFs you can ask about."}
        </p>
      )}
      {list.length > 0 && (
        <>
          {readyCount > 1 && (
            <p className="muted">
              {selectedIds.size === 0
                ? "Questions search all ready documents. Tick documents to ask within only those."
                : `Questions search only the ${selectedIds.size} ticked ${selectedIds.size === 1 ? "document" : "documents"}.`}
            </p>
          )}
          <ul className="document-list" aria-label="Uploaded documents">
            {list.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                selected={selectedIds.has(document.id)}
                maxUploadBytes={maxUploadBytes}
                onToggle={onToggleSelected}
                onDelete={canManage ? setPendingDelete : undefined}
              />
            ))}
          </ul>
        </>
      )}
      <DeletionLog />
      <DeleteDialog
        document={pendingDelete}
        onConfirm={(document) => documents.remove(document.id)}
        onClose={() => setPendingDelete(null)}
      />
    </section>
  );
}
