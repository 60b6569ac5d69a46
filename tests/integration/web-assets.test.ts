import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../apps/server/src/app";
import { parseConfig } from "../../apps/server/src/config";
import { precompressFolder } from "../../apps/web/precompress-plugin";
import { rawGet } from "../support/raw-get";

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word${index % 37}`))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${"<p>workspace</p>".repeat(100)}</body></html>`;

async function webRootWithAssets(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "audited-rag-web-"));
  await mkdir(path.join(root, "assets"));
  await mkdir(path.join(root, "pdfjs"));
  await writeFile(path.join(root, "index.html"), html);
  await writeFile(path.join(root, "assets", "index-abc123.js"), script);
  await writeFile(path.join(root, "assets", "tiny-def456.css"), "body{margin:0}");
  await writeFile(path.join(root, "pdfjs", "notes.json"), JSON.stringify({ text: "x".repeat(5000) }));
  precompressFolder(root);
  return root;
}

describe("web assets over HTTP", () => {
  let app: FastifyInstance;
  let url: string;
  let dataDir: string;
  let webRoot: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-web-data-"));
    webRoot = await webRootWithAssets();
    app = await buildApp(parseConfig({ RAG_DATA_DIR: dataDir, LOG_LEVEL: "silent" }), { logger: false, webRoot });
    url = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(webRoot, { recursive: true, force: true });
  });

  it("writes brotli and gzip variants of compressible files only", async () => {
    expect((await readdir(path.join(webRoot, "assets"))).sort()).toEqual([
      "index-abc123.js",
      "index-abc123.js.br",
      "index-abc123.js.gz",
      "tiny-def456.css",
    ]);
  });

  it("sends hashed assets brotli-compressed, immutable, varying on Accept-Encoding", async () => {
    const response = await rawGet(`${url}/assets/index-abc123.js`, { "accept-encoding": "gzip, deflate, br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.body).toString("utf8")).toBe(script);
  });

  it("falls back to gzip, then to the plain file", async () => {
    const gzip = await rawGet(`${url}/assets/index-abc123.js`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(script);
    const plain = await rawGet(`${url}/assets/index-abc123.js`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(script);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const small = await rawGet(`${url}/assets/tiny-def456.css`, { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString("utf8")).toBe("body{margin:0}");
  });

  it("revalidates index.html with an ETag, for the root and for app routes", async () => {
    for (const route of ["/", "/index.html", "/answers/some-answer"]) {
      const first = await rawGet(`${url}${route}`, { "accept-encoding": "br" });
      expect(first.status, route).toBe(200);
      expect(first.headers["cache-control"], route).toBe("no-cache");
      expect(first.headers["content-encoding"], route).toBe("br");
      expect(brotliDecompressSync(first.body).toString("utf8")).toBe(html);
      const etag = String(first.headers.etag);
      expect(etag).not.toBe("undefined");
      const again = await rawGet(`${url}${route}`, { "accept-encoding": "br", "if-none-match": etag });
      expect(again.status, route).toBe(304);
      expect(again.body.length).toBe(0);
    }
    const plain = await rawGet(`${url}/`, {});
    expect(plain.body.toString("utf8")).toBe(html);
    expect(plain.headers.etag).not.toBe((await rawGet(`${url}/`, { "accept-encoding": "br" })).headers.etag);
  });

  it("keeps files with stable names out of the immutable cache", async () => {
    const response = await rawGet(`${url}/pdfjs/notes.json`, { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });
});

const builtRoot = path.resolve("apps/web/dist");
describe.skipIf(!existsSync(path.join(builtRoot, "index.html")))("the real build", () => {
  it("ships a brotli variant of every script and stylesheet under assets/", async () => {
    const names = await readdir(path.join(builtRoot, "assets"));
    const sources = names.filter((name) => /\.(m?js|css)$/.test(name) && !name.endsWith(".map"));
    expect(sources.length).toBeGreaterThan(0);
    for (const name of sources) {
      const size = (await import("node:fs")).statSync(path.join(builtRoot, "assets", name)).size;
      if (size >= 1024) expect(names, name).toContain(`${name}.br`);
    }
  });
});
