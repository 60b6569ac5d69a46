import Qty from "js-quantities";
import { memoize } from "../memoize";

/**
 * What kind of physical quantity a figure with a unit states, read by js-quantities, which knows
 * the units of each kind with their prefixes and spellings: "244 nA" is a current, "1.25 kΩ" a
 * resistance, "100GB" an amount of information, "25 MHz" a frequency.
 */

/** A figure, then a unit written against it or after one space: "244 nA", "100GB", "1.25kΩ", "6 µs". */
const figureWithUnit = /(?<![\p{L}\p{N}_.-])(\d+(?:[.,]\d+)*)\s?([µμΩ°]?[\p{L}Ω]+(?:\/[\p{L}]+)?)(?![\p{L}\p{N}])/gu;

/**
 * English words that js-quantities also reads as units ("3 in the list" as 3 inches, "2 a.m.") and
 * so never stand as one here.
 */
const notUnits = new Set(
  "a an in at as is on or of to by if it no so we be do are was per and the for min ft pt".split(" "),
);

/** The kinds of quantity `text` states as figures with units, e.g. {"current", "time"}. */
export const quantityKinds: (text: string) => Set<string> = memoize(20_000, (text) => {
  const kinds = new Set<string>();
  for (const [, number, unit] of text.matchAll(figureWithUnit)) {
    if (notUnits.has((unit as string).toLowerCase())) continue;
    const kind = kindOf(`${(number as string).replace(/,/g, "")} ${(unit as string).replace("μ", "µ")}`);
    if (kind !== null) kinds.add(kind);
  }
  return kinds;
});

function kindOf(quantity: string): string | null {
  try {
    const kind = Qty.parse(quantity)?.kind();
    return kind === undefined || kind === "unitless" ? null : kind;
  } catch {
    return null;
  }
}

/**
 * Nouns that name a physical quantity, by the kind js-quantities gives its units. A question
 * asking "how much current" is answered by "244 nA" though the answer never says "current".
 * Nouns that mostly mean something else in a question ("which areas", "from what angle") are left out.
 */
export const quantityNouns: ReadonlyMap<string, string> = new Map(
  (
    [
      ["current", "current amperage"],
      ["potential", "voltage"],
      ["resistance", "resistance impedance"],
      ["capacitance", "capacitance"],
      ["inductance", "inductance"],
      ["frequency", "frequency"],
      ["information", "storage memory"],
      ["information_rate", "bandwidth bitrate"],
      ["time", "duration latency delay runtime"],
      ["length", "length distance width height depth thickness diameter radius wavelength"],
      ["mass", "weight mass"],
      ["temperature", "temperature"],
      ["pressure", "pressure"],
      ["power", "power wattage dissipation"],
      ["energy", "energy"],
      ["speed", "speed velocity"],
      ["volume", "volume"],
    ] as const
  ).flatMap(([kind, nouns]) => nouns.split(" ").map((noun) => [noun, kind] as const)),
);
