import { describe, expect, it } from "vitest";
import { quantityKinds, quantityNouns } from "./quantity-kinds";

describe("quantityKinds", () => {
  it("reads the kind of quantity a figure's unit states, prefixes and glued units included", () => {
    expect([...quantityKinds("In the 4 mA–20 mA range 1 LSB = 244 nA.")]).toEqual(["current"]);
    expect(quantityKinds("at least 100GB of disk space").has("information")).toBe(true);
    expect(quantityKinds("Output impedance is 1.25kΩ typical.").has("resistance")).toBe(true);
    expect(quantityKinds("a 25 MHz clock and a 6 µs settling time")).toEqual(new Set(["frequency", "time"]));
    expect(quantityKinds("reaches 10 mV in 2 hours").has("potential")).toBe(true);
  });

  it("takes no English word for a unit and no bare figure for a quantity", () => {
    expect(quantityKinds("Step 3 in the list runs at 2 a.m.").size).toBe(0);
    expect(quantityKinds("There are 14 rounds and 1 LSB.").size).toBe(0);
    expect(quantityKinds("0.78% of 5000 nodes").size).toBe(0);
  });
});

describe("quantityNouns", () => {
  it("names the kind of each noun of a physical quantity", () => {
    expect(quantityNouns.get("current")).toBe("current");
    expect(quantityNouns.get("voltage")).toBe("potential");
    expect(quantityNouns.get("storage")).toBe("information");
  });
});
