import { sectionNumber } from "../answering/infer-structure";
import { memoize } from "../memoize";
import { contentTerms } from "./content-terms";
import type { DraftPassage } from "./drafter";

/** Longer lines are text, not a running header or footer. */
const RUNNING_LINE_MAX_CHARS = 80;

/** A line with its page numbers blanked, so "Handbook, page 2" and "Handbook, page 3" meet. */
// Passages recur from ask to ask (retrieval returns the same chunks), and so do their lines.
export const lineShape: (line: string) => string = memoize(50_000, (line) =>
  line.trim().toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " "),
);

/** Table rows such as "AES-128 4 4 10" and "AES-192 6 4 12" also differ only in their figures. */
const mostlyLetters = (line: string) => {
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 2 && letters * 2 >= line.replace(/\s/g, "").length;
};

/** The lines of a text that could be running headers or footers, with their shapes; cached per text. */
const shortLines = memoize(4_000, (text) => {
  const lines: Array<[string, string]> = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    // A heading under a section number ("3.13.1. Purpose", "5.6.1. Purpose") recurs with other
    // numbers as a running line does with other page numbers, but says what its section is about.
    if (line.length > RUNNING_LINE_MAX_CHARS || !mostlyLetters(line) || sectionNumber.test(line)) continue;
    lines.push([line, lineShape(line)]);
  }
  return lines;
});

/**
 * The shapes of the running headers and footers among `passages`: short lines, mostly letters,
 * that recur in different passages with different page numbers, or in three passages or more.
 * Two overlapping chunks of one page share ordinary lines, so a plain repeat is not enough.
 */
export function runningLines(passages: DraftPassage[]): Set<string> {
  const seen = new Map<string, { passages: Set<number>; forms: Set<string> }>();
  for (const passage of passages) {
    for (const [line, shape] of shortLines(passage.text)) {
      const entry = seen.get(shape) ?? { passages: new Set<number>(), forms: new Set<string>() };
      entry.passages.add(passage.localId);
      entry.forms.add(line);
      seen.set(shape, entry);
    }
  }
  const shapes = [...seen].filter(
    ([, entry]) => entry.passages.size >= 3 || (entry.passages.size >= 2 && entry.forms.size >= 2),
  );
  return new Set(shapes.map(([shape]) => shape));
}

/**
 * For each passage (by local id), the terms that name the document it comes from: those of its
 * file name and of its running headers and footers, pooled over the passages of one document.
 * "How long can books be borrowed from the Orchard Valley Library?" is answered by "Books may
 * be borrowed for 21 days." on a page whose footer reads "Orchard Valley Library handbook".
 */
export function documentScope(passages: DraftPassage[], running = runningLines(passages)): Map<number, string[]> {
  const bySource = new Map<string, Set<string>>();
  const sourceOf = (passage: DraftPassage) => passage.source ?? `#${passage.localId}`;
  for (const passage of passages) {
    const terms = bySource.get(sourceOf(passage)) ?? new Set<string>();
    if (passage.source) for (const term of contentTerms(passage.source.replace(/\.pdf$/i, ""))) terms.add(term);
    for (const line of passage.text.split("\n")) {
      if (running.has(lineShape(line))) for (const term of contentTerms(line)) terms.add(term);
    }
    // Extraction leaves running lines out of the text and records them beside it.
    for (const line of passage.structure?.runningLines ?? []) for (const term of contentTerms(line)) terms.add(term);
    bySource.set(sourceOf(passage), terms);
  }
  return new Map(passages.map((passage) => [passage.localId, [...(bySource.get(sourceOf(passage)) ?? [])]]));
}
