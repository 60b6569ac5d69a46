import { describe, expect, it } from "vitest";
import { valueFigures, withoutIdentifiers } from "./value-figures";

describe("valueFigures", () => {
  it("finds digits and number words", () => {
    expect(valueFigures("Refunds take ten days and cost 3.50 euros, up to 1,000 items.")).toEqual([
      "ten",
      "3.50",
      "1,000",
    ]);
  });

  it("leaves out identifiers, references and equation numbers", () => {
    expect(valueFigures("The Kestrel K7 follows AES-256 as in Section 4.1, Fig. 3 and [12].")).toEqual([]);
    // The label of a numbered statement is no value; a figure in the statement still is.
    expect(valueFigures("Definition 5 A saddle point is a critical point. Theorem 2.1. It holds.")).toEqual([]);
    expect(valueFigures("Example 6.7. The fan has 4 cones.")).toEqual(["4"]);
    expect(valueFigures("This follows from (4.13) and ISO 9000 below.")).toEqual([]);
    expect(valueFigures("The loss L = a + b (3)\nwhere a is small.")).toEqual([]);
    // In brackets after a word of prose, a figure is a value.
    expect(valueFigures("the EPV is very high (1.59) and well above (1.28) since he scores")).toEqual(["1.59", "1.28"]);
  });

  it("leaves out a year cited with its author, never a year the text states", () => {
    expect(valueFigures("The supF test of Andrews (1993), as in Newey and West (1987, 1994), is used.")).toEqual([]);
    expect(
      valueFigures("It is documented with MFT (Knuth, 1989) and Smith et al. (2019, p. 4) found 12 cases."),
    ).toEqual(["12"]);
    expect(valueFigures("The standard was released in 1993 and revised (2001) later.")).toEqual(["1993", "2001"]);
  });

  it("leaves out figures the question already holds", () => {
    expect(valueFigures("AES-256 uses 14 rounds and 256 bits.", "How many rounds for a 256 bit key?")).toEqual(["14"]);
  });
});

describe("valueFigures with a unit set against the figure", () => {
  it("reads 100GB, 5V and 244nA as figures, not a part number such as K7", () => {
    expect(valueFigures("at least 100GB of disk space")).toEqual(["100gb"]);
    expect(valueFigures("a 5V supply; 1 LSB = 244nA")).toEqual(["5v", "1", "244na"]);
    expect(valueFigures("the K7 model")).toEqual([]);
  });

  it("takes a number word that quantifies without counting for no figure", () => {
    expect(valueFigures("the activations from one or more layers")).toEqual([]);
    expect(valueFigures("one of the keys, and no one else")).toEqual([]);
    expect(valueFigures("the top four hidden layers and one key")).toEqual(["four", "one"]);
    expect(valueFigures("1 or more layers")).toEqual(["1"]);
  });

  it("takes the pronoun one, the subject of a verb, for no figure", () => {
    expect(valueFigures("one can estimate confidence intervals by parametric bootstrapping")).toEqual([]);
    expect(valueFigures("To fit it, one needs the data.")).toEqual([]);
    expect(valueFigures("one key can open two locks")).toEqual(["one", "two"]);
  });
});

describe("withoutIdentifiers", () => {
  it("blanks identifiers at the same length and keeps ranges, dates and figures with units", () => {
    const text = "Docket FAA–2020–0746, AD 2018–23–51, COVID-19; 10–20 days, a 256-bit key, on 2018-10-29.";
    const blanked = withoutIdentifiers(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked).toBe(
      `Docket ${" ".repeat(13)}, AD ${" ".repeat(10)}, ${" ".repeat(8)}; 10–20 days, a 256-bit key, on 2018-10-29.`,
    );
    expect(withoutIdentifiers("No dashes here: 42.")).toBe("No dashes here: 42.");
  });

  it("blanks a heading's number opening a line, not a figure that opens one", () => {
    expect(withoutIdentifiers("3.10. Using Packet Link Mode: All computers can talk.")).toBe(
      `${" ".repeat(5)} Using Packet Link Mode: All computers can talk.`,
    );
    expect(withoutIdentifiers("Intro\nA.6. APRS\nTeleMetrum sends APRS")).toBe(
      `Intro\n${" ".repeat(4)} APRS\nTeleMetrum sends APRS`,
    );
    expect(valueFigures(withoutIdentifiers("12.6.6. Telemetry Enable"))).toEqual([]);
    expect(valueFigures(withoutIdentifiers("3.6 Optimization: the linker optimizes."))).toEqual([]);
    expect(valueFigures(withoutIdentifiers("3.6 Optimization\nThe linker optimizes."))).toEqual([]);
    expect(valueFigures(withoutIdentifiers("3.5 Volts is the most it takes."))).toEqual(["3.5"]);
    // A figure with its unit, or one ending a sentence, stays.
    expect(withoutIdentifiers("2.5 GHz is the band.")).toBe("2.5 GHz is the band.");
    expect(withoutIdentifiers("The total is 42. Then more.")).toBe("The total is 42. Then more.");
  });
});
