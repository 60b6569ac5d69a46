import type { Line } from "@audited-rag/core";
import { listMarker } from "./list-markers";

/** One entry of a hanging list: its lines (`from` up to `to`) and the term it opens on. */
export interface HangingEntry {
  from: number;
  to: number;
  term: string;
}

/** How many entries, and wrapped or set-apart descriptions, make a hanging list rather than a few indented lines. */
const minEntries = 3;
const minDescriptionLines = 2;
/** The widest gap between two lines of one list, in the body's line pitches: a blank line between entries. */
const maxGapPitches = 2.2;
/** A gap wider than this many line pitches is a blank line. */
const blankLinePitches = 1.8;
/** How far right of the terms a description set below its term starts, at least, in ems (an RFC's glossary: three characters). */
const minIndentBelowEms = 1.5;
/** A term is a name or a few aliases ("left lmargin inner"), not a line of prose. */
const maxTermChars = 32;
const maxTermWords = 4;
/** The descriptions read as prose: on average at least this long. */
const minMeanDescriptionChars = 25;

/** Lines start in one column when their left edges are this close, in ems of the list's type. */
const aligned = (x: number, target: number, size: number) => Math.abs(x - target) <= size * 0.6;
const dotLeader = /(?:\.\s?){4,}/u;

/** Words a sentence of prose opens on, which no entry's term is. */
const proseOpeners = new Set(
  "the a an this that these those it its in on at for to of by with from as if when where while we you our there here each all some any no not but and or so see note".split(
    " ",
  ),
);
const opensProse = (word: string) => proseOpeners.has(word.toLowerCase().replace(/[^\p{L}]/gu, ""));

/**
 * A hanging list from line `from`: entries that open on a term at the left edge, each with its
 * description set in a column further right, wrapped lines starting at that column ("vmargin
 * top and bottom margin. … or" / "vmargin=⟨length⟩."). Option references and glossaries are set so; read as
 * a table, every wrapped line would become a row, and read as prose, the entries one paragraph.
 * A term too long for its column runs into the description ("hmarginratio horizontal margin
 * ratio …"): its first word is the term. Pure; undefined when the lines there are no such list.
 */
export function detectHangingList(
  lines: readonly Line[],
  texts: readonly string[],
  from: number,
  pitch: number,
  isHeading: (line: Line) => boolean,
): { to: number; entries: HangingEntry[] } | undefined {
  const first = lines[from];
  const termX = first?.segments[0]?.x0;
  if (first === undefined || termX === undefined) return undefined;
  const size = first.size;
  const near = (x: number, target: number) => aligned(x, target, size);
  // Where descriptions start: the first line, or a first line's segment, set well right of the terms.
  let descriptionX: number | undefined;
  const entries: HangingEntry[] = [];
  const descriptions: string[] = [];
  let descriptionLines = 0;
  // The entries whose description is set in the description column, on the term's line or below it.
  const setApart = new Set<number>();
  let at = from;
  for (; at < lines.length; at++) {
    const line = lines[at] as Line;
    const above = lines[at - 1];
    if (line.column !== first.column || isHeading(line)) break;
    const gap = above ? above.y - line.y : 0;
    if (at > from && above && (gap > pitch * maxGapPitches || line.y >= above.y)) break;
    const x0 = line.segments[0]?.x0 ?? 0;
    if (near(x0, termX)) {
      const entry = entryLine(line, texts[at] as string, termX, size, descriptionX);
      if (entry === undefined) break;
      // Entries may stand a blank line apart (two pitches), each term set apart from its description;
      // after a blank line, a line whose first word only looks like a term is prose.
      if (at > from && gap > pitch * blankLinePitches && entry.merged) break;
      if (entry.descriptionX !== undefined) {
        if (descriptionX === undefined) descriptionX = entry.descriptionX;
        descriptionLines++;
      }
      entries.push({ from: at, to: at + 1, term: entry.term });
      if (entry.descriptionX !== undefined) setApart.add(at);
      if (entry.description) descriptions.push(entry.description);
      continue;
    }
    const last = entries.at(-1);
    // A wrapped description is one run of prose; a line of several runs is a table's row. Set
    // below its term, a description may be indented less ("Claim Name" / "   The name portion …").
    // A bullet or number opens an item of a list of its own, not a description.
    if (
      last === undefined ||
      x0 < termX + size * minIndentBelowEms ||
      listMarker(texts[at] as string) !== undefined ||
      (line.segments.length > 1 && !sentenceSpaced(line))
    )
      break;
    if (descriptionX === undefined) descriptionX = x0;
    else if (!near(x0, descriptionX)) break;
    last.to = at + 1;
    setApart.add(last.from);
    descriptionLines++;
    descriptions.push(texts[at] as string);
  }
  if (
    entries.length < minEntries ||
    descriptionLines < minDescriptionLines ||
    descriptions.length === 0 ||
    setApart.size < minEntries ||
    setApart.size * 2 < entries.length
  )
    return undefined;
  const meanChars = descriptions.reduce((sum, text) => sum + text.length, 0) / descriptions.length;
  if (meanChars < minMeanDescriptionChars) return undefined;
  return { to: (entries.at(-1) as HangingEntry).to, entries };
}

