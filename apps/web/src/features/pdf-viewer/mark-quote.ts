import type { ItemRange } from "./text-layer-match";

/**
 * Highlights quote ranges in pdf.js text-layer elements. A fully covered element gets the
 * class; a partly covered one has its text split so only the quoted part is marked. Text
 * goes in as text nodes, never as HTML.
 */
export function markQuote(textDivs: readonly HTMLElement[], ranges: readonly ItemRange[]): HTMLElement[] {
  const marks: HTMLElement[] = [];
  for (const range of ranges) {
    const div = textDivs[range.item];
    if (!div) continue;
    const text = div.textContent ?? "";
    if (range.start === 0 && range.end >= text.length) {
      div.classList.add("quote-highlight");
      marks.push(div);
      continue;
    }
    const mark = document.createElement("span");
    mark.className = "quote-highlight quote-highlight--part";
    mark.textContent = text.slice(range.start, range.end);
    div.replaceChildren(text.slice(0, range.start), mark, text.slice(range.end));
    marks.push(mark);
  }
  return marks;
}
