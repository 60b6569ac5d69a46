import { normalizeForMatch } from "@audited-rag/core";
import { contentWords, stem } from "./content-terms";
import { quantityKinds, quantityNouns } from "./quantity-kinds";
import { FIGURE } from "./value-figures";

/** Whether a text gives a figure in one of an attribute's units. */
export interface UnitTest {
  test(text: string): boolean;
}

/** A stemmed attribute noun ("capacity") and a test for a figure in one of its units ("625 Wh"). */
export interface Attribute {
  term: string;
  unit: UnitTest;
  /** Money: a value of it is always stated in a currency, so a figure without one is another thing's. */
  monetary?: boolean;
  /**
   * A physical quantity (power, voltage, mass, frequency …): a value of it is always stated in one
   * of its units, so a figure in none of them ("5 seconds" for a transmit power) is another thing's.
   */
  physical?: boolean;
}

export const TIME_UNITS = "(?:seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|quarters?|years?|decades?)";
export const LENGTH_UNITS =
  "(?:mm|cm|m|km|metres?|meters?|miles?|feet|foot|inch(?:es)?|characters?|bytes?|bits?|words?|pages?|lines?)";
const currencies = "(?:euros?|eur|dollars?|usd|pounds?|gbp|cents?|pence|francs?|chf|yen)";

/**
 * A figure followed by a unit, allowing a range ("3.5 and 5 bar") and one word between
 * ("ten business days", "three-week"); for money also a leading symbol ("€5", "$12").
 */
