import { describe, expect, it } from "vitest";
import { withTypingSlip } from "./typing-slip";

describe("withTypingSlip", () => {
  it("types one slip in the longest lower-case word, the kind set by the question's id", () => {
    expect(
      withTypingSlip(
        "How much did Qualcomm spend on research and development in the quarter ended December 29, 2024?",
        "qcom-rd-expense-q1fy25",
      ),
    ).toBe("How much did Qualcomm spend on research and develpment in the quarter ended December 29, 2024?");
    expect(
      withTypingSlip(
        "What goodwill did Qualcomm carry on its balance sheet at September 29, 2024?",
        "qcom-goodwill-sep-2024",
      ),
    ).toBe("What goowdill did Qualcomm carry on its balance sheet at September 29, 2024?");
    expect(
      withTypingSlip(
        "What average tax rate does Qualcomm expect to pay on its income across all of fiscal 2025?",
        "qcom-annual-tax-rate",
      ),
    ).toBe("What averrage tax rate does Qualcomm expect to pay on its income across all of fiscal 2025?");
  });

  it("leaves names, options and short words alone", () => {
    expect(withTypingSlip("What does --outSJfilterOverhangMin set in STARsolo or Qualcomm?", "a")).toBe(
      "What does --outSJfilterOverhangMin set in STARsolo or Qualcomm?",
    );
    expect(withTypingSlip("Who wrote it?", "b")).toBe("Who wrote it?");
    // The first of two equally long words, and only where it stands alone.
    expect(withTypingSlip("Is the example.pdf example nearby?", "qcom-rd-expense-q1fy25")).toBe(
      "Is the example.pdf exaple nearby?",
    );
  });
});
