import { createHash } from "node:crypto";
import type { Assessment, UnavailableReason } from "@audited-rag/core";
import type { CitedClaim } from "./batching";
import type { JevReply, JevTransport } from "./jev-transport";
import type { PartBudget } from "./part-budget";
import { acceptsReturnedModel, POLICY_VERSION, suggest } from "./policy";
import { buildJevRequest, PROMPT_VERSION, questionName } from "./prompt";
import { parseJevResponse } from "./response-schema";

/** What one check needs besides its claims and excerpts. */
export interface CheckContext {
  transport: JevTransport;
  model: string;
  threshold: number;
  budget: PartBudget;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Checks claims that cite the same excerpts with one request, one question per claim, and
 * returns one assessment per claim in order. Never rejects: provider trouble becomes an
 * `unavailable` assessment whose reason is the only trace of it.
 */
export async function assessBatch(
  context: CheckContext,
  claims: readonly CitedClaim[],
  excerpts: ReadonlyArray<{ id: number; text: string }>,
): Promise<Assessment[]> {
  const { transport, model, threshold, budget } = context;
  const excerptHash = new Map(excerpts.map((excerpt) => [excerpt.id, sha256Hex(excerpt.text)]));
  const base = (claim: CitedClaim): Assessment => ({
    status: "unavailable",
    reason: null,
    distribution: null,
    suggestion: null,
    citationIds: claim.citationIds,
    excerptSha256: claim.citationIds.map((id) => excerptHash.get(id) ?? ""),
    requestedModel: model,
    returnedModel: null,
    requestId: null,
    batchSize: claims.length,
    latencyMs: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    policyVersion: POLICY_VERSION,
    promptVersion: PROMPT_VERSION,
    threshold,
  });
  const unavailable = (reason: UnavailableReason, extra: Partial<Assessment> = {}) =>
    claims.map((claim) => ({ ...base(claim), ...extra, reason }));

  const body = buildJevRequest(
    model,
    claims.map((claim) => claim.text),
    excerpts.map((excerpt) => excerpt.text),
  );
  const result = await budget.run((signal) => transport.systemOne(body, signal));
  if (result.kind === "not_started") return unavailable("budget_exhausted");
  if (result.kind === "timeout") return unavailable("timeout", { latencyMs: result.latencyMs });
  if (result.kind === "failed") return unavailable("http_error", { latencyMs: result.latencyMs });

  const reply: JevReply = result.value;
  const seen = { requestId: reply.requestId, latencyMs: result.latencyMs };
  if (reply.status < 200 || reply.status > 299) return unavailable("http_error", seen);
  const response = parseJevResponse(reply.body);
  if (!response) return unavailable("invalid_response", seen);
  const answered = { ...seen, returnedModel: response.model, usage: response.usage };
  if (!acceptsReturnedModel(model, response.model)) return unavailable("model_mismatch", answered);

  return claims.map((claim, index) => {
    const distribution = response.distribution(questionName(index));
    if (!distribution) return { ...base(claim), ...answered, reason: "invalid_response" };
    return {
      ...base(claim),
      ...answered,
      status: "completed",
      distribution,
      suggestion: suggest(distribution, threshold),
    };
  });
}
