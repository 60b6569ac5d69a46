import type { AskResponse, User } from "@audited-rag/core";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { ErrorBoundary } from "../components/error-boundary";
import { AccountsPanel } from "../features/accounts/components/accounts-panel";
import { AnswerView } from "../features/answer/components/answer-view";
import { SourcesColumn } from "../features/answer/components/sources-column";
import type { ClaimSelection, PdfTarget } from "../features/answer/selection";
import { useLinkedAnswer } from "../features/answer/use-linked-answer";
import { useStaleRefresh } from "../features/answer/use-stale-refresh";
import { AskForm } from "../features/ask/components/ask-form";
import { AuditPanel } from "../features/audit/components/audit-panel";
import { AccountBar } from "../features/auth/components/account-bar";
import { useConfig } from "../features/config/use-config";
import { DocumentsPanel } from "../features/documents/components/documents-panel";
import { useDocuments } from "../features/documents/use-documents";

// pdf.js is large; it loads only when a page is first opened.
const PdfViewer = lazy(() =>
  import("../features/pdf-viewer/components/pdf-viewer").then((module) => ({ default: module.PdfViewer })),
);

interface WorkspaceProps {
  /** The signed-in user; null when login is off (one person on their own machine, who may do everything). */
  user: User | null;
  onSignedOut(): void;
}

/** The workspace: documents and questions on the left, sources and the PDF page on the right. */
export function Workspace({ user, onSignedOut }: WorkspaceProps) {
  const { config, error: configError } = useConfig();
  // The server enforces roles; the page only hides what this account may not do.
  const canManageDocuments = user === null || user.role === "admin";
  const [accountsOpen, setAccountsOpen] = useState(false);
  const documents = useDocuments();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [response, setResponse] = useState<AskResponse | null>(null);
  const [selection, setSelection] = useState<ClaimSelection | null>(null);
  const [pdfTarget, setPdfTarget] = useState<PdfTarget | null>(null);

  const toggleSelected = useCallback((id: string) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  // Only ticked documents that still exist and are ready scope a question.
  const scope = useMemo(
    () =>
      documents.documents
        .filter((document) => document.status === "ready" && selectedIds.has(document.id))
        .map((document) => document.id),
    [documents.documents, selectedIds],
  );

  const onAnswer = useCallback((next: AskResponse) => {
    setResponse(next);
    setSelection(null);
    setPdfTarget(null);
  }, []);
  useLinkedAnswer(response, onAnswer);
  // The same answer re-read with stale marks: the reader's selection and open page stay.
  useStaleRefresh(response, documents.documents, documents.loaded, setResponse);

  return (
    <>
      <a className="skip-link" href="#ask-heading">
        Skip to the question
      </a>
      <header className="app-header">
        <h1>Audited RAG workspace</h1>
        {user && (
          <AccountBar
            user={user}
            accountsOpen={accountsOpen}
            onToggleAccounts={() => setAccountsOpen((open) => !open)}
            onSignedOut={onSignedOut}
          />
        )}
        {config && (
          <p className="muted">
            Generator {config.generator} · search {config.vectorStore}
            {config.embedder !== "none" ? ` + ${config.embedder} embeddings` : ""}
          </p>
        )}
        {configError && (
          <p role="alert" className="error-text">
            The server settings could not be loaded: {configError.message}
          </p>
        )}
      </header>
      <main className={response || pdfTarget ? "workspace workspace--split" : "workspace"}>
        <div className="workspace__main">
          {user && accountsOpen && (
            <ErrorBoundary region="Users and tokens">
              <AccountsPanel user={user} />
            </ErrorBoundary>
          )}
          <ErrorBoundary region="Documents">
            <DocumentsPanel
              documents={documents}
              canManage={canManageDocuments}
              maxUploadBytes={config?.maxUploadBytes}
              selectedIds={selectedIds}
              onToggleSelected={toggleSelected}
            />
          </ErrorBoundary>
          <ErrorBoundary region="Ask">
            <AskForm config={config} documentIds={scope} onAnswer={onAnswer} />
          </ErrorBoundary>
          {response && (
            <>
              <ErrorBoundary region="Answer" resetKey={response.id}>
                <AnswerView response={response} selection={selection} onSelect={setSelection} />
              </ErrorBoundary>
              <ErrorBoundary region="Answer support check" resetKey={response.id}>
                <AuditPanel response={response} />
              </ErrorBoundary>
            </>
          )}
        </div>
        {(response || pdfTarget) && (
          <div className="workspace__side">
            {pdfTarget && (
              <ErrorBoundary region="PDF viewer" resetKey={pdfTarget}>
                <Suspense fallback={<p className="panel muted">Loading the PDF viewer…</p>}>
                  <PdfViewer target={pdfTarget} onClose={() => setPdfTarget(null)} />
                </Suspense>
              </ErrorBoundary>
            )}
            {response && (
              <ErrorBoundary region="Sources" resetKey={response.id}>
                <SourcesColumn response={response} selection={selection} onViewPdf={setPdfTarget} />
              </ErrorBoundary>
            )}
          </div>
        )}
      </main>
    </>
  );
}
