import { STOPWORDS } from "../answering/word-forms";

/**
 * A question typed in lower case ("what swag test accuracy did bert-base get?", "the mysql table
 * driver") with its acronyms and identifiers written as the passages print them ("SWAG", "BERT",
 * "MySQL", "ODBC"): a word the passages print at least twice as often in capitals or with a
 * capital inside it as otherwise, at least once so in a line of running text (a heading set in
 * capitals, "NOTE", names nothing), is such a word typed in lower case, and a name as it would be
 * typed as printed. A word printed with a capital only at its start ("Star", "Guile") may open a
 * sentence or a heading, so it counts as printed otherwise. The service reads only a question
 * with no capital at all so: a word typed in lower case beside capitals was meant so.
 */
export function withNamesAsPrinted(question: string, passages: ReadonlyArray<{ text: string }>): string {
  const words = new Set(question.match(/(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}\p{N}]+(?![\p{L}\p{N}])/gu) ?? []);
  let cased = question;
  for (const word of words) {
    if (STOPWORDS.has(word)) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, "giu");
    const printed = new Map<string, number>();
    let inText = false;
    let plain = 0;
    for (const passage of passages) {
      for (const match of passage.text.matchAll(pattern)) {
        const form = match[0];
        // In capitals ("ESA", "C2", "JWTs") or with a capital after a small letter ("MySQL"): a name. In lower
        // case, or capitalised at its start only: a word of the language, or a sentence's first.
        if ((/\p{Lu}/u.test(form) && !/\p{Ll}/u.test(form)) || /\p{Ll}\p{Lu}|^\p{Lu}{2,}s$/u.test(form)) {
          printed.set(form, (printed.get(form) ?? 0) + 1);
          const lineStart = passage.text.lastIndexOf("\n", match.index) + 1;
          const lineEnd = passage.text.indexOf("\n", match.index);
          if (/\p{Ll}/u.test(passage.text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd))) inText = true;
        } else plain++;
      }
    }
    const named = [...printed.values()].reduce((sum, count) => sum + count, 0);
    // Code and addresses print a name in lower case now and then ("mysql" in a driver string): most printings decide.
    if (!inText || named === 0 || named < 2 * plain) continue;
    const [form] = [...printed].sort((a, b) => b[1] - a[1])[0] as [string, number];
    cased = cased.replace(pattern, (typed) => (typed === word ? form : typed));
  }
  return cased;
}

/**
 * A question typed in lower case with its sentences opened by capitals ("my gp sessions keep
 * failing. which setting …" as "My gp sessions keep failing. Which setting …"), so that the
 * sentence that asks is read apart from the ones that set the scene. A full stop after a word of
 * one or two letters ("e.g.", "no.") or a usual abbreviation ends no sentence.
 */
export function withSentencesCapitalised(question: string): string {
  return question.replace(sentenceOpening, (_, lead: string, letter: string) => `${lead}${letter.toUpperCase()}`);
}
const sentenceOpening =
  /(^\s*|[?!]\s+|(?<!(?:^|[^\p{L}\p{N}])\p{L}{1,2}|\b(?:etc|vs|al|cf|approx|resp|incl|fig|eq|sec|ch))\.\s+)(\p{Ll})/gu;
