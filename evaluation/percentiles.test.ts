import { describe, expect, it } from "vitest";
import { percentile, summariseLatencies } from "./percentiles";

describe("percentile", () => {
  it("uses the nearest rank, so every figure was observed", () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.95)).toBe(10);
    expect(percentile(values, 0.1)).toBe(1);
    expect(percentile([42], 0.99)).toBe(42);
  });

  it("takes the 95th of 100 values as the 95th smallest", () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile(values, 0.99)).toBe(99);
  });

  it("rejects an empty sample and a bad quantile", () => {
    expect(() => percentile([], 0.5)).toThrow(RangeError);
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
  });
});

describe("summariseLatencies", () => {
  it("reports count, percentiles, max and mean without mutating the input", () => {
    const values = [3, 1, 2, 10];
    expect(summariseLatencies(values)).toEqual({ count: 4, p50: 2, p95: 10, p99: 10, max: 10, mean: 4 });
    expect(values).toEqual([3, 1, 2, 10]);
  });
});
