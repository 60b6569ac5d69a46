/**
 * Numbers written in words, read as values, so "fourteen rounds" meets "Nr = 14". Written here
 * rather than taken from a package: words-to-numbers pulls in babel-runtime 6 and a fuzzy
 * matcher and is unmaintained, and compromise parses whole sentences, far too slow to run over
 * every candidate of every ask. Cardinals up to the billions and the common ordinals suffice.
 */
const units: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  dozen: 12,
  single: 1,
  twice: 2,
  once: 1,
  double: 2,
  half: 0.5,
};
const ordinals: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  fifteenth: 15,
  twentieth: 20,
  thirtieth: 30,
  hundredth: 100,
};
const scales: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };

const allWords = new Map<string, number>([
  ...Object.entries(units),
  ...Object.entries(ordinals),
  ...Object.entries(scales),
]);

/** The value of one number word ("fourteen", "first"), or null. */
export function numberWordValue(word: string): number | null {
  return allWords.get(word.toLowerCase()) ?? null;
}

/** The value of digits as printed ("1,000", "3.5", "14th"), or null. */
export function digitsValue(token: string): number | null {
  const match = /^(\d+(?:,\d{3})*(?:\.\d+)?)(?:st|nd|rd|th)?$/i.exec(token);
  if (match === null) return null;
  return Number.parseFloat((match[1] as string).replace(/,/g, ""));
}

/**
 * The value of a run of number words ("twenty one", "three hundred", "one thousand two
 * hundred"), or null when a word is not a number word.
 */
export function numberPhraseValue(words: string[]): number | null {
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  for (const word of words) {
    const lower = word.toLowerCase();
    const scale = scales[lower];
    const unit = units[lower] ?? ordinals[lower];
    if (scale !== undefined) {
      current = (current || 1) * scale;
      if (scale >= 1_000) {
        total += current;
        current = 0;
      }
    } else if (unit !== undefined) {
      current += unit;
    } else {
      return null;
    }
  }
  return total + current;
}

/** A value as a match key shared by digits and words: 14 → "#14". */
export const valueKey = (value: number) => `#${value}`;
