import type { Claim } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { observeResponse, repairResponse } from "../../fixtures/ask-responses";
import { checkStatus, describeUnavailableReason, formatCitations, isRepaired } from "./audit-status";

function firstClaim(response = observeResponse()): Claim {
  const claim = response.parts[0]?.claims[0];
  if (!claim) throw new Error("fixture has a claim");
  return claim;
}

describe("checkStatus", () => {
  it("labels a kept claim as likely supported", () => {
    expect(checkStatus(firstClaim()).label).toBe("Likely supported");
  });

  it("labels review and withhold suggestions", () => {
    const claim = firstClaim();
    if (!claim.audit) throw new Error("fixture claim is audited");
    claim.audit.suggestion = "review";
    expect(checkStatus(claim).label).toBe("Needs review");
    claim.audit.suggestion = "withhold";
    claim.audit.distribution = { support: 0.01, contradiction: 0.98, insufficient: 0.01 };
    expect(checkStatus(claim)).toMatchObject({
      label: "Not supported by its citation",
      explanation: "The cited passage contradicts the claim.",
    });
    claim.audit.distribution = { support: 0.01, contradiction: 0.04, insufficient: 0.95 };
    expect(checkStatus(claim).explanation).toContain("enough evidence");
  });

  it("reports a repair with the old and new citation", () => {
    const claim = firstClaim(repairResponse());
    expect(isRepaired(claim)).toBe(true);
    const status = checkStatus(claim);
    expect(status.label).toBe("Citation repaired");
    expect(status.explanation).toContain("support 0.97");
  });

  it("explains an unavailable check in plain words and keeps the answer", () => {
    const claim = firstClaim();
    if (!claim.audit) throw new Error("fixture claim is audited");
    claim.audit = { ...claim.audit, status: "unavailable", reason: "timeout", distribution: null, suggestion: null };
    const status = checkStatus(claim);
    expect(status.label).toBe("Check unavailable");
    expect(status.explanation).toContain("the check took longer than the time budget");
    expect(status.explanation).toContain("shown unchanged");
  });

  it("says when a claim was not checked", () => {
    expect(checkStatus({ ...firstClaim(), audit: null }).label).toBe("Not checked");
  });
});

describe("wording helpers", () => {
  it("formats citations and reasons", () => {
    expect(formatCitations([1, 3])).toBe("[1] [3]");
    expect(describeUnavailableReason("http_error")).toBe("the checking service answered with an error");
    expect(describeUnavailableReason(null)).toBe("no reason was recorded");
  });
});
