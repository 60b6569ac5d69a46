import { describe, expect, it } from "vitest";
import { abstainedResponse, observeResponse } from "../../fixtures/ask-responses";
import { explainEmptyAudit } from "./empty-audit";

describe("explainEmptyAudit", () => {
  it("is silent when there are claims", () => {
    expect(explainEmptyAudit(observeResponse().parts)).toBeNull();
  });

  it("explains abstentions", () => {
    expect(explainEmptyAudit(abstainedResponse().parts)).toContain("the documents do not answer this question");
  });

  it("names failed parts", () => {
    const parts = abstainedResponse().parts;
    const first = parts[0];
    if (!first) throw new Error("fixture has parts");
    first.error = "The language model's answer could not be read as JSON.";
    expect(explainEmptyAudit(parts)).toBe(
      "Nothing was checked: 1 part could not be answered and the documents do not answer the other part, so there were no claims to send for a support check.",
    );
  });
});
