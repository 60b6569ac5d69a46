import type { AskRequest, AskResponse, JevMode, PublicConfig } from "@audited-rag/core";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { askStream } from "../api/ask-stream";
import { describeAskError } from "../ask-error-wording";
import { advanceProgress, initialProgress } from "../ask-progress-state";
import { allowedModes, modeOptionLabel } from "../mode-wording";
import { AskProgress } from "./ask-progress";
import { ModeNotice } from "./mode-notice";

interface AskFormProps {
  config: PublicConfig | null;
  /** Ticked documents; empty means all ready documents. */
  documentIds: string[];
  onAnswer(response: AskResponse): void;
}

/**
 * The question box: announces the auditor mode, lets a question lower it, streams progress
 * with a Cancel button, and says in a polite live region when the answer is ready or failed.
 */
export function AskForm({ config, documentIds, onAnswer }: AskFormProps) {
  const [question, setQuestion] = useState("");
  const configured = config?.jevMode ?? "off";
  const [mode, setMode] = useState<JevMode>(configured);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [progress, setProgress] = useState(initialProgress);
  const [announcement, setAnnouncement] = useState("");
  const [cancelled, setCancelled] = useState(false);
  const running = useRef<AbortController | null>(null);
  const noticeId = useId();
  const hintId = useId();
  const questionId = useId();
  const modeId = useId();

  useEffect(() => setMode(configured), [configured]);
  // Leaving the page mid-question cancels it on the server too.
  useEffect(() => () => running.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || question.trim() === "") return;
    const controller = new AbortController();
    running.current = controller;
    setPending(true);
    setError(null);
    setProgress(initialProgress);
    setAnnouncement("");
    setCancelled(false);
    const request: AskRequest = { question: question.trim() };
    if (documentIds.length > 0) request.documentIds = documentIds;
    if (config && mode !== configured) request.jevMode = mode;
    try {
      const answer = await askStream(
        request,
        (event) => setProgress((state) => advanceProgress(state, event)),
        controller.signal,
      );
      setAnnouncement("Answer ready");
      onAnswer(answer);
    } catch (failure) {
      if (controller.signal.aborted) {
        setAnnouncement("Question cancelled; nothing was stored.");
        setCancelled(true);
      } else {
        const apiError =
          failure instanceof ApiError ? failure : new ApiError(0, "UNKNOWN", "The question failed unexpectedly.");
        setError(apiError);
        setAnnouncement(`The question failed: ${describeAskError(apiError).summary}`);
      }
    } finally {
      if (running.current === controller) running.current = null;
      setPending(false);
    }
  };

  const modes = allowedModes(configured);
  const wording = error ? describeAskError(error) : null;

  return (
    <section className="panel" aria-labelledby="ask-heading">
      <h2 id="ask-heading">Ask</h2>
      <form onSubmit={submit} className="ask-form">
        <label htmlFor={questionId}>Question</label>
        <textarea
          id={questionId}
          value={question}
          rows={3}
          maxLength={2000}
          aria-describedby={`${hintId} ${noticeId}`}
          placeholder="For example: How long do customers have to cancel, and which cities are served?"
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            // Enter asks, Shift+Enter adds a line; Enter that confirms an input-method composition is neither.
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
        />
        <p id={hintId} className="muted ask-form__hint">
          Press Enter to ask, Shift+Enter for a new line.
        </p>
        {config ? (
          <ModeNotice id={noticeId} mode={mode} model={config.jevModel} auditor={config.auditor} />
        ) : (
          <p id={noticeId} className="muted">
            Loading the support-check setting…
          </p>
        )}
        <div className="ask-form__actions">
          {modes.length > 1 && (
            <div className="field-inline">
              <label htmlFor={modeId}>Support check for this question</label>
              <select id={modeId} value={mode} onChange={(event) => setMode(event.target.value as JevMode)}>
                {modes.map((option) => (
                  <option key={option} value={option}>
                    {modeOptionLabel(option)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button type="submit" className="button button--primary" disabled={pending || question.trim() === ""}>
            {pending ? "Asking…" : "Ask"}
          </button>
        </div>
        {documentIds.length > 0 && (
          <p className="muted">
            Asking within {documentIds.length} ticked {documentIds.length === 1 ? "document" : "documents"}.
          </p>
        )}
      </form>
      {pending && (
        <AskProgress progress={progress} checking={mode !== "off"} onCancel={() => running.current?.abort()} />
      )}
      {cancelled && !pending && (
        <p className="muted">Cancelled. The server stopped working on it and nothing was stored.</p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {wording && (
        <div role="alert" className="error-box">
          <p>{wording.summary}</p>
          {wording.detail && <p className="muted">Server said: {wording.detail}</p>}
        </div>
      )}
    </section>
  );
}
