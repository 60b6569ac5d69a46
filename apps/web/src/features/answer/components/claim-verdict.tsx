import type { Claim } from "@audited-rag/core";
import { checkEntryId, checkStatus, describeRepair, isRepaired } from "../../audit/audit-status";

/** The claim's support-check badge, in the panel's words, linked to its entry in the panel. */
export function ClaimVerdict({ claim }: { claim: Claim }) {
  const status = checkStatus(claim);
  return (
    <p className="claim__verdict">
      <a
        className={`check-badge check-badge--${status.kind}`}
        href={`#${checkEntryId(claim.id)}`}
        title={status.explanation}
        aria-label={`${status.label}: see the support check of this claim`}
      >
        {status.label}
      </a>
      {isRepaired(claim) && <span className="claim__repair">{describeRepair(claim)}</span>}
    </p>
  );
}
