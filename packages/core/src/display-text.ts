/**
 * Text as people read it, not as the PDF laid it out: a word broken at a line end
 * ("illus-\ntrated", or "illus- trated" once the break became a space) is joined, and single
 * line breaks reflow into spaces; paragraph breaks (a blank line) stay. Display only: the stored
 * page text keeps the hyphen and the break as printed, and quote matching joins a line-end break
 * the same way, so a displayed quote is still found on its page. Highlighting works on the
 * original characters, which is why every displayed character remembers where it came from.
 */

/** A run of displayed text; `highlighted` when its source lies inside the requested span. */
export interface DisplaySegment {
  text: string;
  highlighted: boolean;
}

const letter = /\p{L}/u;
const lowercaseLetter = /\p{Ll}/u;
const horizontalSpace = /[^\S\n\r]/u;
/** A hyphen before these words is a suspended compound ("pre- and post-war"), not a line break. */
const suspendedBefore = new Set(["and", "or", "nor", "to", "und", "oder", "et", "ou"]);

interface Run {
  end: number;
  breaks: number;
}

/** The whitespace run from `from`: where it ends and how many line breaks it holds. */
function whitespaceRun(text: string, from: number): Run {
  let end = from;
  let breaks = 0;
  while (end < text.length) {
    const ch = text[end] as string;
    if (ch === "\n") breaks++;
    else if (ch === "\r") {
      if (text[end + 1] !== "\n") breaks++;
    } else if (!horizontalSpace.test(ch)) break;
    end++;
  }
  return { end, breaks };
}

function wordAt(text: string, from: number): string {
  const match = /^\p{L}+/u.exec(text.slice(from, from + 12));
  return match ? match[0].toLowerCase() : "";
}

/** Displayed characters with the index of the original character each came from. */
export function displayTextMapped(text: string): { text: string; sources: number[] } {
  const out: string[] = [];
  const sources: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const previous = i > 0 ? (text[i - 1] as string) : "";
    if ((ch === "-" || ch === "\u00AD" || ch === "\u2010") && letter.test(previous)) {
      const run = whitespaceRun(text, i + 1);
      const next = text[run.end] ?? "";
      const spaced = run.end > i + 1;
      const broken = run.breaks === 1 || (run.breaks === 0 && spaced && !suspendedBefore.has(wordAt(text, run.end)));
      if (spaced && broken && lowercaseLetter.test(next)) {
        i = run.end;
        continue;
      }
    }
    if (ch === "\u00AD") {
      i++;
      continue;
    }
    if (ch === "\n" || ch === "\r" || horizontalSpace.test(ch)) {
      const run = whitespaceRun(text, i);
      if (run.breaks >= 2) {
        out.push("\n", "\n");
        sources.push(i, i);
      } else if (run.breaks === 1) {
        out.push(" ");
        sources.push(i);
      } else {
        for (let k = i; k < run.end; k++) {
          out.push(text[k] as string);
          sources.push(k);
        }
      }
      i = run.end;
      continue;
    }
    out.push(ch);
    sources.push(i);
    i++;
  }
  return { text: out.join(""), sources };
}

/** The text as displayed: reflowed, paragraph breaks kept. */
export function displayText(text: string): string {
  return displayTextMapped(text).text;
}

/**
 * The reflowed text split into runs, those whose original characters fall inside
 * `span` (offsets into `text`, end exclusive) marked as highlighted.
 */
export function displaySegments(text: string, span: { start: number; end: number } | null): DisplaySegment[] {
  const mapped = displayTextMapped(text);
  const segments: DisplaySegment[] = [];
  for (let k = 0; k < mapped.text.length; k++) {
    const source = mapped.sources[k] as number;
    const highlighted = span !== null && source >= span.start && source < span.end;
    const last = segments[segments.length - 1];
    if (last && last.highlighted === highlighted) last.text += mapped.text[k];
    else segments.push({ text: mapped.text[k] as string, highlighted });
  }
  return segments;
}
