import { describe, expect, it } from "vitest";
import { parseJevResponse, parseModelList } from "./response-schema";

const reply = (probabilities: unknown, extra: Record<string, unknown> = {}) => ({
  model: "jev-1.13.0",
  answers: { claim_1: { type: "choice", choice: "support", confidence: 0.2, probabilities } },
  usage: { input_tokens: 480, output_tokens: 3 },
  ...extra,
});

describe("parseJevResponse", () => {
  it("reads a well-formed answer and its usage", () => {
    const parsed = parseJevResponse(reply({ support: 0.97, contradiction: 0.01, insufficient: 0.02 }));
    expect(parsed?.model).toBe("jev-1.13.0");
    expect(parsed?.usage).toEqual({ inputTokens: 480, outputTokens: 3 });
    expect(parsed?.distribution("claim_1")).toEqual({ support: 0.97, contradiction: 0.01, insufficient: 0.02 });
    expect(parsed?.distribution("claim_2")).toBeNull();
  });

  it("accepts sums within 0.02 of 1 and rejects beyond", () => {
    expect(
      parseJevResponse(reply({ support: 0.5, contradiction: 0.3, insufficient: 0.22 }))?.distribution("claim_1"),
    ).not.toBeNull();
    expect(
      parseJevResponse(reply({ support: 0.5, contradiction: 0.3, insufficient: 0.23 }))?.distribution("claim_1"),
    ).toBeNull();
    expect(
      parseJevResponse(reply({ support: 0.5, contradiction: 0.3, insufficient: 0.17 }))?.distribution("claim_1"),
    ).toBeNull();
  });

  it("rejects missing labels and probabilities outside [0, 1]", () => {
    expect(parseJevResponse(reply({ support: 0.9, contradiction: 0.1 }))?.distribution("claim_1")).toBeNull();
    expect(
      parseJevResponse(reply({ support: 1.2, contradiction: -0.2, insufficient: 0 }))?.distribution("claim_1"),
    ).toBeNull();
    expect(
      parseJevResponse(reply({ support: "0.9", contradiction: 0.1, insufficient: 0 }))?.distribution("claim_1"),
    ).toBeNull();
  });

  it("treats a missing usage as zero and a broken envelope as unusable", () => {
    const parsed = parseJevResponse(reply({ support: 1, contradiction: 0, insufficient: 0 }, { usage: null }));
    expect(parsed?.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(parseJevResponse(undefined)).toBeNull();
    expect(parseJevResponse({ answers: {} })).toBeNull();
    expect(parseJevResponse({ model: "jev-1.13.0", answers: [] })).toBeNull();
  });
});

describe("parseModelList", () => {
  it("reads names from strings or objects", () => {
    expect(parseModelList({ models: ["jev-1.13.0", { id: "jev-1.12.0" }, { name: "jev-x" }] })).toEqual([
      "jev-1.13.0",
      "jev-1.12.0",
      "jev-x",
    ]);
    expect(parseModelList({ data: [] })).toBeNull();
  });
});
