import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentInfo } from "@audited-rag/core";
import { buildApp } from "../../../apps/server/src/app";
import { parseConfig } from "../../../apps/server/src/config";

const builtIndex = path.resolve("apps/web/dist/index.html");

export interface E2eServer {
  url: string;
  close(): Promise<void>;
  /** Uploads through the API and waits until ingest finished (`?wait=true`). */
  upload(bytes: Uint8Array, filename: string): Promise<DocumentInfo>;
}

/** Uploads through the API of the app at `url` and waits until ingest finished. */
export async function uploadTo(url: string, bytes: Uint8Array, filename: string): Promise<DocumentInfo> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), filename);
  const response = await fetch(`${url}/api/documents?wait=true`, { method: "POST", body: form });
  if (!response.ok) throw new Error(`upload failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { document: DocumentInfo }).document;
}

/** Deletes every document of the app at `url`, so a spec starts from an empty library. */
export async function clearLibrary(url: string): Promise<void> {
  const listed = (await (await fetch(`${url}/api/documents`)).json()) as { documents: DocumentInfo[] };
  for (const document of listed.documents) {
    const response = await fetch(`${url}/api/documents/${document.id}`, { method: "DELETE" });
    if (!response.ok) throw new Error(`delete failed with ${response.status}: ${await response.text()}`);
  }
}

/**
 * The real app on a loopback port and a fresh data folder, serving the built web app, for
 * specs that need settings of their own (the shared `webServer` runs the defaults).
 */
export async function startE2eServer(environment: Record<string, string> = {}): Promise<E2eServer> {
  if (!existsSync(builtIndex)) {
    throw new Error("apps/web/dist is missing: run `npm run build` (or `npm run test:e2e`, which builds first)");
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-e2e-"));
  // Login is off unless the suite asks for RAG_AUTH=on (see sign-in.ts for signing in through the page).
  const config = parseConfig({ RAG_DATA_DIR: dataDir, LOG_LEVEL: "silent", RAG_AUTH: "off", ...environment });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the server did not bind a TCP port");
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    upload: (bytes, filename) => uploadTo(url, bytes, filename),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Deletes every stored answer of the app at `url`, so a spec starts from an empty history. */
export async function clearHistory(url: string): Promise<void> {
  const response = await fetch(`${url}/api/answers`, { method: "DELETE" });
  if (response.status !== 204) throw new Error(`clearing the history failed with ${response.status}`);
}

/** How many answers the app at `url` has stored. */
export async function storedAnswerCount(url: string): Promise<number> {
  const body = (await (await fetch(`${url}/api/answers?limit=200`)).json()) as { answers: unknown[] };
  return body.answers.length;
}
