import type { AskResponse, User } from "@audited-rag/core";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AppLink } from "../components/app-link";
import { ErrorBoundary } from "../components/error-boundary";
import { AccountsPanel } from "../features/accounts/components/accounts-panel";
import { getAnswer } from "../features/answer/api/get-answer";
import { AnswerExport } from "../features/answer/components/answer-export";
import { AnswerView } from "../features/answer/components/answer-view";
import { SourcesColumn } from "../features/answer/components/sources-column";
import type { ClaimSelection, PdfTarget } from "../features/answer/selection";
import { useStaleRefresh } from "../features/answer/use-stale-refresh";
import { AskForm } from "../features/ask/components/ask-form";
import { AuditPanel } from "../features/audit/components/audit-panel";
import { AccountBar } from "../features/auth/components/account-bar";
import { useConfig } from "../features/config/use-config";
import { DocumentsPanel } from "../features/documents/components/documents-panel";
import { useDocuments } from "../features/documents/use-documents";
import { HistoryPage } from "../features/history/components/history-page";
import { ApiError } from "../lib/api-client";
import { useRoute } from "../lib/use-route";

// pdf.js is large; it loads only when a page is first opened.
const PdfViewer = lazy(() =>
  import("../features/pdf-viewer/components/pdf-viewer").then((module) => ({ default: module.PdfViewer })),
);

interface WorkspaceProps {
  /** The signed-in user; null when login is off (one person on their own machine, who may do everything). */
  user: User | null;
  onSignedOut(): void;
}

/**
 * The workspace: documents and questions on the left, sources and the PDF page on the right.
 * Every answer has its own address (`/answers/:id`), so Back and Forward walk through them;
 * `/history` lists past questions.
 */
export function Workspace({ user, onSignedOut }: WorkspaceProps) {
  const { route, navigate } = useRoute();
  const { config, error: configError } = useConfig();
  // The server enforces roles; the page only hides what this account may not do.
  const canManageDocuments = user === null || user.role === "admin";
  const [accountsOpen, setAccountsOpen] = useState(false);
  const documents = useDocuments();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [response, setResponse] = useState<AskResponse | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [selection, setSelection] = useState<ClaimSelection | null>(null);
  const [pdfTarget, setPdfTarget] = useState<PdfTarget | null>(null);
  // Answers already shown this session open instantly when Back or Forward returns to them.
  const answers = useRef(new Map<string, AskResponse>());
  const focusAnswer = useRef(false);

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

  const answerId = route.name === "answer" ? route.id : null;
  useEffect(() => {
    setSelection(null);
    setAnswerError(null);
    if (answerId === null) {
      setResponse(null);
      return;
    }
    const known = answers.current.get(answerId);
    if (known) {
      setResponse(known);
      return;
    }
    setResponse(null);
    const controller = new AbortController();
    getAnswer(answerId, controller.signal).then(
      (stored) => {
        answers.current.set(stored.id, stored);
        setResponse(stored);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setAnswerError(
          failure instanceof ApiError && failure.status === 404
            ? "This answer is not stored (any more): it may have been deleted."
            : "The stored answer could not be loaded.",
        );
      },
    );
    return () => controller.abort();
  }, [answerId]);

  // After a question, the answer's heading takes the focus (and the view), so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (!response || !focusAnswer.current) return;
    focusAnswer.current = false;
    document.getElementById("answer-heading")?.focus();
  }, [response]);

  const onAnswer = useCallback(
    (next: AskResponse) => {
      answers.current.set(next.id, next);
      focusAnswer.current = true;
      setPdfTarget(null);
      navigate({ name: "answer", id: next.id });
    },
    [navigate],
  );

  // The same answer re-read with stale marks: the reader's selection and open page stay.
  const replaceShown = useCallback((next: AskResponse) => {
    answers.current.set(next.id, next);
    setResponse(next);
  }, []);
  useStaleRefresh(response, documents.documents, documents.loaded, replaceShown);

  const onHistory = route.name === "history";
  const split = !onHistory && (response !== null || pdfTarget !== null);

  return (
    <>
      <a className="skip-link" href={onHistory ? "#history-heading" : "#ask-heading"}>
        {onHistory ? "Skip to the history" : "Skip to the question"}
      </a>
      <header className="app-header">
        <div className="app-header__top">
          <h1>Audited RAG workspace</h1>
          <nav aria-label="Main" className="app-nav">
            <AppLink
              to={{ name: "home" }}
              navigate={navigate}
              className="app-nav__link"
              aria-current={onHistory ? undefined : "page"}
            >
              Workspace
            </AppLink>
            <AppLink
              to={{ name: "history" }}
              navigate={navigate}
              className="app-nav__link"
              aria-current={onHistory ? "page" : undefined}
            >
              History
            </AppLink>
          </nav>
        </div>
        {user && (
          <AccountBar
            user={user}
            accountsOpen={accountsOpen}
            onToggleAccounts={() => setAccountsOpen((open) => !open)}
            onSignedOut={() => {
              // The next person to sign in starts at the workspace, not at this person's answer.
              navigate({ name: "home" }, { replace: true });
              onSignedOut();
            }}
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
      {onHistory ? (
        <main className="workspace">
          <div className="workspace__main">
            <ErrorBoundary region="History">
              <HistoryPage navigate={navigate} />
            </ErrorBoundary>
          </div>
        </main>
      ) : (
        <main className={split ? "workspace workspace--split" : "workspace"}>
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
                onClearSelected={() => setSelectedIds(new Set())}
                onOpen={(document) =>
                  setPdfTarget({ documentId: document.id, filename: document.filename, page: 1, quote: null })
                }
              />
            </ErrorBoundary>
            <ErrorBoundary region="Ask">
              <AskForm config={config} documentIds={scope} onAnswer={onAnswer} />
            </ErrorBoundary>
            {answerError && (
              <p role="alert" className="panel error-text">
                {answerError}
              </p>
            )}
            {answerId !== null && !response && !answerError && <p className="panel muted">Loading the answer…</p>}
            {response && (
              <>
                <ErrorBoundary region="Answer" resetKey={response.id}>
                  <AnswerView response={response} selection={selection} onSelect={setSelection}>
                    <AnswerExport response={response} />
                  </AnswerView>
                </ErrorBoundary>
                <ErrorBoundary region="Answer support check" resetKey={response.id}>
                  <AuditPanel response={response} />
                </ErrorBoundary>
              </>
            )}
          </div>
          {split && (
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
      )}
    </>
  );
}
