import { describe, expect, it } from "vitest";
import { describeDropReason, summarizeDropped } from "./dropped-wording";

describe("dropped claim wording", () => {
  it("counts and explains removed claims", () => {
    expect(summarizeDropped([])).toBeNull();
    expect(summarizeDropped([{ part: 0, text: "x", reason: "unknown_citation" }])).toBe(
      "1 drafted claim was removed by validation",
    );
    expect(describeDropReason("quote_not_in_passage")).toBe("its quote was not found in the cited passage");
  });
});
