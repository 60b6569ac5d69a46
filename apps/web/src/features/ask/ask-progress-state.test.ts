import { describe, expect, it } from "vitest";
import { advanceProgress, describeStage, initialProgress } from "./ask-progress-state";

describe("advanceProgress", () => {
  it("walks the stages of a two-part question and counts verdicts", () => {
    let state = initialProgress;
    expect(describeStage(state)).toBe("Sending the question…");
    state = advanceProgress(state, { type: "stage", stage: "searching" });
    expect(describeStage(state)).toBe("Searching the documents…");
    state = advanceProgress(state, { type: "stage", stage: "drafting", part: 0, parts: 2 });
    expect(describeStage(state)).toBe("Drafting part 1 of 2…");
    state = advanceProgress(state, {
      type: "part",
      part: { index: 0, question: "Q1?", status: "answered", claims: [{ text: "A.", quote: "A.", sources: [] }] },
    });
    state = advanceProgress(state, { type: "stage", stage: "drafting", part: 1, parts: 2 });
    expect(describeStage(state)).toBe("Drafting part 2 of 2…");
    expect(state.drafted.map((part) => part.index)).toEqual([0]);
    state = advanceProgress(state, { type: "stage", stage: "checking", claims: 2 });
    expect(describeStage(state)).toBe("Checking support (0 of 2 claims done)…");
    const audit = {
      status: "completed" as const,
      reason: null,
      distribution: { support: 0.97, contradiction: 0.01, insufficient: 0.02 },
      suggestion: "keep" as const,
      citationIds: [1],
      excerptSha256: ["x"],
      requestedModel: "m",
      returnedModel: "m",
      requestId: "r",
      batchSize: 1,
      latencyMs: 1,
      usage: { inputTokens: 1, outputTokens: 1 },
      policyVersion: "p",
      promptVersion: "q",
      threshold: 0.9,
    };
    state = advanceProgress(state, { type: "verdicts", part: 0, claims: [{ claimId: "p0c1", citations: [1], audit }] });
    expect(describeStage(state)).toBe("Checking support (1 of 2 claims done)…");
    expect(state.verdicts.get("p0c1")?.audit.suggestion).toBe("keep");
  });

  it("says drafting the answer for a one-part question", () => {
    const state = advanceProgress(initialProgress, { type: "stage", stage: "drafting", part: 0, parts: 1 });
    expect(describeStage(state)).toBe("Drafting the answer…");
  });
});