/** A gap after a sentence's or clause's end no wider than this many ems is justified prose's space, not a column's. */
const maxSentenceGapEms = 2.5;

/**
 * Whether a line's wide gaps all follow the end of a sentence or clause ("$(sysconfdir).
 * $(localstatedir) should …"): TeX sets extra space after a full stop, and justification stretches
 * it past the gap that parts a table's cells. Such a line is one run of prose.
 */
function sentenceSpaced(line: Line): boolean {
  return line.segments.every((segment, k) => {
    const next = line.segments[k + 1];
    return (
      next === undefined ||
      (/[.,;:!?]["')’”]*$/u.test(segment.text) && next.x0 - segment.x1 <= maxSentenceGapEms * line.size)
    );
  });
}

/**
 * An entry's first line: its term, and where and what its description is when the line holds
 * one. Undefined when the line opens on no term (a line of prose at the left edge).
 */
function entryLine(
  line: Line,
  text: string,
  termX: number,
  size: number,
  descriptionX: number | undefined,
): { term: string; description?: string; descriptionX?: number; merged?: boolean } | undefined {
  const set = line.segments.findIndex(
    (segment, k) =>
      k > 0 &&
      segment.x0 >= termX + size * 2 &&
      (descriptionX === undefined ? /\s/u.test(segment.text) : aligned(segment.x0, descriptionX, size)),
  );
  const termText = (set < 0 ? line.segments : line.segments.slice(0, set)).map((segment) => segment.text).join(" ");
  // A term ending in a full stop ends a sentence; dot leaders run a contents entry to its page.
  const isTerm = (text: string) =>
    text.length <= maxTermChars && text.split(/\s+/).length <= maxTermWords && !/\.$/u.test(text);
  if (dotLeader.test(text)) return undefined;
  if (isTerm(termText)) {
    if (set < 0) return { term: termText };
    // A description is one run; more runs right of the term are a table's cells.
    if (line.segments.length - set > 1) return undefined;
    const description = line.segments
      .slice(set)
      .map((segment) => segment.text)
      .join(" ");
    return { term: termText, description, descriptionX: (line.segments[set] as Line["segments"][number]).x0 };
  }
  // A term set apart, its description run up close to it ("top  tmargin top margin of the page.").
  const lead = line.segments[0]?.text ?? "";
  if (line.segments.length === 2 && isTerm(lead) && !opensProse(lead))
    return { term: lead, description: text.slice(lead.length).trim() };
  // The term ran into its description: one word of a name's shape, then prose.
  const merged = /^(\S{2,32})\s+(\S.*)$/u.exec(text);
  if (
    merged === null ||
    line.segments.length > 1 ||
    !/\p{L}/u.test(merged[1] as string) ||
    /[.,;:]$/u.test(merged[1] as string) ||
    opensProse(merged[1] as string)
  )
    return undefined;
  return { term: merged[1] as string, description: merged[2] as string, merged: true };
}
