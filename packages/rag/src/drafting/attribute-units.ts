import { stem } from "./content-terms";
import { FIGURE } from "./value-figures";

/** A stemmed attribute noun ("capacity") and a pattern for a figure in one of its units ("625 Wh"). */
export interface Attribute {
  term: string;
  unit: RegExp;
  /** Money: a value of it is always stated in a currency, so a figure without one is another thing's. */
  monetary?: boolean;
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
];
const attributes: Attribute[] = table.flatMap(([nouns, unit]) =>
  nouns
    .split(" ")
    // "Fine" is also "fine-tuning": only the unambiguous money nouns demand a currency.
    .map((noun) => ({ term: stem(noun), unit, ...(unit === money && noun !== "fine" && { monetary: true }) })),
);

/** The first measured attribute among a question's stemmed terms, or null. */
export function attributeOf(questionTerms: string[]): Attribute | null {
  return attributes.find((attribute) => questionTerms.includes(attribute.term)) ?? null;
}

/** Whether `text` gives a figure in a unit of `attribute` ("between 3.5 and 5 bar" for pressure). */
export function measures(text: string, attribute: Attribute): boolean {
  return attribute.unit.test(text);
}
