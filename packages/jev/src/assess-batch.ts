import { createHash, randomUUID } from "node:crypto";
import type { Assessment, UnavailableDetail } from "@audited-rag/core";
import type { CitedClaim } from "./batching";
import { type ClaimJudge, reasonOf } from "./claim-judge";
import type { PartBudget } from "./part-budget";
import { POLICY_VERSION, suggest } from "./policy";

/** What one check needs besides its claims and excerpts. */
export interface CheckContext {
  judge: ClaimJudge;
  threshold: number;
  budget: PartBudget;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Checks claims that cite the same excerpts with one request, one question per claim, and
 * returns one assessment per claim in order. Never rejects: provider trouble becomes an
 * `unavailable` assessment whose reason and detail are the only trace of it. Every request
 * sent gets a fresh `checkId`, so usage is counted once per request even without a provider id.
 */
export async function assessBatch(
  context: CheckContext,
  claims: readonly CitedClaim[],
  excerpts: ReadonlyArray<{ id: number; text: string }>,
): Promise<Assessment[]> {
  const { judge, threshold, budget } = context;
  const excerptHash = new Map(excerpts.map((excerpt) => [excerpt.id, sha256Hex(excerpt.text)]));
  const base = (claim: CitedClaim): Assessment => ({
    status: "unavailable",
    reason: null,
    distribution: null,
    suggestion: null,
    citationIds: claim.citationIds,
    excerptSha256: claim.citationIds.map((id) => excerptHash.get(id) ?? ""),
    requestedModel: judge.model,
    returnedModel: null,
    requestId: null,
    batchSize: claims.length,
    latencyMs: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    policyVersion: POLICY_VERSION,
    promptVersion: judge.promptVersion,
    threshold,
  });
  const unavailable = (detail: UnavailableDetail, extra: Partial<Assessment> = {}): Assessment[] =>
    claims.map((claim) => ({ ...base(claim), ...extra, reason: reasonOf(detail.cause), detail }));

  const checkId = randomUUID();
  const result = await budget.run((signal) =>
    judge.judge(
      claims.map((claim) => claim.text),
      excerpts.map((excerpt) => excerpt.text),
      signal,
    ),
  );
  if (result.kind === "not_started") return unavailable({ cause: "budget_exhausted" });
  const sent = { checkId, latencyMs: result.latencyMs };
  if (result.kind === "timeout") return unavailable({ cause: "timed_out" }, sent);
  if (result.kind === "failed") return unavailable({ cause: "unreachable" }, sent);

  const reply = result.value;
  const seen = { ...sent, requestId: reply.requestId, returnedModel: reply.returnedModel, usage: reply.usage };
  if (reply.kind === "refused") return unavailable(reply.detail, seen);
  return claims.map((claim, index) => {
    const distribution = reply.distributions[index] ?? null;
    if (!distribution) {
      const detail: UnavailableDetail = { cause: "unreadable_reply" };
      return { ...base(claim), ...seen, reason: reasonOf(detail.cause), detail };
    }
    return { ...base(claim), ...seen, status: "completed", distribution, suggestion: suggest(distribution, threshold) };
  });
}
