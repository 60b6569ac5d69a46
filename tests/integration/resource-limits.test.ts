import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentInfo } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPeakRssMb } from "../../evaluation/process-memory";
import { makeInflateBomb, makeTextBomb } from "../support/hostile-pdfs";
import { makeTextPdf } from "../support/make-pdf";
import { parseRawResponse, portOf, rawRequest } from "../support/raw-socket";
import { announcingPid, type ServerProcess, startServerProcess } from "../support/server-process";

// Attacks on a real server process over loopback HTTP; every loop is bounded in count and time.

const policyPages = [
  [
    "Customers may cancel their subscription within 30 days of purchase for a full refund.",
    "Refunds are paid to the original payment method within ten business days.",
  ],
];

async function upload(baseUrl: string, bytes: Uint8Array, filename: string, query = "?wait=true") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), filename);
  const response = await fetch(`${baseUrl}/api/documents${query}`, { method: "POST", body: form });
  const body = (await response.json()) as { document?: DocumentInfo; error?: { code: string; message: string } };
  return { status: response.status, headers: response.headers, body };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDirs: string[] = [];
async function tempDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `audited-rag-${prefix}-`));
  dataDirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe("700 uploads trickling one byte every 2 s", () => {
  let server: ServerProcess;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const dataDir = await tempDataDir("trickle");
    // The rate limit is off so that the concurrent-upload cap alone has to hold the line.
    server = await startServerProcess({
      env: { RAG_DATA_DIR: dataDir, RAG_UPLOAD_RATE_LIMIT: "0", RAG_MAX_CONCURRENT_UPLOADS: "4" },
      maxLifetimeMs: 120_000,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.stop();
  });

  it("leaves health and ask answering within 1 s, refuses uploads past the cap with 503 + Retry-After", async () => {
    const ready = await upload(server.url, await makeTextPdf(policyPages), "policy.pdf");
    expect(ready.status).toBe(201);

    const port = portOf(server.url);
    const answers = new Map<Socket, string>();
    const boundary = "trickle";
    const head =
      `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n`;
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n\r\n%PDF-1.7\n`;
    let sent = 0;
    // Opened in batches so the listen backlog is not the thing being tested.
    for (let batch = 0; batch < 7; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, () => {
          return new Promise<void>((resolve) => {
            const socket = connect(port, "127.0.0.1", () => {
              socket.write(head);
              resolve();
            });
            socket.on("data", (chunk: Buffer) => answers.set(socket, (answers.get(socket) ?? "") + chunk.toString()));
            socket.on("error", () => resolve());
            sockets.push(socket);
          });
        }),
      );
    }
    const trickle = setInterval(() => {
      const byte = body[sent % body.length] ?? "x";
      sent++;
      for (const socket of sockets) if (!socket.destroyed) socket.write(byte);
    }, 2_000);
    try {
      await wait(3_000);
      const probes: number[] = [];
      for (let probe = 0; probe < 4; probe++) {
        const health = await timed(() => fetch(`${server.url}/api/health`));
        expect(health.value.status).toBe(200);
        await health.value.json();
        probes.push(health.ms);
        const ask = await timed(() =>
          fetch(`${server.url}/api/ask`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ question: "How long do customers have to cancel?" }),
          }),
        );
        expect(ask.value.status).toBe(200);
        await ask.value.json();
        probes.push(ask.ms);
        await wait(1_000);
      }
      console.log(`health/ask latencies under the trickle (ms): ${probes.map((ms) => Math.round(ms)).join(", ")}`);
      expect(Math.max(...probes)).toBeLessThan(1_000);

      const statuses = [...answers.values()].map((raw) => parseRawResponse(raw));
      const busy = statuses.filter((response) => response.status === 503);
      // Four uploads hold the slots; every other one was refused at once instead of queueing.
      expect(busy.length).toBeGreaterThanOrEqual(700 - 4);
      expect(busy[0]?.headers).toMatch(/retry-after: \d+/i);
      expect(busy[0]?.body).toEqual({ error: { code: "SERVER_BUSY", message: expect.any(String) } });
    } finally {
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
    }
    // Closing the held uploads gives their slots back.
    await wait(300);
    const after = await upload(
      server.url,
      await makeTextPdf([["A second document about harbour cranes."]]),
      "cranes.pdf",
    );
    expect(after.status).toBe(201);
  }, 60_000);
});

describe("hostile PDFs against a real server", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({
      env: { RAG_DATA_DIR: await tempDataDir("bombs") },
      maxLifetimeMs: 180_000,
    });
  });
  afterAll(async () => server?.stop());

  it("refuses a 1 MB PDF that inflates to 1 GB with 422, server peak RSS staying under 600 MB", async () => {
    const bomb = await makeInflateBomb(1024 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    // The process that reads PDFs: the server itself, or with several processes the owner worker.
    const reader = announcingPid(server);
    const before = readPeakRssMb(reader);
    const refused = await upload(server.url, bomb, "bomb.pdf");
    const peak = readPeakRssMb(reader);
    console.log(`inflate bomb (${bomb.length} bytes): server peak RSS ${before} MB before, ${peak} MB after`);
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe("PDF_TOO_COMPLEX");
    expect(refused.body.error?.message).toMatch(/expand to more than 256 MB/);
    expect(peak).not.toBeNull();
    expect(peak as number).toBeLessThan(600);
    const listed = (await (await fetch(`${server.url}/api/documents`)).json()) as { documents: DocumentInfo[] };
    expect(listed.documents.filter((document) => document.status !== "failed")).toEqual([]);
  }, 60_000);

  it("refuses a 2 KB text bomb (one paragraph drawn 3,000 times) with 422 and stores nothing", async () => {
    const bomb = makeTextBomb({ pages: 1, drawsPerPage: 3_000 });
    expect(bomb.length).toBeLessThan(16 * 1024);
    const refused = await upload(server.url, bomb, "text-bomb.pdf");
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: "PDF_TOO_COMPLEX",
      message: expect.stringMatching(/Page 1 of this PDF holds more text than 200 passages/),
    });
    const listed = (await (await fetch(`${server.url}/api/documents`)).json()) as { documents: DocumentInfo[] };
    expect(listed.documents.filter((document) => document.filename === "text-bomb.pdf")).toEqual([]);
  }, 60_000);
});

describe("the error contract at the HTTP parser and router", () => {
  let server: ServerProcess;
  let port: number;
  beforeAll(async () => {
    server = await startServerProcess({
      env: {
        RAG_DATA_DIR: await tempDataDir("contract"),
        RAG_HEADERS_TIMEOUT_MS: "1500",
        RAG_UPLOAD_IDLE_TIMEOUT_MS: "1000",
        RAG_MAX_CONCURRENT_UPLOADS: "1",
      },
      maxLifetimeMs: 120_000,
    });
    port = portOf(server.url);
  });
  afterAll(async () => server?.stop());

  const contract = (code: string) => ({ error: { code, message: expect.any(String) } });

  it("431 for headers larger than the server accepts", async () => {
    const raw = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`,
    );
    const response = parseRawResponse(raw);
    expect(response.status).toBe(431);
    expect(response.body).toEqual(contract("HEADERS_TOO_LARGE"));
  });

  it("408 for headers that do not arrive within the headers timeout", async () => {
    const started = performance.now();
    const raw = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `, 10_000);
    const elapsed = performance.now() - started;
    const response = parseRawResponse(raw);
    expect(response.status).toBe(408);
    expect(response.body).toEqual(contract("REQUEST_TIMEOUT"));
    expect(elapsed).toBeLessThan(6_000);
  });

  it("408 UPLOAD_TIMEOUT for an upload that stops sending, which gives its slot back", async () => {
    const raw = await rawRequest(
      port,
      `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
        'Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7\n',
      10_000,
    );
    const response = parseRawResponse(raw);
    expect(response.status).toBe(408);
    expect(response.body).toEqual({ error: { code: "UPLOAD_TIMEOUT", message: expect.stringMatching(/stalled/) } });
    // The only upload slot is free again.
    const accepted = await upload(server.url, await makeTextPdf(policyPages), "after-stall.pdf");
    expect(accepted.status).toBe(201);
  });

  it("414 for an over-long path parameter", async () => {
    const response = await fetch(`${server.url}/api/documents/${"x".repeat(500)}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual(contract("URI_TOO_LONG"));
  });

  it("400 for a URL with broken percent-encoding", async () => {
    const raw = await rawRequest(
      port,
      `GET /api/documents/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    const response = parseRawResponse(raw);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: "INVALID_REQUEST", message: expect.stringMatching(/URL/) } });
  });

  it("400 for bytes that are not HTTP", async () => {
    const response = parseRawResponse(await rawRequest(port, "HELLO THERE\r\n\r\n"));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(contract("INVALID_REQUEST"));
  });

  it("413 with a true message for a 2 MB JSON body", async () => {
    const response = await fetch(`${server.url}/api/ask`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("BODY_TOO_LARGE");
    expect(body.error.message).toMatch(/1 MB/);
    expect(body.error.message).not.toMatch(/file|50 MB/i);
  });

  it("400 naming the forbidden key for __proto__ and constructor.prototype", async () => {
    for (const payload of ['{"question":"x","__proto__":{"admin":true}}', '{"constructor":{"prototype":{"a":1}}}']) {
      const response = await fetch(`${server.url}/api/ask`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: payload,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("INVALID_REQUEST");
      expect(body.error.message).toMatch(/forbidden key/);
      expect(body.error.message).not.toMatch(/not valid JSON/);
    }
  });

  it("logs a client that aborts an upload at info, without a stack", async () => {
    const before = server.output().stdout.length;
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
            'Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n' +
            `%PDF-1.7\n${"x".repeat(5_000)}`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    let logged = "";
    for (let attempt = 0; attempt < 40 && !logged.includes("the client closed the request"); attempt++) {
      await wait(50);
      logged = server.output().stdout.slice(before);
    }
    const lines = logged
      .split("\n")
      .filter((line) => line.trim().startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    const abort = lines.find((line) => line.msg === "the client closed the request");
    expect(abort?.level).toBe(30);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged).not.toMatch(/"stack"/);
  });
});
