import type { AskResponse } from "@audited-rag/core";
import { describeCheckLocation, describeThreshold } from "../audit-status";
import { explainEmptyAudit } from "../empty-audit";
import { ClaimCheck } from "./claim-check";
import { PrivacyBoundary } from "./privacy-boundary";
import { TechnicalRecord } from "./technical-record";

/** "Answer support check": absent entirely when the question ran with the auditor off. */
export function AuditPanel({ response }: { response: AskResponse }) {
  if (response.jev.mode === "off") return null;
  const emptyReason = explainEmptyAudit(response.parts);
  const multipart = response.parts.length > 1;
  return (
    <section className="panel audit" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Answer support check</h2>
      <p className="muted">
        Mode {response.jev.mode} · {describeCheckLocation(response.jev)} · threshold{" "}
        {describeThreshold(response.jev.threshold)}.
        {response.jev.mode === "observe"
          ? " The answer above is shown as drafted; these checks only report."
          : " Citations may have been replaced; claim texts never are."}
      </p>
      {emptyReason ? (
        <p className="audit__empty">{emptyReason}</p>
      ) : (
        <ol className="claim-check-list">
          {response.parts.flatMap((part) =>
            part.claims.map((claim, index) => (
              <ClaimCheck
                key={claim.id}
                claim={claim}
                position={multipart ? `Part ${part.index + 1}, claim ${index + 1}` : `Claim ${index + 1}`}
              />
            )),
          )}
        </ol>
      )}
      <p className="muted audit__threshold-note">
        The threshold is an experimental setting: the probabilities come from the checking model and are not calibrated
        against measured error rates, so a claim above it can still be wrong.
      </p>
      <PrivacyBoundary auditor={response.jev.auditor ?? "jev"} model={response.jev.model} />
      <TechnicalRecord response={response} />
    </section>
  );
}
