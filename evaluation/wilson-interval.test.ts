import { describe, expect, it } from "vitest";
import { formatRate, rate, wilsonInterval } from "./wilson-interval";

describe("wilsonInterval", () => {
  it("matches published values", () => {
    // Reference values from the peer eval report: 18/24 → [55.1%, 88.0%], 8/24 → [18.0%, 53.3%], 7/9 → [45.3%, 93.7%].
    const cases: Array<[number, number, number, number]> = [
      [18, 24, 0.551, 0.88],
      [8, 24, 0.18, 0.533],
      [7, 9, 0.453, 0.937],
    ];
    for (const [successes, total, low, high] of cases) {
      const interval = wilsonInterval(successes, total);
      expect(interval.low).toBeCloseTo(low, 3);
      expect(interval.high).toBeCloseTo(high, 3);
    }
  });

  it("is not degenerate at 0/n and n/n", () => {
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 4) });
    expect(wilsonInterval(6, 6)).toEqual({ low: expect.closeTo(0.61, 2), high: 1 });
  });

  it("contains the point estimate and narrows as n grows", () => {
    const small = wilsonInterval(5, 10);
    const large = wilsonInterval(500, 1000);
    expect(small.low).toBeLessThan(0.5);
    expect(small.high).toBeGreaterThan(0.5);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(large.low + large.high).toBeCloseTo(1, 10);
  });

  it("rejects impossible counts", () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(0, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 3)).toThrow(RangeError);
  });
});

describe("rate", () => {
  it("carries the denominator and has no interval for an empty set", () => {
    expect(rate(0, 0)).toEqual({ successes: 0, total: 0, rate: null, low: null, high: null });
    expect(rate(3, 4)).toMatchObject({ successes: 3, total: 4, rate: 0.75 });
  });

  it("formats counts, percentage and interval", () => {
    expect(formatRate(rate(18, 24))).toBe("18/24 (75.0%, 95% CI 55.1–88.0%)");
    expect(formatRate(rate(0, 0))).toBe("0/0 (n/a)");
  });
});
