import type { AnswerListItem } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { describeSummary } from "./summary-wording";

const item = (overrides: Partial<AnswerListItem["summary"]>, jevMode: AnswerListItem["jevMode"] = "off") => ({
  id: "a",
  question: "Q?",
  createdAt: "2026-01-01T00:00:00.000Z",
  jevMode,
  summary: { parts: 1, answeredParts: 1, claims: 2, keep: 0, review: 0, withhold: 0, unavailable: 0, ...overrides },
});

describe("describeSummary", () => {
  it("says how much was answered and whether it was checked", () => {
    expect(describeSummary(item({}))).toBe("Answered · 2 claims · not checked");
    expect(describeSummary(item({ answeredParts: 0, claims: 0 }))).toBe("Not answered · 0 claims · not checked");
    expect(describeSummary(item({ parts: 2, answeredParts: 1, claims: 1, keep: 1 }, "observe"))).toBe(
      "1 of 2 parts answered · 1 claim · 1 supported",
    );
    expect(describeSummary(item({ keep: 1, review: 1, unavailable: 1, claims: 3 }, "repair"))).toBe(
      "Answered · 3 claims · 1 supported, 1 to review, 1 not checked",
    );
  });
});
