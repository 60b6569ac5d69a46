import type { AuditClaimResult, AuditRecord } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { applyAudit } from "./apply-audit";
import type { LedgerPart } from "./build-ledger";

const part: LedgerPart = {
  index: 0,
  claims: [
    {
      id: "p0c1",
      text: "Refunds are paid within thirty days of a cancellation.",
      quote: "Refunds follow cancellations.",
      citations: [1],
    },
  ],
  passages: [
    { id: 1, text: "Refunds follow cancellations." },
    { id: 2, text: "Billing. A refund is paid within thirty days of a cancellation. Gift cards are excluded." },
    { id: 3, text: "Parking is free for visitors." },
  ],
};

const assessment = (citationIds: number[], suggestion: AuditRecord["suggestion"]): AuditRecord => ({
  status: "completed",
  reason: null,
  distribution: { support: suggestion === "keep" ? 0.95 : 0.05, contradiction: 0, insufficient: 0.95 },
  suggestion,
  citationIds,
  excerptSha256: citationIds.map(String),
  requestedModel: "jev-1.13.0",
  returnedModel: "jev-1.13.0",
  requestId: null,
  batchSize: 1,
  latencyMs: 1,
  usage: { inputTokens: 1, outputTokens: 1 },
  policyVersion: "p",
  promptVersion: "q",
  threshold: 0.9,
});

function repairedTo(id: number): Map<string, AuditClaimResult> {
  const original = assessment([1], "withhold");
  const audit = { ...assessment([id], "keep"), original, repairPolicyVersion: "single-passage-v1", repairAttempts: [] };
  return new Map([["p0c1", { claimId: "p0c1", citations: [id], audit }]]);
}

describe("applyAudit", () => {
  it("re-selects the quote verbatim from the new passage and keeps the drafted one", () => {
    const [claim] = applyAudit(part, "repair", repairedTo(2));
    expect(claim).toMatchObject({
      citations: [2],
      draftCitations: [1],
      quote: "A refund is paid within thirty days of a cancellation.",
      draftQuote: "Refunds follow cancellations.",
    });
  });

  it("does not apply a repair onto a passage nothing can be quoted from, and records the original check", () => {
    const [claim] = applyAudit(part, "repair", repairedTo(3));
    expect(claim).toMatchObject({ citations: [1], quote: "Refunds follow cancellations." });
    expect(claim).not.toHaveProperty("draftQuote");
    expect(claim?.audit).toMatchObject({
      citationIds: [1],
      suggestion: "withhold",
      repairPolicyVersion: "single-passage-v1",
    });
  });

  it("never changes citations or quotes in observe mode", () => {
    const [claim] = applyAudit(part, "observe", repairedTo(2));
    expect(claim).toMatchObject({ citations: [1], quote: "Refunds follow cancellations." });
  });
});
