import { describe, expect, it } from "vitest";
import { oneSlipApart, oneSlipVariants } from "./typing-slips";

describe("oneSlipApart", () => {
  it("counts one letter added, dropped, changed, or two neighbours swapped, never the first", () => {
    expect(oneSlipApart("optimization", "optimzation")).toBe(true);
    expect(oneSlipApart("temprature", "temperature")).toBe(true);
    expect(oneSlipApart("received", "recieved")).toBe(true);
    expect(oneSlipApart("routine", "routing")).toBe(true);
    expect(oneSlipApart("routine", "routine")).toBe(false);
    expect(oneSlipApart("routine", "touting")).toBe(false);
    expect(oneSlipApart("optimization", "optimisations")).toBe(false);
    expect(oneSlipApart("receive", "rceeive")).toBe(true);
    expect(oneSlipApart("receive", "ecreive")).toBe(false);
  });
});

describe("oneSlipVariants", () => {
  it("writes out every word one slip away, the first letter kept, and nothing else", () => {
    const variants = oneSlipVariants("custmers");
    expect(variants).toContain("customers");
    expect(variants).toContain("custmer");
    expect(variants).toContain("cutsmers");
    expect(variants).not.toContain("custmers");
    expect(variants).not.toContain("ustmers");
    expect([...variants].every((variant) => oneSlipApart("custmers", variant))).toBe(true);
    // Added at each of 8 places after the first, dropped at 7, changed at 7, swapped at 6, less repeats.
    expect(variants.size).toBeLessThanOrEqual(8 * 26 + 7 + 7 * 25 + 6);
    expect(variants.size).toBeGreaterThan(350);
  });
});
