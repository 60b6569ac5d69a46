import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What the built web app is made from; a change to any of these needs a new build. */
export function webSources(root: string): string[] {
  return [
    path.join(root, "apps/web/index.html"),
    path.join(root, "apps/web/vite.config.ts"),
    path.join(root, "apps/web/pdfjs-assets-plugin.ts"),
    path.join(root, "apps/web/package.json"),
    path.join(root, "apps/web/src"),
    // The web app bundles the shared schemas and text functions.
    path.join(root, "packages/core/src"),
    path.join(root, "package-lock.json"),
    // The viewer's pdf.js worker is edited after install (scripts/patch-pdfjs.ts).
    path.join(root, "scripts/patch-pdfjs.ts"),
    path.join(root, "node_modules/pdfjs-dist/build/pdf.worker.min.mjs"),
  ];
}

/** Newest modification time (ms) under the given files and folders; tests beside the code do not count. */
export function newestModification(entries: string[]): number {
  let newest = 0;
  const visit = (entry: string) => {
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const child of readdirSync(entry)) visit(path.join(entry, child));
      return;
    }
    if (/\.test\.tsx?$/.test(entry)) return;
    newest = Math.max(newest, stats.mtimeMs);
  };
  for (const entry of entries) visit(entry);
  return newest;
}

/** Whether `apps/web/dist` is missing or older than any of its sources. */
export function webBuildIsStale(root: string): { stale: boolean; reason: string } {
  const built = path.join(root, "apps/web/dist/index.html");
  if (!existsSync(built)) return { stale: true, reason: "the web app has not been built yet" };
  const builtAt = statSync(built).mtimeMs;
  const changedAt = newestModification(webSources(root));
  return changedAt > builtAt
    ? { stale: true, reason: "its sources changed since the last build" }
    : { stale: false, reason: "the built web app is up to date" };
}
