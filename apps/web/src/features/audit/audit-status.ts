import type { AskResponse, AuditRecord, Claim, UnavailableDetail, UnavailableReason } from "@audited-rag/core";

export type CheckKind = "supported" | "review" | "unsupported" | "repaired" | "unavailable" | "unchecked";

/** A claim's support check in plain language. */
export interface CheckStatus {
  kind: CheckKind;
  label: string;
  explanation: string;
}

const reasonWords: Record<UnavailableReason, string> = {
  timeout: "the check took longer than the time budget",
  http_error: "the checking service could not be reached or answered with an error",
  invalid_response: "the checking service's reply could not be read",
  model_mismatch: "the checking service answered with a different model than the one requested",
  budget_exhausted: "the time budget for this part of the question ran out before this claim was checked",
};

/** Plain words for the cause of an unavailable check; raw provider text never reaches the browser. */
export function describeUnavailable(record: Pick<AuditRecord, "reason"> & { detail?: UnavailableDetail | undefined }) {
  const { detail } = record;
  switch (detail?.cause) {
    case "unreachable":
      return "the checking service could not be reached";
    case "http_status":
      return `the checking service answered HTTP ${detail.httpStatus ?? "error"}`;
    case "timed_out":
      return "the check took longer than the time budget";
    case "unreadable_reply":
      return "the checking service's reply could not be read";
    case "model_mismatch":
      return reasonWords.model_mismatch;
    case "budget_exhausted":
      return reasonWords.budget_exhausted;
    default:
      return describeUnavailableReason(record.reason);
  }
}

/** Plain words for a contract reason alone (records written before `detail` existed). */
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

/** How the threshold is named wherever it is shown. */
export function describeThreshold(threshold: number): string {
  return `${formatProbability(threshold)} (experimental, uncalibrated)`;
}

function sameCitations(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** Whether repair replaced the drafted citation(s). */
export function isRepaired(claim: Claim): boolean {
  return !sameCitations(claim.citations, claim.draftCitations);
}

/** "citation changed from [1] to [2]", shown at the claim and in the panel. */
export function describeRepair(claim: Claim): string {
  return `citation changed from ${formatCitations(claim.draftCitations)} to ${formatCitations(claim.citations)}`;
}

/** Maps a claim's audit record to the status shown at the claim and in the panel (the same words in both). */
export function checkStatus(claim: Claim): CheckStatus {
  const audit = claim.audit;
  if (!audit) {
    return { kind: "unchecked", label: "Not checked", explanation: "This claim was not sent for a support check." };
  }
  if (audit.status === "unavailable") {
    return {
      kind: "unavailable",
      label: "Check unavailable",
      explanation: `The support check could not be completed: ${describeUnavailable(audit)}. The answer is shown unchanged.`,
    };
  }
  const threshold = describeThreshold(audit.threshold);
  const joint = claim.citations.length > 1;
  const passage = joint ? "cited passages" : "cited passage";
  if (isRepaired(claim)) {
    const support = audit.distribution ? ` (support ${formatProbability(audit.distribution.support)})` : "";
    return {
      kind: "repaired",
      label: "Citation repaired",
      explanation: `The drafted citation did not hold up; a fresh check of another retrieved passage supported the claim${support}, and the quote is now taken from it.`,
    };
  }
  switch (audit.suggestion) {
    case "keep":
      return {
        kind: "supported",
        label: "Likely supported",
        explanation: `The ${passage} ${joint ? "support" : "supports"} the claim with a probability of at least ${threshold}.`,
      };
    case "withhold": {
      const contradicted = (audit.distribution?.contradiction ?? 0) >= audit.threshold;
      const jointNote = joint ? " Jointly cited passages are kept together, so repair does not replace them." : "";
      return {
        kind: "unsupported",
        label: joint ? "Not supported by its citations" : "Not supported by its citation",
        explanation: contradicted
          ? `The ${passage} ${joint ? "contradict" : "contradicts"} the claim.${jointNote}`
          : `The ${passage} ${joint ? "do" : "does"} not hold enough evidence for the claim.${jointNote}`,
      };
    }
    default:
      return {
        kind: "review",
        label: "Needs review",
        explanation: `No outcome reached the threshold of ${threshold}; read the ${passage} before relying on the claim.`,
      };
  }
}

const summaryWords: Record<Exclude<CheckKind, "supported">, [string, string]> = {
  review: ["needs review", "need review"],
  unsupported: ["not supported by its citation", "not supported by their citations"],
  repaired: ["citation repaired", "citations repaired"],
  unavailable: ["check unavailable", "checks unavailable"],
  unchecked: ["not checked", "not checked"],
};

/** "2 of 3 claims likely supported · 1 needs review"; null when nothing was checked. */
export function summarizeChecks(response: AskResponse): string | null {
  if (response.jev.mode === "off") return null;
  const claims = response.parts.flatMap((part) => part.claims);
  if (claims.length === 0) return null;
  const counts = new Map<CheckKind, number>();
  for (const claim of claims) {
    const { kind } = checkStatus(claim);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const supported = counts.get("supported") ?? 0;
  const head = `${supported} of ${claims.length} ${claims.length === 1 ? "claim" : "claims"} likely supported`;
  const rest = (Object.keys(summaryWords) as Array<keyof typeof summaryWords>)
    .filter((kind) => (counts.get(kind) ?? 0) > 0)
    .map((kind) => {
      const count = counts.get(kind) ?? 0;
      return `${count} ${summaryWords[kind][count === 1 ? 0 : 1]}`;
    });
  return [head, ...rest].join(" · ");
}

/** Where the checks of an answer ran, in the words the panel and the privacy note use. */
export function describeCheckLocation(jev: AskResponse["jev"]): string {
  return jev.auditor === "ollama"
    ? `checked on this machine by ${jev.model}`
    : `checked by TypeSafe's Jev (${jev.model}); claims and their cited excerpts left this machine`;
}

/** The id of a claim's entry in the "Answer support check" panel, for links from the answer. */
export function checkEntryId(claimId: string): string {
  return `check-${claimId}`;
}
