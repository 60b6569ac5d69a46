import type { AskRequest, AskResponse, JevMode, PublicConfig } from "@audited-rag/core";
import { type FormEvent, useEffect, useId, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { askQuestion } from "../api/ask-question";
import { describeAskError } from "../ask-error-wording";
import { allowedModes, modeOptionLabel } from "../mode-wording";
import { AskProgress } from "./ask-progress";
import { ModeNotice } from "./mode-notice";

interface AskFormProps {
  config: PublicConfig | null;
  /** Ticked documents; empty means all ready documents. */
  documentIds: string[];
  onAnswer(response: AskResponse): void;
}

/** The question box: announces the auditor mode, lets a question lower it, shows progress and errors. */
export function AskForm({ config, documentIds, onAnswer }: AskFormProps) {
  const [question, setQuestion] = useState("");
  const configured = config?.jevMode ?? "off";
  const [mode, setMode] = useState<JevMode>(configured);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const noticeId = useId();
  const questionId = useId();
  const modeId = useId();

  useEffect(() => setMode(configured), [configured]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || question.trim() === "") return;
    setPending(true);
    setError(null);
    const request: AskRequest = { question: question.trim() };
    if (documentIds.length > 0) request.documentIds = documentIds;
    if (config && mode !== configured) request.jevMode = mode;
    try {
      onAnswer(await askQuestion(request));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : new ApiError(0, "UNKNOWN", "The question failed unexpectedly."));
    } finally {
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
          aria-describedby={noticeId}
          placeholder="For example: How long do customers have to cancel, and which cities are served?"
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) event.currentTarget.form?.requestSubmit();
          }}
        />
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
      {pending && <AskProgress checking={mode !== "off"} />}
      {wording && (
        <div role="alert" className="error-box">
          <p>{wording.summary}</p>
          {wording.detail && <p className="muted">Server said: {wording.detail}</p>}
        </div>
      )}
    </section>
  );
}
