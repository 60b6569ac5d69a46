import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, normalize } from "node:path";
import type { Plugin } from "vite";

/** pdfjs-dist folders the viewer fetches at run time (fonts, CMaps, colour profiles, image decoders). */
const assetFolders = ["standard_fonts", "cmaps", "iccs", "wasm"];
/** The PDF scripting engine is never enabled here, so its eval build is left out. */
const skipped = /^quickjs/;

function pdfjsRoot(): string {
  return dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
}

function listAssets(root: string): string[] {
  return assetFolders.flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => !skipped.test(name) && statSync(join(root, folder, name)).isFile())
      .map((name) => `${folder}/${name}`),
  );
}

/**
 * Ships pdfjs-dist's run-time assets under `pdfjs/` with stable names: pdf.js asks for
 * them by folder URL and file name, so they cannot go through Vite's hashed asset graph.
 * Everything stays same-origin, which the server's CSP requires.
 */
export function pdfjsAssets(): Plugin {
  const root = pdfjsRoot();
  return {
    name: "audited-rag:pdfjs-assets",
    configureServer(server) {
      server.middlewares.use("/pdfjs", (request, response, next) => {
        const relative = normalize(decodeURIComponent((request.url ?? "").split("?")[0] ?? "")).replace(/^\/+/, "");
        const folder = relative.split("/")[0] ?? "";
        if (!assetFolders.includes(folder) || relative.includes("..")) return next();
        const file = join(root, relative);
        try {
          if (!statSync(file).isFile()) return next();
        } catch {
          return next();
        }
        createReadStream(file).pipe(response);
      });
    },
    generateBundle() {
      for (const asset of listAssets(root)) {
        this.emitFile({ type: "asset", fileName: `pdfjs/${asset}`, source: readFileSync(join(root, asset)) });
      }
    },
  };
}
