import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text and binary formats that shrink; images and fonts that are already compressed are left alone. */
const compressible = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".map",
  ".wasm",
  ".bcmap",
  ".pfb",
  ".icc",
  ".ttf",
  ".otf",
]);
// Below this size the headers of a compressed response outweigh the saving.
const minimumBytes = 1024;
// A variant is kept only when it saves at least this share of the bytes.
const minimumSaving = 0.1;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes the `.br` and `.gz` variants of every compressible file under `folder`; returns how many were written. */
export function precompressFolder(folder: string): number {
  let written = 0;
  for (const file of filesUnder(folder)) {
    if (!compressible.has(extname(file))) continue;
    const source = readFileSync(file);
    if (source.length < minimumBytes) continue;
    const variants = {
      br: brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gz: gzipSync(source, { level: 9 }),
    };
    for (const [extension, bytes] of Object.entries(variants)) {
      if (bytes.length > source.length * (1 - minimumSaving)) continue;
      writeFileSync(`${file}.${extension}`, bytes);
      written++;
    }
  }
  return written;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, once, at build
 * time, so the server sends them as they are (@fastify/static `preCompressed`) without
 * compressing per request. Brotli runs at its highest quality: the cost is paid once per build.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "audited-rag:precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
