import type { DocumentInfo } from "@audited-rag/core";
import { useId, useMemo, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import { type LibrarySort, orderLibrary, sortLabels } from "../library-order";
import type { DocumentsState } from "../use-documents";
import { usePageFileDrop } from "../use-page-file-drop";
import { useUploads } from "../use-uploads";
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
  onClearSelected(): void;
  onOpen(document: DocumentInfo): void;
}

type PendingDelete = DocumentInfo[] | null;

/**
 * The library: upload (picker, drop anywhere, paste), follow ingest, find, open, select, delete.
 * Uploading and deleting are shown to admins only (and to everyone when login is off).
 */
export function DocumentsPanel({
  documents,
  canManage,
  maxUploadBytes,
  selectedIds,
  onToggleSelected,
  onClearSelected,
  onOpen,
}: DocumentsPanelProps) {
  const uploads = useUploads(maxUploadBytes, documents.upsert);
  const dragging = usePageFileDrop(canManage ? uploads.start : undefined);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  const [sort, setSort] = useState<LibrarySort>("newest");
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const sortId = useId();
  const list = documents.documents;
  const shown = useMemo(() => orderLibrary(list, sort, filter), [list, sort, filter]);
  const selected = list.filter((document) => selectedIds.has(document.id));
  const readySelected = selected.filter((document) => document.status === "ready").length;
  const readyCount = list.filter((document) => document.status === "ready").length;

  const deleteAll = async (targets: DocumentInfo[]) => {
    const failed: string[] = [];
    for (const document of targets) {
      try {
        await documents.remove(document.id);
      } catch {
        failed.push(document.filename);
      }
    }
    if (targets.length > 1) onClearSelected();
    if (failed.length > 0) {
      throw new ApiError(0, "DELETE_FAILED", `These could not be deleted: ${failed.join(", ")}. The others were.`);
    }
  };

  return (
    <section className="panel" aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      {canManage && (
        <>
          <UploadZone maxUploadBytes={maxUploadBytes} dragging={dragging} onFiles={uploads.start} />
          {dragging && (
            <div className="drop-overlay" aria-hidden="true">
              <p>Drop PDFs to upload them</p>
            </div>
          )}
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
          <div className="library-tools">
            <div className="field">
              <label htmlFor={filterId}>Filter by name</label>
              <input
                id={filterId}
                type="search"
                value={filter}
                maxLength={200}
                onChange={(event) => setFilter(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={sortId}>Sort</label>
              <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as LibrarySort)}>
                {Object.entries(sortLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {readyCount > 1 && (
            <p className="muted">
              {readySelected === 0
                ? "Questions search all ready documents. Select documents to ask within only those."
                : `Questions search only the ${readySelected} selected ${readySelected === 1 ? "document" : "documents"}.`}
            </p>
          )}
          {canManage && selected.length > 1 && (
            <div className="library-bulk">
              <span>{selected.length} selected</span>
              <button
                type="button"
                className="button button--quiet button--danger"
                onClick={() => setPendingDelete(selected)}
              >
                Delete {selected.length} selected
              </button>
              <button type="button" className="button button--quiet" onClick={onClearSelected}>
                Clear selection
              </button>
            </div>
          )}
          {shown.length === 0 && <p className="muted">No document name contains "{filter.trim()}".</p>}
          <ul className="document-list" aria-label="Uploaded documents">
            {shown.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                selected={selectedIds.has(document.id)}
                maxUploadBytes={maxUploadBytes}
                onToggle={onToggleSelected}
                onOpen={onOpen}
                onDelete={canManage ? (one) => setPendingDelete([one]) : undefined}
              />
            ))}
          </ul>
        </>
      )}
      <DeletionLog />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={
          pendingDelete && pendingDelete.length > 1
            ? `Delete ${pendingDelete.length} documents?`
            : "Delete this document?"
        }
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onConfirm={() => deleteAll(pendingDelete ?? [])}
        onClose={() => setPendingDelete(null)}
      >
        {pendingDelete && pendingDelete.length > 1 ? (
          <>
            <ul className="dialog__list">
              {pendingDelete.map((document) => (
                <li key={document.id} className="file-name">
                  {document.filename}
                </li>
              ))}
            </ul>
            <p>
              Their passages, search index entries and stored originals will be removed. Past answers keep their quoted
              text.
            </p>
          </>
        ) : (
          <p>
            <span className="file-name">{pendingDelete?.[0]?.filename}</span> and its passages, search index entries and
            the stored original will be removed. Past answers keep their quoted text.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
