import type { AnswerListItem } from "@audited-rag/core";
import { useEffect, useId, useState } from "react";
import { AppLink } from "../../../components/app-link";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import type { AppRoute } from "../../../lib/app-route";
import { deleteAllAnswers, deleteAnswer } from "../api/delete-answers";
import { getAnswers } from "../api/get-answers";
import { describeSummary, formatWhen } from "../summary-wording";

type PendingDelete = { kind: "one"; item: AnswerListItem } | { kind: "all" } | null;

/** Past questions, newest first, searchable; each opens its stored answer, and can be deleted. */
export function HistoryPage({ navigate }: { navigate(route: AppRoute): void }) {
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<AnswerListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingDelete>(null);
  const [reload, setReload] = useState(0);
  const searchId = useId();

  useEffect(() => {
    const controller = new AbortController();
    // Typing pauses briefly before asking the server, so each keystroke does not cost a request.
    const timer = setTimeout(
      () => {
        getAnswers(query, controller.signal).then(
          (list) => {
            setItems(list);
            setError(null);
          },
          (failure: unknown) => {
            if (controller.signal.aborted) return;
            setError(failure instanceof ApiError ? failure.message : "The history could not be loaded.");
          },
        );
      },
      reload === 0 && query === "" ? 0 : 200,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, reload]);

  const confirmDelete = async () => {
    if (!pending) return;
    if (pending.kind === "one") await deleteAnswer(pending.item.id);
    else await deleteAllAnswers();
    setReload((count) => count + 1);
  };

  return (
    <section className="panel history" aria-labelledby="history-heading">
      <div className="history__head">
        <h2 id="history-heading">History</h2>
        {items && items.length > 0 && query === "" && (
          <button
            type="button"
            className="button button--quiet button--danger"
            onClick={() => setPending({ kind: "all" })}
          >
            Delete all
          </button>
        )}
      </div>
      <div className="field">
        <label htmlFor={searchId}>Search past questions</label>
        <input
          id={searchId}
          type="search"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {items === null && !error && <p className="muted">Loading past questions…</p>}
      {items && items.length === 0 && (
        <p className="muted">{query === "" ? "No questions asked yet." : "No past question contains that text."}</p>
      )}
      {items && items.length > 0 && (
        <ol className="history-list" aria-label="Past questions, newest first">
          {items.map((item) => (
            <li key={item.id} className="history-item">
              <AppLink to={{ name: "answer", id: item.id }} navigate={navigate} className="history-item__question">
                {item.question}
              </AppLink>
              <p className="muted history-item__meta">
                <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time> · {describeSummary(item)}
              </p>
              <button
                type="button"
                className="button button--quiet button--danger"
                onClick={() => setPending({ kind: "one", item })}
              >
                Delete <span className="visually-hidden">the answer to: {item.question}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "all" ? "Delete every past answer?" : "Delete this answer?"}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onConfirm={confirmDelete}
        onClose={() => setPending(null)}
      >
        <p>
          {pending?.kind === "one"
            ? `The stored answer to "${pending.item.question}" and its support-check records will be removed.`
            : "Every stored answer and its support-check records will be removed. Documents stay."}
        </p>
      </ConfirmDialog>
    </section>
  );
}
