import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { PageRef, PageRenderings } from "./dev-set-scoring";

const run = promisify(execFile);

/** Whether poppler's pdftotext can be run; the verbatim metric is "not measured" without it. */
export async function pdftotextAvailable(): Promise<boolean> {
  try {
    await run("pdftotext", ["-v"]);
    return true;
  } catch (error) {
    // Older poppler exits non-zero after printing its version; only a missing binary means "not installed".
    return (error as NodeJS.ErrnoException).code !== "ENOENT";
  }
}

/**
 * The independent judge of "verbatim on the cited page": poppler's text of each page, in its
 * default and `-layout` renderings (`pdftotext -f P -l P`), fetched once per page and kept.
 */
export class PopplerPages {
  private readonly cache = new Map<string, readonly string[]>();
  /** Pages pdftotext could not render, with its message. */
  readonly failures: string[] = [];

  /** `files` maps a library filename (as the ledger names it) to the PDF's path on disk. */
  constructor(
    private readonly files: ReadonlyMap<string, string>,
    private readonly available: boolean,
  ) {}

  /** Renders every page in `refs` not yet cached, a few at a time. */
  async load(refs: Iterable<PageRef>): Promise<void> {
    if (!this.available) return;
    const wanted = new Map<string, PageRef>();
    for (const ref of refs) {
      const key = keyOf(ref);
      if (!this.cache.has(key) && this.files.has(ref.filename)) wanted.set(key, ref);
    }
    const queue = [...wanted.entries()];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [key, ref] = next;
        const file = this.files.get(ref.filename) as string;
        const page = String(ref.page);
        try {
          const renderings = await Promise.all(
            [[], ["-layout"]].map(async (mode) => {
              const { stdout } = await run("pdftotext", [...mode, "-f", page, "-l", page, "-enc", "UTF-8", file, "-"], {
                maxBuffer: 16 * 1024 * 1024,
              });
              return stdout;
            }),
          );
          this.cache.set(key, renderings);
        } catch (error) {
          // A page past the end or a file poppler cannot read: nothing can be found on it.
          this.failures.push(`${ref.filename} p.${ref.page}: ${(error as Error).message.split("\n")[0]}`);
          this.cache.set(key, []);
        }
      }
    };
    await Promise.all([worker(), worker()]);
  }

  /** The lookup the scorer takes: undefined when pdftotext is missing or the page was not loaded. */
  readonly renderings: PageRenderings = (ref) => {
    if (!this.available) return undefined;
    // A file the eval did not ingest from disk cannot be cited by a dev-set answer; an empty page fails the check.
    if (!this.files.has(ref.filename)) return [];
    return this.cache.get(keyOf(ref));
  };
}

const keyOf = (ref: PageRef) => `${ref.filename}\u0000${ref.page}`;
