import { describe, expect, it } from "vitest";
import { attributeOf, measurement, measures, questionAttribute } from "./attribute-units";

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

  it("takes any share for a fraction or a proportion: '0.7', '2/3', '70%'", () => {
    const fraction = attributeOf(["fract"]);
    expect(fraction?.term).toBe("fract");
    expect(attributeOf(["proport"])?.term).toBe("proport");
    const met = (text: string) => measures(text, fraction as NonNullable<typeof fraction>);
    expect(met("Geometry sets the body with the default scale (= 0.7).")).toBe(true);
    expect(met("Two thirds, 2/3, of the page.")).toBe(true);
    expect(met("It covers 70% of the paper.")).toBe(true);
    expect(met("Section 3.2 lists 12 options.")).toBe(false);
  });

  it("takes a version as software prints one, and a plain decimal for none", () => {
    const version = attributeOf(["version"]);
    expect(version?.term).toBe("version");
    const met = (text: string) => measures(text, version as NonNullable<typeof version>);
    expect(met("For the computations R 4.2.0 and sandwich 3.0–2 have been used.")).toBe(true);
    expect(met("Since v2 the option is gone.")).toBe(true);
    expect(met("In gnuplot version 5 the dash pattern is a property.")).toBe(true);
    expect(met("The factor is 1.5 on average.")).toBe(false);
  });
});

describe("questionAttribute", () => {
  const nouns = new Set(["noise", "range", "supply"]);
  const isNoun = (word: string) => nouns.has(word);

  it("takes the attribute the question names first, met by any unit of its kind", () => {
    const attribute = questionAttribute("How much current does one LSB correspond to in the 4 mA–20 mA range?", isNoun);
    expect(attribute?.term).toBe("current");
    expect(attribute?.unit.test("In the 4 mA–20 mA range 1 LSB = 244 nA.")).toBe(true);
    expect(attribute?.unit.test("The output settles in 40 µs.")).toBe(false);
    expect(questionAttribute("What is the supply voltage?", isNoun)?.unit.test("It draws from a 10 mV source.")).toBe(
      true,
    );
  });

  it("skips an attribute noun that only says the kind of the noun after it", () => {
    expect(questionAttribute("What is the output current noise of the converter?", isNoun)).toBeNull();
    // "Share of the input" is a share: only the very next word is looked at.
    expect(questionAttribute("What share of the input noise is filtered?", isNoun)?.term).toBe("shar");
    // A word that names the kind of answer ("range") leaves the attribute heading its phrase.
    expect(questionAttribute("What is the voltage range?", isNoun, (word) => word === "range")?.term).toBe("voltag");
  });

  it("takes no attribute from a participle, and marks physical quantities", () => {
    expect(questionAttribute("After a weighted fit, which exported variable holds the p-value?", isNoun)).toBeNull();
    expect(questionAttribute("What is the weight of the board?", isNoun)?.physical).toBe(true);
    expect(questionAttribute("How much transmit power does it use?", isNoun)?.physical).toBe(true);
    // Sizes and spans are often given bare ("79 by 24"): no unit is demanded of them.
    expect(questionAttribute("What is the default text block size?", isNoun)?.physical).toBeUndefined();
  });
});
