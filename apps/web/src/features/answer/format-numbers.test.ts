import { describe, expect, it } from "vitest";
import { formatConfidence, formatDuration, formatScore } from "./format-numbers";

describe("formatDuration", () => {
  it("rounds milliseconds and switches to seconds", () => {
    expect(formatDuration(2.2201240000003963)).toBe("2 ms");
    expect(formatDuration(999.6)).toBe("1000 ms");
    expect(formatDuration(1234)).toBe("1.2 s");
  });
});

describe("formatScore", () => {
  it("keeps three significant digits without trailing zeros", () => {
    expect(formatScore(0.016393442)).toBe("0.0164");
    expect(formatScore(2.3671)).toBe("2.37");
    expect(formatScore(0.83)).toBe("0.83");
    expect(formatScore(0)).toBe("0");
  });
});

describe("formatConfidence", () => {
  it("gives two decimals", () => {
    expect(formatConfidence(0.8666)).toBe("0.87");
    expect(formatConfidence(1)).toBe("1.00");
  });
});
