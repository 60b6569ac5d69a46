import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../apps/server/src/app";
import { parseConfig } from "../apps/server/src/config";

const distDir = fileURLToPath(new URL("../apps/web/dist", import.meta.url));
/** What Chromium sends. */
const browserEncodings = "gzip, deflate, br, zstd";

export interface AssetTransfer {
  path: string;
  /** Body bytes as sent, plus the status line and headers. */
  wireBytes: number;
  encoding: string;
  cacheControl: string;
}

export interface FirstOpenResult {
  files: AssetTransfer[];
  /** Total wire bytes as a browser fetches them (brotli offered). */
  compressedBytes: number;
  /** The same files without compression (what was sent before they were precompressed). */
  identityBytes: number;
}

function fetchWire(url: string, acceptEncoding: string): Promise<AssetTransfer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let index = 0; index < response.rawHeaders.length; index += 2) {
        bytes += `${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}\r\n`.length;
      }
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        resolve({
          path: new URL(url).pathname,
          wireBytes: bytes,
          encoding: String(response.headers["content-encoding"] ?? "identity"),
          cacheControl: String(response.headers["cache-control"] ?? ""),
        });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/**
 * The viewer's first open: index.html and every script, stylesheet and worker of the build
 * (`assets/`: the app, the lazily loaded viewer chunk and pdf.js's worker), fetched over loopback
 * from the real server as a browser asks for them. The PDF itself and pdf.js's optional fonts and
 * CMaps (fetched only for PDFs that need them) are not counted. Null when the web app is not built.
 */
export async function measureFirstOpen(): Promise<FirstOpenResult | null> {
  if (!existsSync(path.join(distDir, "index.html"))) return null;
  const names = readdirSync(path.join(distDir, "assets")).filter((name) => /\.(m?js|css)$/.test(name));
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-assets-"));
  const app = await buildApp(parseConfig({ RAG_DATA_DIR: dataDir, LOG_LEVEL: "silent" }), { logger: false });
  try {
    const url = await app.listen({ host: "127.0.0.1", port: 0 });
    const paths = ["/", ...names.map((name) => `/assets/${name}`)];
    const files = await Promise.all(paths.map((file) => fetchWire(`${url}${file}`, browserEncodings)));
    const identity = await Promise.all(paths.map((file) => fetchWire(`${url}${file}`, "identity")));
    const sum = (list: AssetTransfer[]) => list.reduce((total, file) => total + file.wireBytes, 0);
    return { files, compressedBytes: sum(files), identityBytes: sum(identity) };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
