import { crc32 } from "node:zlib";

/** Words a slip may fall on: seven lower-case letters or more, not part of a name, path or code. */
const slippable = /(?<![\w.-])[a-z]{7,}(?![\w.-])/g;

/**
 * The question as typed with one slip, for `npm run eval -- --typos`: its longest word of seven
 * lower-case letters or more (the first, of equals) has its two middle letters swapped, its middle
 * letter dropped or its middle letter doubled, which of the three set by the question's id, so
 * that every run types the same slips. A question with no such word stays as it is.
 */
export function withTypingSlip(question: string, id: string): string {
  const words = question.match(slippable) ?? [];
  const word = words.reduce<string | undefined>(
    (longest, next) => (next.length > (longest?.length ?? 0) ? next : longest),
    undefined,
  );
  if (word === undefined) return question;
  const middle = Math.floor(word.length / 2);
  const kind = crc32(id) % 3;
  const slipped =
    kind === 0
      ? `${word.slice(0, middle - 1)}${word[middle]}${word[middle - 1]}${word.slice(middle + 1)}`
      : kind === 1
        ? `${word.slice(0, middle)}${word.slice(middle + 1)}`
        : `${word.slice(0, middle)}${word[middle]}${word.slice(middle)}`;
  const at = new RegExp(`(?<![\\w.-])${word}(?![\\w.-])`);
  return question.replace(at, slipped);
}
