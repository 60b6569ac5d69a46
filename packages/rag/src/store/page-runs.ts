import { StorageError } from "@audited-rag/core";
import type { PageLayout, PageText } from "./chunk-record";
import { packText, unpackText } from "./packed-text";
import { decodePageLayout, encodePageLayout } from "./page-layout-codec";

/**
 * Pages are stored in runs: pages 1–4 of a document in one row, 5–8 in the next, and so on. A run
 * packs into one brotli stream (running headers and a document's vocabulary are shared), and rows
 * of several pages fill the file's B-tree pages with less waste than rows of one page each. Part of
 * the schema: the run of a page is computed in SQL too, so changing this needs a migration.
 */
export const pagesPerRun = 4;

/** The run a page belongs to; page numbers start at 1. */
export function runOf(pageNumber: number): number {
  return Math.floor((pageNumber - 1) / pagesPerRun);
}

/** One page as a run holds it; the layout stays encoded (page-layout-codec.ts) until it is read. */
export interface RunPage {
  pageNumber: number;
  text: string;
  layout: string | null;
}

/** The values of one `page_runs` row. */
export interface PageRun {
  run: number;
  pages: Buffer;
}

/** A page as chunk rows are read against: its text, and its layout decoded on first use. */
export interface StoredPage {
  text: string;
  layout(): PageLayout | undefined;
}

/** The page as a run holds it, its layout encoded as `getPageLayout` will read it back. */
export function runPageOf(page: PageText): RunPage {
  const layout = page.blocks
    ? encodePageLayout({ headings: page.headings ?? [], blocks: page.blocks, runningLines: page.runningLines ?? [] })
    : null;
  return { pageNumber: page.pageNumber, text: page.text, layout };
}

/** Groups pages into packed runs; a page number given twice, or not a positive integer, is refused. */
export function packPageRuns(pages: readonly RunPage[]): PageRun[] {
  const runs = new Map<number, RunPage[]>();
  const seen = new Set<number>();
  for (const page of pages) {
    if (!Number.isInteger(page.pageNumber) || page.pageNumber < 1) {
      throw new StorageError(`Page number ${page.pageNumber} is not a positive integer.`);
    }
    if (seen.has(page.pageNumber)) throw new StorageError(`Page ${page.pageNumber} is given twice.`);
    seen.add(page.pageNumber);
    const run = runOf(page.pageNumber);
    runs.set(run, [...(runs.get(run) ?? []), page]);
  }
  return [...runs.entries()]
    .sort(([a], [b]) => a - b)
    .map(([run, members]) => ({
      run,
      pages: packText(JSON.stringify(members.map((page) => [page.pageNumber, page.text, page.layout]))),
    }));
}

/**
 * The pages of a run, as `packPageRuns` wrote them; anything else is a damaged row. Checked by hand:
 * a zod tuple schema costs more than unpacking the run, and asks read a run for every chunk's page.
 */
export function unpackPageRun(packed: unknown): RunPage[] {
  const json = unpackText(packed);
  let members: unknown;
  try {
    members = JSON.parse(json);
  } catch (error) {
    throw new StorageError("A stored page run is damaged.", { cause: error });
  }
  if (!Array.isArray(members)) throw new StorageError("A stored page run is damaged.");
  return members.map((member: unknown) => {
    if (!isRunMember(member)) throw new StorageError("A stored page run is damaged.");
    return { pageNumber: member[0], text: member[1], layout: member[2] };
  });
}

function isRunMember(value: unknown): value is [number, string, string | null] {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [pageNumber, text, layout] = value;
  return (
    Number.isInteger(pageNumber) &&
    pageNumber > 0 &&
    typeof text === "string" &&
    (layout === null || typeof layout === "string")
  );
}

/** The page of a run that chunk rows are read against. */
export function storedPage(page: RunPage): StoredPage {
  let layout: PageLayout | undefined;
  return {
    text: page.text,
    layout() {
      if (layout === undefined && page.layout !== null) layout = decodePageLayout(page.layout);
      return layout;
    },
  };
}
