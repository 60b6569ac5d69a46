import { displayText } from "@audited-rag/core";
import { checkStatus } from "../../audit/audit-status";
import { type AskProgressState, describeStage } from "../ask-progress-state";

interface AskProgressProps {
  progress: AskProgressState;
  /** Whether the support check runs for this question. */
  checking: boolean;
  onCancel(): void;
}

type StepState = "done" | "current" | "waiting";

const stepWords: Record<StepState, string> = { done: "done", current: "in progress", waiting: "waiting" };

function steps(progress: AskProgressState, checking: boolean): Array<{ key: string; label: string; state: StepState }> {
  const order = { searching: 0, drafting: 1, checking: 2 } as const;
  const at = progress.stage === null ? -1 : order[progress.stage];
  const parts = progress.parts ?? 1;
  const list: Array<{ key: string; label: string; state: StepState }> = [
    { key: "search", label: "Search the documents", state: at > 0 ? "done" : at === 0 ? "current" : "waiting" },
  ];
  for (let part = 0; part < parts; part++) {
    const drafted = progress.drafted.some((item) => item.index === part) || at > 1 || progress.numbered !== null;
    const current = at === 1 && progress.draftingPart === part;
    list.push({
      key: `draft-${part}`,
      label: parts > 1 ? `Draft part ${part + 1} of ${parts}` : "Draft the answer",
      state: drafted && !current ? "done" : current ? "current" : "waiting",
    });
  }
  if (checking) list.push({ key: "check", label: "Check support", state: at === 2 ? "current" : "waiting" });
  return list;
}

/** Live progress of a streamed question: stages, claims as they are drafted, verdicts as they return. */
export function AskProgress({ progress, checking, onCancel }: AskProgressProps) {
  const numbered = progress.numbered;
  return (
    <div className="ask-progress">
      <div className="ask-progress__head">
        <progress aria-label="Answering the question" />
        <p className="ask-progress__stage">{describeStage(progress)}</p>
        <button type="button" className="button" onClick={onCancel}>
          Cancel<span className="visually-hidden"> the question</span>
        </button>
      </div>
      <ol className="ask-stages" aria-label="Stages">
        {steps(progress, checking).map((step) => (
          <li key={step.key} className={`ask-stage ask-stage--${step.state}`} data-state={step.state}>
            {step.label}
            <span className="visually-hidden">: {stepWords[step.state]}</span>
          </li>
        ))}
      </ol>
      {numbered
        ? numbered.parts.map((part) => (
            <section key={part.index} className="draft-part" aria-label={`Drafted: ${part.question}`}>
              <h3 className="draft-part__question">{part.question}</h3>
              {part.claims.length === 0 && <p className="muted">No claim for this part.</p>}
              <ul className="draft-claims">
                {part.claims.map((claim) => {
                  const verdict = progress.verdicts.get(claim.id);
                  const status = verdict ? checkStatus({ ...claim, audit: verdict.audit }) : null;
                  return (
                    <li key={claim.id} className="draft-claim" data-claim-id={claim.id}>
                      <q>{displayText(claim.quote)}</q>{" "}
                      {checking && (
                        <span className={`draft-claim__check${status ? ` draft-claim__check--${status.kind}` : ""}`}>
                          {status ? status.label : "Checking…"}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))
        : progress.drafted.map((part) => (
            <section key={part.index} className="draft-part" aria-label={`Drafted: ${part.question}`}>
              <h3 className="draft-part__question">{part.question}</h3>
              {part.claims.length === 0 && <p className="muted">No claim for this part.</p>}
              <ul className="draft-claims">
                {part.claims.map((claim) => (
                  <li key={`${claim.quote}-${claim.sources[0]?.page ?? 0}`} className="draft-claim">
                    <q>{displayText(claim.quote)}</q>{" "}
                    <span className="muted">
                      ({claim.sources.map((source) => `${source.filename}, page ${source.page}`).join("; ")})
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
    </div>
  );
}
