import type { Claim } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { observeResponse, repairResponse } from "../../fixtures/ask-responses";
import {
  checkStatus,
  describeCheckLocation,
  describeRepair,
  describeUnavailable,
  describeUnavailableReason,
  formatCitations,
  isRepaired,
  summarizeChecks,
} from "./audit-status";

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
    expect(describeRepair(claim)).toMatch(/^citation changed from \[\d+\] to \[\d+\]$/);
  });

  it("says passages, not passage, for a jointly cited claim, and why it is not repaired", () => {
    const claim = { ...firstClaim(), citations: [1, 2], draftCitations: [1, 2] };
    if (!claim.audit) throw new Error("fixture claim is audited");
    claim.audit = {
      ...claim.audit,
      suggestion: "withhold",
      distribution: { support: 0, contradiction: 0, insufficient: 1 },
    };
    const status = checkStatus(claim);
    expect(status.label).toBe("Not supported by its citations");
    expect(status.explanation).toContain("The cited passages do not hold");
    expect(status.explanation).toContain("Jointly cited passages are kept together");
  });

  it("calls the threshold experimental and uncalibrated", () => {
    expect(checkStatus(firstClaim()).explanation).toContain("0.90 (experimental, uncalibrated)");
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
    expect(describeUnavailableReason("http_error")).toBe(
      "the checking service could not be reached or answered with an error",
    );
    expect(describeUnavailableReason(null)).toBe("no reason was recorded");
  });
});

describe("describeUnavailable", () => {
  it.each([
    [{ cause: "unreachable" as const }, "http_error" as const, "could not be reached"],
    [{ cause: "http_status" as const, httpStatus: 503 }, "http_error" as const, "answered HTTP 503"],
    [{ cause: "timed_out" as const }, "timeout" as const, "longer than the time budget"],
    [{ cause: "unreadable_reply" as const }, "invalid_response" as const, "reply could not be read"],
    [{ cause: "model_mismatch" as const }, "model_mismatch" as const, "different model"],
    [{ cause: "budget_exhausted" as const }, "budget_exhausted" as const, "ran out before this claim"],
  ])("names the cause %j", (detail, reason, words) => {
    expect(describeUnavailable({ reason, detail })).toContain(words);
  });
});

describe("summarizeChecks", () => {
  it("counts the claims by their status, in the panel's words", () => {
    const response = observeResponse();
    expect(summarizeChecks(response)).toBe("2 of 2 claims likely supported");
    const second = response.parts[1]?.claims[0];
    if (!second?.audit) throw new Error("fixture has a second audited claim");
    second.audit = { ...second.audit, suggestion: "review" };
    expect(summarizeChecks(response)).toBe("1 of 2 claims likely supported · 1 needs review");
    second.audit = { ...second.audit, status: "unavailable", reason: "timeout", suggestion: null, distribution: null };
    expect(summarizeChecks(response)).toBe("1 of 2 claims likely supported · 1 check unavailable");
    expect(summarizeChecks(repairResponse())).toMatch(/claims? likely supported · 1 citation repaired$/);
  });

  it("is absent when the mode is off", () => {
    expect(summarizeChecks({ ...observeResponse(), jev: { ...observeResponse().jev, mode: "off" } })).toBeNull();
  });

  it("says where checks ran", () => {
    const { jev } = observeResponse();
    expect(describeCheckLocation({ ...jev, auditor: "ollama", model: "qwen2.5:3b" })).toBe(
      "checked on this machine by qwen2.5:3b",
    );
    expect(describeCheckLocation(jev)).toContain("left this machine");
  });
});
