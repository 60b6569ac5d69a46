import type { AuditRecord } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { countUsage } from "./usage";

function record(requestId: string | null, inputTokens: number, extra: Partial<AuditRecord> = {}): AuditRecord {
  return {
    status: "completed",
    reason: null,
    distribution: { support: 1, contradiction: 0, insufficient: 0 },
    suggestion: "keep",
    citationIds: [1],
    excerptSha256: ["x"],
    requestedModel: "jev-1.13.0",
    returnedModel: "jev-1.13.0",
    requestId,
    batchSize: 1,
    latencyMs: 1,
    usage: { inputTokens, outputTokens: 3 },
    policyVersion: "p",
    promptVersion: "q",
    threshold: 0.9,
    ...extra,
  };
}

describe("countUsage", () => {
  it("counts a batched request once and skips empty request ids", () => {
    expect(
      countUsage([record("r1", 100), record("r1", 100), record("r2", 50), record(null, 999), record("", 7)]),
    ).toEqual({
      jevRequests: 2,
      inputTokens: 150,
      outputTokens: 6,
    });
  });

  it("counts originals and repair attempts once each", () => {
    const original = record("r1", 100);
    const attempt = {
      citationId: 2,
      status: "completed" as const,
      reason: null,
      distribution: null,
      excerptSha256: "y",
      returnedModel: "jev-1.13.0",
      latencyMs: 1,
      usage: { inputTokens: 40, outputTokens: 3 },
    };
    const repaired = record("r3", 60, {
      original,
      repairAttempts: [
        { ...attempt, requestId: "r2" },
        { ...attempt, requestId: "r3", usage: { inputTokens: 60, outputTokens: 3 } },
      ],
    });
    expect(countUsage([repaired])).toEqual({ jevRequests: 3, inputTokens: 200, outputTokens: 9 });
  });

  it("counts requests without provider ids once each by their check id", () => {
    const batched = { requestId: null, checkId: "c1" };
    const original = record(null, 100, { checkId: "c2" });
    const attempt = {
      citationId: 2,
      status: "completed" as const,
      reason: null,
      distribution: null,
      excerptSha256: "y",
      returnedModel: "llama3.2:3b",
      requestId: null,
      checkId: "c3",
      latencyMs: 1,
      usage: { inputTokens: 500, outputTokens: 4 },
    };
    // The repaired record repeats its winning attempt's request; the batched pair repeats c1.
    const repaired = record(null, 500, { checkId: "c3", usage: attempt.usage, original, repairAttempts: [attempt] });
    const outcome = countUsage([record(null, 80, batched), record(null, 80, batched), repaired]);
    expect(outcome).toEqual({ jevRequests: 3, inputTokens: 680, outputTokens: 10 });
  });

  it("never counts a check that was not sent (no check id, no request id)", () => {
    expect(countUsage([record(null, 0, { status: "unavailable", reason: "budget_exhausted" })])).toEqual({
      jevRequests: 0,
      inputTokens: 0,
      outputTokens: 0,
    });
  });
});
