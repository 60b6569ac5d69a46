import type { AskResponse, Assessment, AuditRecord, Claim } from "@audited-rag/core";
import type { ReactNode } from "react";
import { formatDuration } from "../../answer/format-numbers";
import { formatCitations } from "../audit-status";

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="record-field">
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "jev-1.13.0", or "none (no reply to the request for jev-1.13.0)". */
function returnedModel(returned: string | null, requested: string): string {
  return returned ?? `none (no usable reply to the request for ${requested})`;
}

function StatusField({ record }: { record: Pick<Assessment, "status" | "reason" | "detail"> }) {
  const detail = record.detail
    ? `, ${record.detail.cause}${record.detail.httpStatus ? ` ${record.detail.httpStatus}` : ""}`
    : "";
  return (
    <Field name="Status">
      {record.status}
      {record.reason ? ` (${record.reason}${detail})` : ""}
    </Field>
  );
}

function AssessmentFields({ record }: { record: Assessment }) {
  return (
    <>
      <StatusField record={record} />
      <Field name="Suggestion">{record.suggestion ?? "none"}</Field>
      <Field name="Citation ids">{formatCitations(record.citationIds)}</Field>
      <Field name="Excerpt SHA-256">
        {record.excerptSha256.map((hash) => (
          <code key={hash} className="hash">
            {hash}
          </code>
        ))}
      </Field>
      <Field name="Requested model">{record.requestedModel}</Field>
      <Field name="Returned model">{returnedModel(record.returnedModel, record.requestedModel)}</Field>
      <Field name="Request id">{record.requestId ?? "none"}</Field>
      <Field name="Batch size">{record.batchSize}</Field>
      <Field name="Latency">{formatDuration(record.latencyMs)}</Field>
      <Field name="Tokens">
        {record.usage.inputTokens} in / {record.usage.outputTokens} out
      </Field>
      <Field name="Policy version">{record.policyVersion}</Field>
      <Field name="Prompt version">{record.promptVersion}</Field>
      <Field name="Threshold">{record.threshold}</Field>
    </>
  );
}

function ClaimRecord({ claim, audit }: { claim: Claim; audit: AuditRecord }) {
  return (
    <section className="record-claim" aria-label={`Record for claim ${claim.id}`}>
      <h3>Claim {claim.id}</h3>
      <dl>
        <AssessmentFields record={audit} />
        {audit.repairPolicyVersion && <Field name="Repair policy">{audit.repairPolicyVersion}</Field>}
        <Field name="Drafted citations">{formatCitations(claim.draftCitations)}</Field>
        {claim.draftQuote !== undefined && <Field name="Drafted quote">{claim.draftQuote}</Field>}
      </dl>
      {audit.original && (
        <>
          <h4>Original assessment</h4>
          <dl>
            <AssessmentFields record={audit.original} />
          </dl>
        </>
      )}
      {audit.repairAttempts?.map((attempt) => (
        <dl key={`${attempt.citationId}-${attempt.requestId ?? ""}`} className="record-attempt">
          <Field name="Repair candidate">{formatCitations([attempt.citationId])}</Field>
          <StatusField record={attempt} />
          <Field name="Excerpt SHA-256">
            <code className="hash">{attempt.excerptSha256}</code>
          </Field>
          <Field name="Returned model">{returnedModel(attempt.returnedModel, audit.requestedModel)}</Field>
          <Field name="Request id">{attempt.requestId ?? "none"}</Field>
          <Field name="Latency">{formatDuration(attempt.latencyMs)}</Field>
          <Field name="Tokens">
            {attempt.usage.inputTokens} in / {attempt.usage.outputTokens} out
          </Field>
        </dl>
      ))}
    </section>
  );
}

/** Everything the API recorded about the checks, collapsed by default. */
export function TechnicalRecord({ response }: { response: AskResponse }) {
  const audited = response.parts.flatMap((part) =>
    part.claims.flatMap((claim) => (claim.audit ? [{ claim, audit: claim.audit }] : [])),
  );
  return (
    <details className="technical-record">
      <summary>Technical record</summary>
      <dl>
        <Field name="Answer id">{response.id}</Field>
        <Field name="Mode">{response.jev.mode}</Field>
        <Field name="Auditor">
          {response.jev.auditor === "ollama" ? "Ollama (this machine)" : "TypeSafe Jev (hosted)"}
        </Field>
        <Field name="Model requested">{response.jev.model}</Field>
        <Field name="Budget per part">{response.jev.budgetMs} ms</Field>
        <Field name="Requests to the auditor">{response.usage.jevRequests}</Field>
        <Field name="Tokens (each request once)">
          {response.usage.inputTokens} in / {response.usage.outputTokens} out
        </Field>
        <Field name="Threshold">{response.jev.threshold} (experimental, uncalibrated)</Field>
        <Field name="Check time">{formatDuration(response.timings.auditMs)}</Field>
      </dl>
      {audited.map(({ claim, audit }) => (
        <ClaimRecord key={claim.id} claim={claim} audit={audit} />
      ))}
    </details>
  );
}
