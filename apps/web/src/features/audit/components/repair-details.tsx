import type { AuditRecord, Claim } from "@audited-rag/core";
import { describeUnavailable, formatCitations, formatProbability } from "../audit-status";

/** Each replacement candidate tried, in retrieval order, with its fresh check, and the drafted quote. */
export function RepairDetails({ claim, audit }: { claim: Claim; audit: AuditRecord }) {
  const attempts = audit.repairAttempts ?? [];
  if (attempts.length === 0) return null;
  return (
    <details className="repair-details">
      <summary>
        Repair attempts ({attempts.length})
        {audit.original ? ` after ${formatCitations(audit.original.citationIds)} was found insufficient` : ""}
      </summary>
      <ol>
        {attempts.map((attempt) => (
          <li key={`${attempt.citationId}-${attempt.requestId ?? ""}`}>
            Candidate {formatCitations([attempt.citationId])}:{" "}
            {attempt.status === "completed" && attempt.distribution ? (
              <>
                support {formatProbability(attempt.distribution.support)}, contradiction{" "}
                {formatProbability(attempt.distribution.contradiction)}, insufficient{" "}
                {formatProbability(attempt.distribution.insufficient)}
                {audit.citationIds.includes(attempt.citationId) ? " — supported, now cited" : " — not enough support"}
              </>
            ) : (
              <>check unavailable ({describeUnavailable(attempt)})</>
            )}
          </li>
        ))}
      </ol>
      {claim.draftQuote !== undefined && (
        <p className="repair-details__quote">
          Drafted quote, from {formatCitations(claim.draftCitations)}: <q>{claim.draftQuote}</q>. The quote shown now
          was selected verbatim from {formatCitations(claim.citations)}.
        </p>
      )}
    </details>
  );
}
