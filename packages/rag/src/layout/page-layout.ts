import type { PageItems } from "@audited-rag/core";
import { buildRows, type Line, readingOrder, rowText } from "@audited-rag/core";
import { dominantSize, type LayoutState, layOutBlocks, type PageBlocks } from "./page-blocks";
import { findRunningLines, type PageLines } from "./running-lines";

/** One page as laid out: text, blocks and the running header/footer lines dropped from it. */
export interface LaidOutPage extends PageBlocks {
  pageNumber: number;
  /** Running headers and footers removed from this page's text, as printed. */
  runningLines: string[];
}

/** Rows in reading order for one page; the per-page half of layout, done as pages arrive. */
export function pageLines(page: PageItems): PageLines {
  return { height: page.height, lines: readingOrder(buildRows(page.items)) };
}

/**
 * The document-wide half: drops running headers and footers, then lays out each page's blocks
 * with headings and open lists carried from page to page. Pure.
 */
export function layOutPages(pages: readonly { pageNumber: number; lines: PageLines }[]): LaidOutPage[] {
  const running = findRunningLines(pages.map((page) => page.lines));
  const state: LayoutState = { headings: [], bodySize: dominantSize(pages.flatMap((page) => page.lines.lines)) };
  return pages.map((page, index) => {
    const drop = running[index] ?? new Set<number>();
    const kept: Line[] = [];
    const dropped: string[] = [];
    for (const [position, line] of page.lines.lines.entries()) {
      if (drop.has(position)) dropped.push(rowText(line.segments));
      else kept.push(line);
    }
    return { pageNumber: page.pageNumber, runningLines: dropped, ...layOutBlocks(kept, state) };
  });
}
