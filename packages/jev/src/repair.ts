import type { Assessment, AuditRecord, RepairAttempt } from "@audited-rag/core";
import { assessBatch, type CheckContext } from "./assess-batch";
import type { CitedClaim } from "./batching";
import { favoursInsufficient } from "./policy";

/** Recorded on every record in repair mode. */
export const REPAIR_POLICY_VERSION = "single-passage-v1";

export interface RepairOutcome {
  /** Global ids to display: the drafted ones, or the single replacement. */
  citations: number[];
  record: AuditRecord;
}

/**
 * single-passage-v1. Runs only when the completed original assessment favours insufficient.
 * The part's other retrieved passages are tried one at a time in retrieval order, each in a
 * fresh single-excerpt check; the first with support ≥ threshold replaces the citation.
 * Only single-citation claims are repaired: swapping a jointly cited set for one passage
 * would change what the claim rests on, and joint replacement sets are deferred, so such a
 * set stays intact whatever its assessment. When `candidates` is given, only those passages
 * are tried (the caller keeps out passages nothing can be quoted from for the claim, so a
 * repair never shows a quote the new citation does not hold). Checks share the part's
 * budget; a weak or failed candidate moves on to the next, a timeout or a spent budget stops
 * the search.
 */
export async function repairCitation(
  context: CheckContext,
  claim: CitedClaim,
  draftCitations: number[],
  original: Assessment,
  passages: ReadonlyArray<{ id: number; text: string }>,
  candidates?: ReadonlySet<number>,
): Promise<RepairOutcome> {
  const repairAttempts: RepairAttempt[] = [];
  const kept = (): RepairOutcome => ({
    citations: draftCitations,
    record: { ...original, repairPolicyVersion: REPAIR_POLICY_VERSION, original, repairAttempts },
  });
  const eligible =
    original.status === "completed" &&
    original.distribution !== null &&
    favoursInsufficient(original.distribution) &&
    claim.citationIds.length === 1;
  if (!eligible) return kept();

  const tried = new Set(claim.citationIds);
  for (const passage of passages) {
    if (tried.has(passage.id) || (candidates && !candidates.has(passage.id))) continue;
    tried.add(passage.id);
    const [check] = await assessBatch(context, [{ ...claim, citationIds: [passage.id] }], [passage]);
    if (!check) break;
    repairAttempts.push(toAttempt(passage.id, check));
    if (check.status === "completed" && check.distribution && check.distribution.support >= context.threshold) {
      return {
        citations: [passage.id],
        record: { ...check, repairPolicyVersion: REPAIR_POLICY_VERSION, original, repairAttempts },
      };
    }
    if (check.reason === "timeout" || check.reason === "budget_exhausted") break;
  }
  return kept();
}

function toAttempt(citationId: number, check: Assessment): RepairAttempt {
  return {
    citationId,
    status: check.status,
    reason: check.reason,
    ...(check.detail ? { detail: check.detail } : {}),
    distribution: check.distribution,
    excerptSha256: check.excerptSha256[0] ?? "",
    returnedModel: check.returnedModel,
    requestId: check.requestId,
    ...(check.checkId ? { checkId: check.checkId } : {}),
    latencyMs: check.latencyMs,
    usage: check.usage,
  };
}
