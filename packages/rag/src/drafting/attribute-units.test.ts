import { describe, expect, it } from "vitest";
import { attributeOf, measurement, measures } from "./attribute-units";

describe("measurement", () => {
  it("matches a figure with a unit, a range, or a word between", () => {
    const days = measurement("(?:days?)");
    expect(days.test("within 21 days")).toBe(true);
    expect(days.test("within ten business days")).toBe(true);
    expect(days.test("a three-day course")).toBe(true);
    expect(days.test("between 3 and 5 days")).toBe(true);
    expect(days.test("on day 21")).toBe(false);
    expect(days.test("21 daylight hours")).toBe(false);
  });
});

describe("attributeOf and measures", () => {
  it("finds the attribute among stemmed question terms", () => {
    expect(attributeOf(["battery", "capacity", "k7"])?.term).toBe("capacity");
    expect(attributeOf(["block", "siz", "aes"])?.term).toBe("siz");
    expect(attributeOf(["residual", "risk"])).toBeNull();
  });

  it("recognises values in the attribute's units", () => {
    const of = (term: string) => attributeOf([term]) ?? { term, unit: /$^/ };
    expect(measures("The battery stores 625 Wh.", of("capacity"))).toBe(true);
    expect(measures("It charges in 4.5 hours.", of("capacity"))).toBe(false);
    expect(measures("Inflate to between 3.5 and 5 bar.", of("pressur"))).toBe(true);
    expect(measures("A replacement card costs €3.", of("cost"))).toBe(true);
    expect(measures("A replacement card costs 3 euros.", of("cost"))).toBe(true);
    expect(measures("Data in blocks of 128 bits.", of("siz"))).toBe(true);
    expect(measures("Notice must be given ten days ahead.", of("period"))).toBe(true);
    expect(measures("Store it between 10 and 20 degrees Celsius.", of("temperatur"))).toBe(true);
  });
});
