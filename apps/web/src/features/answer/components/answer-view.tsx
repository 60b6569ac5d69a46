import type { AskResponse } from "@audited-rag/core";
import { type ReactNode, useMemo } from "react";
import { summarizeChecks } from "../../audit/audit-status";
import { formatDuration } from "../format-numbers";
import type { ClaimSelection } from "../selection";
import { describeReadAs } from "../spelling-wording";
import { AnswerPart } from "./answer-part";
import { DroppedClaims } from "./dropped-claims";

interface AnswerViewProps {
  response: AskResponse;
  selection: ClaimSelection | null;
  onSelect(selection: ClaimSelection): void;
  /** Actions shown under the heading (copy and export). */
  children?: ReactNode;
}

function describeTimings(response: AskResponse): string {
  const { timings } = response;
  const check = response.jev.mode === "off" ? "" : `, support check ${formatDuration(timings.auditMs)}`;
  return `Answered in ${formatDuration(timings.totalMs)} (search ${formatDuration(timings.retrievalMs)}, drafting ${formatDuration(timings.draftMs)}${check}).`;
}

/** The answer: one section per question part, then parts left unanswered and removed claims. */
export function AnswerView({ response, selection, onSelect, children }: AnswerViewProps) {
  const ledger = useMemo(() => new Map(response.ledger.map((entry) => [entry.id, entry])), [response.ledger]);
  const summary = summarizeChecks(response);
  const readAs = describeReadAs(response);
  return (
    <section className="panel answer" aria-labelledby="answer-heading">
      {/* Focused after a question, so the answer is where keyboard and screen-reader users land. */}
      <h2 id="answer-heading" tabIndex={-1}>
        Answer
      </h2>
      <p className="answer__question">{response.question}</p>
      {readAs && <p className="muted answer__read-as">{readAs}</p>}
      {summary && (
        <p className="answer__summary">
          <a href="#audit-heading">{summary}</a>
        </p>
      )}
      {children}
      {response.parts.map((part) => (
        <AnswerPart
          key={part.index}
          part={part}
          checked={response.jev.mode !== "off"}
          ledger={ledger}
          selection={selection}
          onSelect={onSelect}
        />
      ))}
      {response.notAnswered.length > 0 && (
        <section className="answer-part" aria-labelledby="not-answered-heading">
          <h3 id="not-answered-heading">Not answered</h3>
          <p className="part-note">Only the first three parts of a question are answered. These were not:</p>
          <ul>
            {response.notAnswered.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </section>
      )}
      <DroppedClaims dropped={response.dropped} />
      <p className="muted answer__timing">{describeTimings(response)}</p>
    </section>
  );
}