export function measurement(units: string): RegExp {
  const range = `${FIGURE}(?:\\s+(?:to|and|or)\\s+${FIGURE})?`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${range}(?:[\\s-]+\\p{L}+)?[\\s-]?${units}(?![\\p{L}\\p{N}])`, "iu");
}

const money = new RegExp(`[€$£]\\s?\\d|${measurement(currencies).source}`, "iu");

/**
 * A share stated as a figure: "15%", "0.78 percent", a ratio of small whole numbers ("2:3", "1 : 1",
 * "2/3") or a fraction of one ("0.7", ".95"); "some percentage of the tokens" states none. A clock
 * time ("10:30"), a date ("12/25") or a section number ("3.2", "3.2.1") is none of these; the
 * full stop that ends a sentence after the figure ("is kept at 0.02.") belongs to the sentence.
 */
export const shareFigure =
  /\d\s?%|\d\s?(?:per\s?cent|percent)\b|(?<![\d.:/])\d\s?[:/]\s?\d(?![\d:/]|\.\d)|(?<![\d.])0?\.\d+(?!\d|\.\d)/i;
/**
 * A version as software and standards print one: "4.2.0", "3.0–2", "v2", "version 5"; a plain
 * decimal ("1.5") is no version, since any measure prints one.
 */
const versionNumber =
  /(?<![\p{L}\p{N}.])(?:v\d+(?:\.\d+)*|\d+\.\d+(?:\.\d+)+|\d+\.\d+[-–]\d+)(?![\p{L}\p{N}])|\bversions?\s+\d+(?:\.\d+)*(?![\p{L}\p{N}])/iu;

// Attribute nouns and the units their values are stated in. Answers often leave the noun out
// ("data in blocks of 128 bits" for the block size), so the unit stands in for it.
const table: Array<[string, RegExp]> = [
  ["price cost fee fine charge budget salary rent", money],
  ["capacity volume storage", measurement("(?:k?wh|m?ah|litres?|liters?|ml|[kmgt]b|gigabytes?|terabytes?|seats?)")],
  ["weight mass", measurement("(?:kg|g|mg|lbs?|pounds?|ounces?|oz|tonnes?|tons?|grams?|kilograms?)")],
  ["speed velocity", measurement("(?:km/h|kph|mph|m/s|knots?|rpm)")],
  ["pressure", measurement("(?:bar|mbar|psi|k?pa|hpa)")],
  ["temperature", measurement("(?:degrees?|°c|°f|celsius|fahrenheit|kelvin)")],
  ["power", measurement("(?:k?w|watts?|kilowatts?|hp|horsepower)")],
  ["voltage", measurement("(?:k?v|volts?)")],
  ["distance range height width depth", measurement("(?:mm|cm|m|km|metres?|meters?|miles?|feet|foot|inch(?:es)?)")],
  ["size length", measurement(`(?:${LENGTH_UNITS}|[kmgt]b)`)],
  ["duration period", measurement(TIME_UNITS)],
  ["percentage share", measurement("(?:%|percent|per cent)")],
  // "What fraction of the paper …": any share answers, "0.7", "2/3", "70%".
  ["fraction proportion", shareFigure],
  ["version", versionNumber],
];
/** Kinds whose values never go without a unit; lengths, sizes, times and amounts of data often do ("79 by 24", "a block of 128"). */
const physicalKinds = new Set([
  "current",
  "potential",
  "resistance",
  "capacitance",
  "inductance",
  "frequency",
  "information_rate",
  "mass",
  "temperature",
  "pressure",
  "power",
  "energy",
  "speed",
]);
const physicalNoun = (noun: string) => physicalKinds.has(quantityNouns.get(noun) ?? "");
const listed: Attribute[] = table.flatMap(([nouns, unit]) =>
  nouns
    .split(" ")
    // "Fine" is also "fine-tuning": only the unambiguous money nouns demand a currency.
    .map((noun) => ({
      term: stem(noun),
      unit,
      ...(unit === money && noun !== "fine" && { monetary: true }),
      ...(physicalNoun(noun) && { physical: true }),
    })),
);

/**
 * Nouns of a physical quantity (quantity-kinds.ts) are also met by any unit js-quantities gives
 * that kind: "how much current" by "244 nA", "voltage" by "10 mV" as well as by the table's "5 V".
 */
const attributes: Attribute[] = [
  ...listed.map((attribute) => {
    const kind = [...quantityNouns].find(([noun]) => stem(noun) === attribute.term)?.[1];
    if (kind === undefined) return attribute;
    const unit = attribute.unit;
    return { ...attribute, unit: { test: (text: string) => unit.test(text) || quantityKinds(text).has(kind) } };
  }),
  ...[...quantityNouns]
    .filter(([noun]) => !listed.some((attribute) => attribute.term === stem(noun)))
    .map(([noun, kind]) => ({
      term: stem(noun),
      unit: { test: (text: string) => quantityKinds(text).has(kind) },
      ...(physicalKinds.has(kind) && { physical: true }),
    })),
];

/**
 * The measured attribute a question's stemmed terms name first, or null: "how much current …
 * in the 4–20 mA range" measures current, not a range.
 */
export function attributeOf(
  questionTerms: string[],
  modifiesNext: (index: number) => boolean = () => false,
): Attribute | null {
  for (const [index, term] of questionTerms.entries()) {
    const attribute = attributes.find((candidate) => candidate.term === term);
    // "Output current noise" asks for a noise: a noun before another names that other's kind.
    if (attribute && !modifiesNext(index)) return attribute;
  }
  return null;
}

/** Whether `text` gives a figure in a unit of `attribute` ("between 3.5 and 5 bar" for pressure). */
export function measures(text: string, attribute: Attribute): boolean {
  return attribute.unit.test(text);
}

/**
 * The attribute a question measures: the first attribute noun that does not modify a noun right
 * after it ("output current noise" asks for a noise), when `isNoun` can tell; `isHeadWord` names
 * the words after which an attribute noun still heads its phrase ("voltage range").
 */
export function questionAttribute(
  question: string,
  isNoun: (word: string) => boolean = () => false,
  isHeadWord: (word: string) => boolean = () => false,
): Attribute | null {
  const words = contentWords(question);
  const text = normalizeForMatch(question).toLowerCase();
  // "A weighted fit" measures no weight: a participle's stem is no attribute noun.
  const nouns = words.map((word) => (/\p{L}{3}(?:ed|ing)$/u.test(word) ? "" : stem(word)));
  return attributeOf(nouns, (index) => {
    const next = words[index + 1];
    if (next === undefined || isHeadWord(next) || !isNoun(next)) return false;
    return new RegExp(`(?<![\\p{L}\\p{N}])${words[index]}\\s+${next}(?![\\p{L}\\p{N}])`, "u").test(text);
  });
}
