import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentInfo } from "@audited-rag/core";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOllama } from "../support/fake-ollama-server";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { runServerToExit, startServerProcess } from "../support/server-process";
import { startTestApp, type TestApp } from "../support/test-app";

const tempDirs: string[] = [];
const mounts: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `audited-rag-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  // Also reached when a test times out before its own clean-up runs.
  for (const mountPoint of mounts) {
    try {
      execFileSync("umount", ["-l", mountPoint], { stdio: "ignore" });
    } catch {
      // already unmounted
    }
  }
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

const pagesAbout = (topic: string, count: number) =>
  Array.from({ length: count }, (_, page) => [
    `${topic} section ${page + 1}. The ${topic} team reviews item ${page + 1} every quarter and records the outcome.`,
    `Each ${topic} review on page ${page + 1} lists owners, deadlines and the budget that was approved for it.`,
  ]);

async function uploadOverHttp(baseUrl: string, bytes: Uint8Array, filename: string, query = "?wait=true") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), filename);
  const response = await fetch(`${baseUrl}/api/documents${query}`, { method: "POST", body: form });
  return { status: response.status, body: (await response.json()) as { document: DocumentInfo } };
}

/** Rows that mention the document in any table with a document_id column, by table (documents excluded). */
function rowsOfDocument(databasePath: string, documentId: string): Record<string, number> {
  const database = new BetterSqlite3(databasePath, { readonly: true });
  try {
    const tables = database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as Array<{ name: string }>;
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      if (name === "documents") continue;
      let columns: Array<{ name: string }>;
      try {
        columns = database.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>;
      } catch {
        continue; // a virtual table whose module is not loaded in this connection (sqlite-vec)
      }
      if (!columns.some((column) => column.name === "document_id")) continue;
      const { n } = database.prepare(`SELECT count(*) AS n FROM "${name}" WHERE document_id = ?`).get(documentId) as {
        n: number;
      };
      counts[name] = n;
    }
    return counts;
  } finally {
    database.close();
  }
}

describe("a server killed during an ingest", () => {
  it("leaves no chunks, index rows or files of the unfinished document and shows it as failed", async () => {
    const ollama = await startFakeOllama();
    const dataDir = await tempDir("crash");
    const env = { RAG_DATA_DIR: dataDir, RAG_EMBEDDER: "ollama", OLLAMA_HOST: ollama.url };
    try {
      let server = await startServerProcess({ env, maxLifetimeMs: 60_000 });
      const kept = await uploadOverHttp(server.url, await makeTextPdf(pagesAbout("harbour", 3)), "kept.pdf");
      expect(kept.status).toBe(201);

      // Every embedding call now hangs long enough for the kill to land mid-ingest.
      ollama.setEmbedDelay(30_000);
      const slow = await uploadOverHttp(server.url, await makeTextPdf(pagesAbout("railway", 6)), "slow.pdf", "");
      expect(slow.status).toBe(202);
      const id = slow.body.document.id as string;
      const sha256 = slow.body.document.sha256 as string;
      for (let attempt = 0; ; attempt++) {
        const document = (await (await fetch(`${server.url}/api/documents/${id}`)).json()) as DocumentInfo;
        if (document.progress?.stage === "embedding") break;
        expect(document.status, "the ingest finished before it could be interrupted").toBe("processing");
        if (attempt > 100) throw new Error("the ingest never reached the embedding stage");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      server.child.kill("SIGKILL");
      expect((await server.exited).signal).toBe("SIGKILL");

      ollama.setEmbedDelay(0);
      server = await startServerProcess({ env, maxLifetimeMs: 60_000 });
      try {
        const failed = (await (await fetch(`${server.url}/api/documents/${id}`)).json()) as DocumentInfo;
        expect(failed.status).toBe("failed");
        expect(failed.error?.message).toEqual(expect.any(String));
        const listed = (await (await fetch(`${server.url}/api/documents`)).json()) as { documents: DocumentInfo[] };
        expect(listed.documents.map((document) => [document.filename, document.status]).sort()).toEqual([
          ["kept.pdf", "ready"],
          ["slow.pdf", "failed"],
        ]);

        const leftovers = rowsOfDocument(path.join(dataDir, "rag.sqlite"), id);
        expect(Object.keys(leftovers)).toContain("chunks");
        expect(
          Object.values(leftovers).every((count) => count === 0),
          JSON.stringify(leftovers),
        ).toBe(true);
        expect(await readdir(path.join(dataDir, "originals"))).toEqual([`${kept.body.document.sha256}.pdf`]);
        expect(existsSync(path.join(dataDir, "originals", `${sha256}.pdf`))).toBe(false);
        const temporary = existsSync(path.join(dataDir, "tmp")) ? await readdir(path.join(dataDir, "tmp")) : [];
        expect(temporary).toEqual([]);

        // The surviving document still answers, and the same bytes can be uploaded again.
        const answer = (await (
          await fetch(`${server.url}/api/ask`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ question: "How often does the harbour team review items?" }),
          })
        ).json()) as { ledger: Array<{ filename: string }> };
        expect(answer.ledger.length).toBeGreaterThan(0);
        expect(answer.ledger.every((entry) => entry.filename === "kept.pdf")).toBe(true);
        const again = await uploadOverHttp(server.url, await makeTextPdf(pagesAbout("railway", 6)), "slow.pdf");
        expect(again.status).toBe(201);
        expect(again.body.document.status).toBe("ready");
      } finally {
        await server.stop();
      }
    } finally {
      await ollama.close();
    }
  }, 40_000);
});

describe("the same file uploaded twice at once", () => {
  let test: TestApp;
  let url: string;
  beforeAll(async () => {
    test = await startTestApp();
    url = await test.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => test.close());

  it("makes one document", async () => {
    const bytes = await makeTextPdf(pagesAbout("library", 4));
    const responses = await Promise.all([
      uploadOverHttp(url, bytes, "first.pdf"),
      uploadOverHttp(url, bytes, "second.pdf"),
      uploadOverHttp(url, bytes, "third.pdf", ""),
    ]);
    const ids = new Set(responses.map((response) => response.body.document?.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.status === 201 || response.status === 202)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(2);
    const listed = (await (await fetch(`${url}/api/documents`)).json()) as { documents: DocumentInfo[] };
    expect(listed.documents).toHaveLength(1);
    const [document] = listed.documents;
    expect(document?.status).toBe("ready");
    const rows = rowsOfDocument(path.join(test.dataDir, "rag.sqlite"), document?.id ?? "");
    expect(rows.chunks).toBe(document?.chunks);
    expect(await readdir(path.join(test.dataDir, "originals"))).toHaveLength(1);
  });
});

describe("an unusable data folder", () => {
  it("stops the server at start with a readable message and no stack trace", async () => {
    // chmod does not stop root; a path under a regular file fails for every user.
    const parent = await tempDir("not-a-dir");
    const file = path.join(parent, "plain-file");
    await writeFile(file, "not a folder");
    for (const dataDir of [path.join(file, "data"), file]) {
      const result = await runServerToExit({ RAG_DATA_DIR: dataDir });
      expect(result.code, result.stderr).not.toBe(0);
      expect(result.stderr).toContain(file);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }
  }, 30_000);

  it.each(["originals", "tmp"])(
    "answers an upload with 507 when %s/ becomes a file, and recovers once it is a folder again",
    async (folder) => {
      const test = await startTestApp();
      try {
        const upload = async () => {
          const { payload, headers } = multipartFile(await makeTextPdf(pagesAbout("museum", 2)), "museum.pdf");
          return test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
        };
        const blocked = path.join(test.dataDir, folder);
        await rm(blocked, { recursive: true, force: true });
        await writeFile(blocked, "in the way");

        const refused = await upload();
        expect(refused.statusCode).toBe(507);
        expect(refused.json()).toEqual({ error: { code: "STORAGE_ERROR", message: expect.any(String) } });
        const listed = (await test.app.inject({ method: "GET", url: "/api/documents" })).json()
          .documents as DocumentInfo[];
        expect(listed.every((document) => document.status === "failed" && document.chunks === 0)).toBe(true);

        await rm(blocked);
        await mkdir(blocked);
        const accepted = await upload();
        expect(accepted.statusCode).toBe(201);
        expect(accepted.json().document.status).toBe("ready");
      } finally {
        await test.close();
      }
    },
  );
});

const canMountTmpfs = (() => {
  if (process.platform !== "linux") return false;
  try {
    const probe = execFileSync("mktemp", ["-d"]).toString().trim();
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
      execFileSync("umount", [probe], { stdio: "ignore" });
      return true;
    } finally {
      execFileSync("rmdir", [probe]);
    }
  } catch {
    return false;
  }
})();

describe("a full disk", () => {
  it.skipIf(!canMountTmpfs)(
    "fails the upload with a clear error, keeps the database intact and recovers once space is freed",
    async () => {
      // Without mount privileges a full disk cannot be simulated; the test is skipped (see evaluation/README.md).
      const mountPoint = await tempDir("full-disk");
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint]);
      mounts.push(mountPoint);
      let test: TestApp | undefined;
      try {
        const dataDir = path.join(mountPoint, "data");
        test = await startTestApp({ RAG_DATA_DIR: dataDir });
        const app = test.app;
        const upload = async (bytes: Uint8Array, filename: string) => {
          const { payload, headers } = multipartFile(bytes, filename);
          return app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
        };
        const first = await upload(await makeTextPdf(pagesAbout("forest", 2)), "forest.pdf");
        expect(first.statusCode).toBe(201);

        // Fill what is left, so the next upload's temp file or SQLite write hits ENOSPC.
        const filler = path.join(mountPoint, "filler");
        try {
          execFileSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=64k"], { stdio: "ignore" });
        } catch {
          // dd exits non-zero once the disk is full, which is the point.
        }
        const refused = await upload(await makeTextPdf(pagesAbout("river", 20)), "river.pdf");
        expect(refused.statusCode).toBe(507);
        expect(refused.json().error).toEqual({ code: "STORAGE_ERROR", message: expect.stringMatching(/disk space/) });

        await rm(filler);
        expect(await readdir(path.join(dataDir, "tmp"))).toEqual([]);
        const listed = (await app.inject({ method: "GET", url: "/api/documents" })).json().documents as DocumentInfo[];
        expect(listed.find((document) => document.filename === "forest.pdf")?.status).toBe("ready");
        expect(listed.filter((document) => document.status === "processing")).toEqual([]);
        const integrity = app.services.store.database.pragma("integrity_check", { simple: true });
        expect(integrity).toBe("ok");
        const retried = await upload(await makeTextPdf(pagesAbout("river", 20)), "river.pdf");
        expect(retried.statusCode).toBe(201);
      } finally {
        await test?.close();
        execFileSync("umount", ["-l", mountPoint]);
        mounts.splice(mounts.indexOf(mountPoint), 1);
      }
    },
    30_000,
  );
});

describe("the SQLite store", () => {
  it("runs in WAL mode with a busy timeout", async () => {
    const test = await startTestApp();
    try {
      const connection = test.app.services.store.database;
      expect(connection.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(connection.pragma("busy_timeout", { simple: true })).toBeGreaterThanOrEqual(1000);
      // WAL is a property of the file: another connection sees it too.
      const other = new BetterSqlite3(path.join(test.dataDir, "rag.sqlite"), { readonly: true });
      try {
        expect(other.pragma("journal_mode", { simple: true })).toBe("wal");
      } finally {
        other.close();
      }
    } finally {
      await test.close();
    }
  });
});
