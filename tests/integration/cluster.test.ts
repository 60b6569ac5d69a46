import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentInfo } from "@audited-rag/core";
import { PDFDocument } from "pdf-lib";
import { Agent, FormData, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerSemiSpaceMb } from "../../apps/server/src/cluster/worker-exec-argv";
import { RawConnection } from "../../evaluation/raw-http-client";
import { makeTextPdf } from "../support/make-pdf";
import { type ServerProcess, startServerProcess } from "../support/server-process";

/** Every request on a connection of its own, so the primary deals each one afresh (to the next worker, when none holds any). */
async function freshRequest(url: string, init: Parameters<typeof undiciFetch>[1] = {}) {
  const agent = new Agent({ connections: 1 });
  try {
    // A hang anywhere in the routing becomes a plain failure rather than a test timeout.
    const response = await undiciFetch(url, { signal: AbortSignal.timeout(20_000), ...init, dispatcher: agent });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
  } finally {
    await agent.close();
  }
}

/** A text PDF carrying a few MB of random bytes, so its upload body arrives in many reads. */
async function bulkyPdf(topic: string): Promise<Uint8Array> {
  const pages = Array.from({ length: 3 }, (_, page) => [
    `${topic} section ${page + 1}. The ${topic} crew inspects valve ${page + 7} every month and logs the pressure.`,
  ]);
  const document = await PDFDocument.load(await makeTextPdf(pages));
  await document.attach(randomBytes(3 * 1024 * 1024), "payload.bin", { mimeType: "application/octet-stream" });
  return document.save();
}

async function upload(url: string, bytes: Uint8Array, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), filename);
  return freshRequest(`${url}/api/documents?wait=true`, { method: "POST", body: form });
}

const sha256 = (bytes: Uint8Array | Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The owner's pid (it announces the address) and the relays' (each says it is ready), newest last. */
function workerPids(server: ServerProcess): { owners: number[]; relays: number[] } {
  const lines = server
    .output()
    .stdout.split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { pid: number; msg?: string });
  return {
    owners: lines.filter((line) => line.msg?.startsWith("Audited RAG workspace listening on")).map((line) => line.pid),
    relays: lines.filter((line) => line.msg?.startsWith("HTTP worker process")).map((line) => line.pid),
  };
}

