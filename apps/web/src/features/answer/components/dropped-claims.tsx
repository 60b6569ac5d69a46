import type { DroppedClaim } from "@audited-rag/core";
import { describeDropReason, summarizeDropped } from "../dropped-wording";

/** Claims the validator removed, kept out of the way but inspectable. */
export function DroppedClaims({ dropped }: { dropped: DroppedClaim[] }) {
  const summary = summarizeDropped(dropped);
  if (!summary) return null;
  return (
    <details className="dropped">
      <summary>{summary}</summary>
      <ul>
        {dropped.map((claim, index) => (
          // Dropped claims have no id; their order is stable within one response.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <span className="dropped__text">{claim.text}</span>{" "}
            <span className="muted">
              (part {claim.part + 1}: {describeDropReason(claim.reason)})
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
