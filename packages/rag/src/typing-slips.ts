/**
 * Typing slips: a word with one letter added, dropped or changed, or two neighbouring letters
 * swapped ("temprature", "optimzation", "recieved"). Read by the answer engine (a question's slip
 * against the passages' word, and a page's against the question's) and by BM25 retrieval (a
 * question word the library never prints, against the words it does).
 */

/** Whether `b` is `a` with one letter added, dropped or changed, or two neighbours swapped, the first letter kept. */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b || a[0] !== b[0] || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length + restB.length <= 1) return true;
  if (restA.length === 1 && restB.length === 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}

const latinLetters = "abcdefghijklmnopqrstuvwxyz";

/**
 * Every word one slip from a lower-case word, its first letter kept: what `oneSlipApart` accepts,
 * written out over the letters a–z. About 54 words a letter: read where only a stem of the word
 * can be looked up (an index that keeps Porter stems: "custmers" is not one slip from "custom",
 * but "customers", one of its slips, stems to it).
 */
export function oneSlipVariants(word: string): Set<string> {
  const variants = new Set<string>();
  for (let at = 1; at <= word.length; at++) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    for (const letter of latinLetters) variants.add(head + letter + tail);
    if (at === word.length) continue;
    variants.add(head + tail.slice(1));
    for (const letter of latinLetters) variants.add(head + letter + tail.slice(1));
    if (tail.length > 1) variants.add(head + (tail[1] as string) + (tail[0] as string) + tail.slice(2));
  }
  variants.delete(word);
  return variants;
}