const ask = (url: string, question: string) =>
  freshRequest(`${url}/api/ask`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ question }),
  });

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("RAG_WORKERS=2: a primary and two HTTP workers over one SQLite file", () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-cluster-"));
    server = await startServerProcess({
      // The ask limit is counted by the primary for both workers: 60 asks a minute from this address in all.
      env: { RAG_DATA_DIR: dataDir, RAG_WORKERS: "2", RAG_ASK_RATE_LIMIT: "60" },
      startTimeoutMs: 60_000,
      maxLifetimeMs: 280_000,
    });
  }, 70_000);
  afterAll(async () => {
    await server?.stop(20_000);
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("starts two HTTP workers on one port, the owner announcing it, and answers health from either", async () => {
    // The owner announces the address; the relay may finish booting a moment later.
    await until(() => workerPids(server).relays.length === 1, 30_000, "the relay to listen");
    const { owners, relays } = workerPids(server);
    expect(owners).toHaveLength(1);
    expect(relays).toHaveLength(1);
    expect(server.output().stdout).toContain("· processes 2");
    // The owner reads PDFs with a small nursery (worker-exec-argv.ts); the relay keeps V8's default.
    if (process.platform === "linux") {
      const commandLine = async (pid: number) => (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0");
      expect(await commandLine(owners[0] as number)).toContain(`--max-semi-space-size=${ownerSemiSpaceMb}`);
      expect((await commandLine(relays[0] as number)).some((arg) => arg.startsWith("--max-semi-space-size"))).toBe(
        false,
      );
    }
    const probes = await Promise.all(Array.from({ length: 4 }, () => freshRequest(`${server.url}/api/health`)));
    expect(probes.map((probe) => probe.status)).toEqual([200, 200, 200, 200]);
    for (const probe of probes) expect((probe.json() as { status: string }).status).toBe("ok");
  });

  it("deals a burst of keep-alive connections evenly between the workers, each staying on its worker", async () => {
    const { hostname, port } = new URL(server.url);
    const connections = Array.from({ length: 20 }, () => new RawConnection(hostname, Number(port)));
    const get = (target: string) => Buffer.from(`GET ${target} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n\r\n`);
    try {
      for (const round of [1, 2]) {
        const responses = await Promise.all(
          connections.map((connection, index) =>
            connection.send(get(`/api/config?connection=${index}&round=${round}`), 20_000),
          ),
        );
        expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
      }
    } finally {
      for (const connection of connections) connection.close();
    }
    // Which process logged each request: connection → round → pid.
    const served = () => {
      const byConnection = new Map<string, Map<string, number>>();
      for (const line of server.output().stdout.split("\n")) {
        const match = /"url":"\/api\/config\?connection=(\d+)&round=(\d)"/.exec(line);
        if (!match) continue;
        const rounds = byConnection.get(match[1] as string) ?? new Map<string, number>();
        rounds.set(match[2] as string, (JSON.parse(line) as { pid: number }).pid);
        byConnection.set(match[1] as string, rounds);
      }
      return byConnection;
    };
    await until(
      () => [...served().values()].every((rounds) => rounds.size === 2) && served().size === 20,
      10_000,
      "the request logs",
    );
    const perWorker = new Map<number, number>();
    for (const rounds of served().values()) {
      expect(new Set(rounds.values()).size).toBe(1);
      const pid = rounds.get("1") as number;
      perWorker.set(pid, (perWorker.get(pid) ?? 0) + 1);
    }
    expect([...perWorker.values()]).toEqual([10, 10]);
  });

  it("ingests uploads received by either worker, byte for byte, in the one owner", async () => {
    const pdfs = await Promise.all(["harbour", "railway", "orchard", "quarry"].map((topic) => bulkyPdf(topic)));
    const results = await Promise.all(pdfs.map((bytes, index) => upload(server.url, bytes, `bulky-${index}.pdf`)));
    for (const result of results) expect(result.status, result.text.slice(0, 200)).toBe(201);
    const documents = results.map((result) => (result.json() as { document: DocumentInfo }).document);
    expect(documents.map((document) => document.status)).toEqual(["ready", "ready", "ready", "ready"]);
    expect(documents.map((document) => document.sha256)).toEqual(pdfs.map((bytes) => sha256(bytes)));
    for (const document of documents) {
      const agent = new Agent({ connections: 1 });
      const file = await undiciFetch(`${server.url}/api/documents/${document.id}/file`, { dispatcher: agent });
      expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(document.sha256);
      await agent.close();
    }
    // Both workers received uploads (each request came on its own connection, dealt in turn).
    const uploadPids = new Set(
      server
        .output()
        .stdout.split("\n")
        .filter((line) => line.includes('"url":"/api/documents?wait=true"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect(uploadPids.size).toBe(2);

    // The same bytes sent to both workers at once give one document.
    const twice = await Promise.all([
      upload(server.url, pdfs[0] as Uint8Array, "again.pdf"),
      upload(server.url, pdfs[0] as Uint8Array, "again.pdf"),
    ]);
    expect(twice.map((result) => result.status)).toEqual([200, 200]);
    const listed = (await freshRequest(`${server.url}/api/documents`)).json() as { documents: DocumentInfo[] };
    expect(listed.documents).toHaveLength(4);
  }, 90_000);

  it("stores every answer given by any worker (no lost writes) and deletes through either worker", async () => {
    const asks = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        ask(
          server.url,
          `How often does the ${["harbour", "railway"][index % 2]} crew inspect valve ${7 + (index % 3)}?`,
        ),
      ),
    );
    expect(asks.map((ask) => ask.status)).toEqual(asks.map(() => 200));
    const ids = asks.map((ask) => (ask.json() as { id: string }).id);
    expect(new Set(ids).size).toBe(40);
    const stored = await Promise.all(ids.map((id) => freshRequest(`${server.url}/api/answers/${id}`)));
    expect(stored.map((answer) => answer.status)).toEqual(ids.map(() => 200));

    const listed = (await freshRequest(`${server.url}/api/documents`)).json() as { documents: DocumentInfo[] };
    const [first, second] = listed.documents;
    const deletes = await Promise.all(
      [first, second].map((document) =>
        freshRequest(`${server.url}/api/documents/${document?.id}`, { method: "DELETE" }),
      ),
    );
    expect(deletes.map((response) => response.status)).toEqual([204, 204]);
    const gone = await freshRequest(`${server.url}/api/documents/${first?.id}`);
    expect(gone.status).toBe(404);
  }, 60_000);

  it("replaces a relay that dies, and an owner that dies, then takes uploads again", async () => {
    const { owners, relays } = workerPids(server);
    process.kill(relays[0] as number, "SIGKILL");
    await until(() => server.output().stderr.includes("(relay) died"), 10_000, "the primary to notice the relay");
    await until(() => workerPids(server).relays.length === 2, 40_000, "a replacement relay");
    expect((await ask(server.url, "How often does the orchard crew inspect the valve?")).status).toBe(200);

    process.kill(owners[0] as number, "SIGKILL");
    await until(() => server.output().stderr.includes("(owner) died"), 10_000, "the primary to notice the owner");
    await until(() => workerPids(server).owners.length === 2, 40_000, "a replacement owner");
    // Uploads through both workers (fresh connections alternate) reach the new owner.
    const fresh = await Promise.all(["meadow", "canal"].map((topic) => bulkyPdf(topic)));
    const results = await Promise.all(fresh.map((bytes, index) => upload(server.url, bytes, `after-${index}.pdf`)));
    expect(results.map((result) => result.status)).toEqual([201, 201]);
    expect((await ask(server.url, "How often does the meadow crew inspect valve 7?")).status).toBe(200);
  }, 100_000);

  it("holds the ask limit across both workers and through their replacement", async () => {
    // 42 asks so far (40, then one after each replacement); fresh connections alternate between workers.
    let answered = 0;
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await ask(server.url, "How often does the canal crew inspect valve 8?");
      if (response.status === 429) {
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        break;
      }
      expect(response.status).toBe(200);
      answered++;
    }
    expect(answered).toBe(60 - 42);
  }, 60_000);

  it("shuts every process down on SIGTERM", async () => {
    const stderr = server.output().stderr;
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    expect(exit.code, stderr).toBe(0);
    // Every process that ever logged (owners, relays, their replacements) is gone.
    const pids = new Set([...server.output().stdout.matchAll(/"pid":(\d+)/g)].map((match) => Number(match[1])));
    expect(pids.size).toBeGreaterThanOrEqual(4);
    await until(() => [...pids].every((pid) => !alive(pid)), 5_000, "every process to exit");
  }, 40_000);
});
