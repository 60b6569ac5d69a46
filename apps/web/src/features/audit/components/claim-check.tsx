import type { Claim } from "@audited-rag/core";
import { checkEntryId, checkStatus, describeRepair, formatCitations, isRepaired } from "../audit-status";
import { ProbabilityBars } from "./probability-bars";
import { RepairDetails } from "./repair-details";

interface ClaimCheckProps {
  claim: Claim;
  /** "Part 1, claim 2". */
  position: string;
}

/** One claim's support check: status in words, probabilities, and any repair. */
export function ClaimCheck({ claim, position }: ClaimCheckProps) {
  const status = checkStatus(claim);
  const audit = claim.audit;
  return (
    <li
      id={checkEntryId(claim.id)}
      className={`claim-check claim-check--${status.kind}`}
      data-claim-id={claim.id}
      tabIndex={-1}
    >
      <p className="claim-check__position muted">
        {position} · cites {formatCitations(claim.citations)}
      </p>
      <p className="claim-check__claim">{claim.text}</p>
      <p className="claim-check__status">
        <span className={`check-badge check-badge--${status.kind}`}>{status.label}</span>
        {isRepaired(claim) && <span className="claim-check__repair">{describeRepair(claim)}</span>}
      </p>
      <p className="claim-check__explanation">{status.explanation}</p>
      {audit?.distribution && (
        <ProbabilityBars
          distribution={audit.distribution}
          label={`${isRepaired(claim) ? "Fresh check" : "Check"} of ${formatCitations(audit.citationIds)}`}
        />
      )}
      {audit?.original?.distribution && isRepaired(claim) && (
        <div className="claim-check__original">
          <p className="muted">Original check of {formatCitations(audit.original.citationIds)}:</p>
          <ProbabilityBars
            distribution={audit.original.distribution}
            label={`Original check of ${formatCitations(audit.original.citationIds)}`}
          />
        </div>
      )}
      {audit && <RepairDetails claim={claim} audit={audit} />}
    </li>
  );
}
