import type { Claim, UnavailableReason } from "@audited-rag/core";

export type CheckKind = "supported" | "review" | "unsupported" | "repaired" | "unavailable" | "unchecked";

/** A claim's support check in plain language. */
export interface CheckStatus {
  kind: CheckKind;
  label: string;
  explanation: string;
}

const reasonWords: Record<UnavailableReason, string> = {
  timeout: "the check took longer than the time budget",
  http_error: "the checking service answered with an error",
  invalid_response: "the checking service's reply could not be read",
  model_mismatch: "the checking service answered with a different model than the one requested",
  budget_exhausted: "the time budget for this part of the question ran out before this claim was checked",
};

/** Plain words for a sanitised unavailable reason; raw provider text never reaches the browser. */
export function describeUnavailableReason(reason: UnavailableReason | null): string {
  return reason ? reasonWords[reason] : "no reason was recorded";
}

/** "[1]" or "[1] [3]". */
export function formatCitations(ids: number[]): string {
  return ids.map((id) => `[${id}]`).join(" ");
}

/** Two decimals, as the probabilities are shown everywhere ("0.97"). */
export function formatProbability(value: number): string {
  return value.toFixed(2);
}

function sameCitations(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** Whether repair replaced the drafted citation(s). */
export function isRepaired(claim: Claim): boolean {
  return !sameCitations(claim.citations, claim.draftCitations);
}

/** Maps a claim's audit record to the status the panel shows. */
export function checkStatus(claim: Claim): CheckStatus {
  const audit = claim.audit;
  if (!audit) {
    return { kind: "unchecked", label: "Not checked", explanation: "This claim was not sent for a support check." };
  }
  if (audit.status === "unavailable") {
    return {
      kind: "unavailable",
      label: "Check unavailable",
      explanation: `The support check could not be completed: ${describeUnavailableReason(audit.reason)}. The answer is shown unchanged.`,
    };
  }
  const threshold = formatProbability(audit.threshold);
  if (isRepaired(claim)) {
    const support = audit.distribution ? ` (support ${formatProbability(audit.distribution.support)})` : "";
    return {
      kind: "repaired",
      label: "Citation repaired",
      explanation: `The drafted citation did not hold up; a fresh check of another retrieved passage supported the claim${support}.`,
    };
  }
  switch (audit.suggestion) {
    case "keep":
      return {
        kind: "supported",
        label: "Likely supported",
        explanation: `The cited passage supports the claim with a probability of at least ${threshold}.`,
      };
    case "withhold": {
      const contradicted = (audit.distribution?.contradiction ?? 0) >= audit.threshold;
      return {
        kind: "unsupported",
        label: "Not supported by its citation",
        explanation: contradicted
          ? "The cited passage contradicts the claim."
          : "The cited passage does not hold enough evidence for the claim.",
      };
    }
    default:
      return {
        kind: "review",
        label: "Needs review",
        explanation: `No outcome reached the threshold of ${threshold}; read the cited passage before relying on the claim.`,
      };
  }
}
