/**
 * `postinstall`: mends how pdf.js reads Type 1 fonts whose ToUnicode map leaves codes out.
 *
 * Some TeX tool chains (dvipdfmx, for one) embed Computer Modern with a ToUnicode map of a few
 * entries. pdf.js then trusts the map alone (`adjustType1ToUnicode` returns early), so every code
 * the map leaves out (the fi and fl ligatures, curly quotes, dashes) is read as a control or stray
 * character: "speci ed", a backslash for an opening quote. poppler fills those gaps from the glyph
 * names of the font's own encoding, and so does pdf.js after this edit; the codes the map gives
 * keep its reading. The problem is reported upstream as pdf.js issue 12237.
 *
 * The edit is made in the four worker builds (the server reads with the legacy one, the browser's
 * viewer with the modern minified one, so a quote and its highlight read the same text). It is
 * idempotent, and it fails loudly when a pdf.js upgrade changes the function, so the edit is
 * looked at again rather than silently lost.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The worker builds pdf.js ships, relative to its package folder. */
export const workerBuilds = [
  "legacy/build/pdf.worker.mjs",
  "legacy/build/pdf.worker.min.mjs",
  "build/pdf.worker.mjs",
  "build/pdf.worker.min.mjs",
];

/** The function's signature, its early return on a ToUnicode map of the PDF's own, and its loop over the font's encoding. */
const functionStart = /function adjustType1ToUnicode\((\w+),\s*(\w+)\)\s*\{/;
const earlyReturn = /if\s*\((\w+)\.hasIncludedToUnicodeMap\)\s*(?:\{\s*return;?\s*\}|return;)\s*/;
const loopHead = /for\s*\(const (\w+) in (\w+)\)\s*\{/;

export type PatchOutcome = "patched" | "already patched";

/**
 * Edits the source of one worker build. Throws when the function is not there in either its
 * original or its edited form.
 */
export function patchWorkerSource(source: string): { source: string; outcome: PatchOutcome } {
  const start = functionStart.exec(source);
  if (start === null) throw new Error("adjustType1ToUnicode was not found");
  const [signature, properties, encoding] = start as unknown as [string, string, string];
  const bodyAt = start.index + signature.length;
  // The function is short; its loop comes within a few hundred characters in every build.
  const body = source.slice(bodyAt, bodyAt + 1200);
  const guard = `if (${properties}.hasIncludedToUnicodeMap && ${properties}.toUnicode.has(+`;
  if (body.includes(guard)) return { source, outcome: "already patched" };
  const early = earlyReturn.exec(body);
  const loop = loopHead.exec(body);
  if (early === null || early[1] !== properties || loop === null || loop[2] !== encoding || loop.index < early.index) {
    throw new Error("adjustType1ToUnicode no longer has the shape this edit expects");
  }
  const code = loop[1] as string;
  const edited =
    body.slice(0, early.index) +
    body.slice(early.index + early[0].length, loop.index + loop[0].length) +
    `${guard}${code})) continue;` +
    body.slice(loop.index + loop[0].length);
  return { source: source.slice(0, bodyAt) + edited + source.slice(bodyAt + body.length), outcome: "patched" };
}

/** Edits every worker build under the pdf.js package folder; returns what was done to each. */
export function patchPdfjs(packageFolder: string): Array<{ file: string; outcome: PatchOutcome }> {
  return workerBuilds.map((file) => {
    const full = path.join(packageFolder, file);
    let result: ReturnType<typeof patchWorkerSource>;
    try {
      result = patchWorkerSource(readFileSync(full, "utf8"));
    } catch (error) {
      throw new Error(`pdfjs-dist ${file}: ${(error as Error).message}; see scripts/patch-pdfjs.ts`);
    }
    if (result.outcome === "patched") {
      // Written beside it and renamed over it: an interrupted install never leaves half a worker.
      writeFileSync(`${full}.patching`, result.source);
      renameSync(`${full}.patching`, full);
    }
    return { file, outcome: result.outcome };
  });
}

/** The installed pdfjs-dist package folder, as the server resolves it. */
export function pdfjsFolder(root: string): string {
  const require = createRequire(path.join(root, "package.json"));
  return path.dirname(require.resolve("pdfjs-dist/package.json"));
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
  const folder = pdfjsFolder(root);
  const version = (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version: string }).version;
  const results = patchPdfjs(folder);
  const patched = results.filter((result) => result.outcome === "patched").length;
  console.log(
    patched === 0
      ? `pdfjs-dist ${version}: its worker builds already fill ToUnicode gaps from the font's encoding.`
      : `pdfjs-dist ${version}: ${patched} of ${results.length} worker builds now fill ToUnicode gaps from the font's encoding.`,
  );
}
