import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app";
import { parseConfig } from "../apps/server/src/config";
import { benchPageTexts, benchQuestions, makeBenchPdf } from "./bench-corpus";
import { type LatencySummary, summariseLatencies } from "./percentiles";

export interface AskOverheadResult {
  pages: number;
  chunks: number;
  asks: number;
  /** `timings.totalMs` of the responses: server time with no model or auditor call. */
  serverMs: LatencySummary;
  /** Wall time of `POST /api/ask` through loopback HTTP, as a client sees it. */
  httpMs: LatencySummary;
  /** Share of asks that produced at least one claim (so drafting and validation did run). */
  answeredShare: number;
}

export interface AskOverheadOptions {
  /** Cumulative corpus sizes in pages; each step adds documents to reach the next size. */
  sizes?: number[];
  asksPerSize?: number;
  warmupAsks?: number;
  /** Largest document; bigger steps are split into documents of this many pages. */
  pagesPerDocument?: number;
  /** Settings added to the server's environment, e.g. to measure without a cache. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/**
 * Measures the ask path on the embedded defaults (BM25 + extractive drafter, auditor off) at
 * growing corpus sizes, through the real app listening on loopback.
 */
export async function measureAskOverhead(options: AskOverheadOptions = {}): Promise<AskOverheadResult[]> {
  const { sizes = [10, 100, 1000], asksPerSize = 200, warmupAsks = 20, pagesPerDocument = 50 } = options;
  const log = options.log ?? (() => {});
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-ask-"));
  // Login off: this measures the answer engine, not sign-in (bench-load covers HTTP with a real server).
  const app = await buildApp(
    parseConfig({
      RAG_DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      RAG_AUTH: "off",
      RAG_ASK_RATE_LIMIT: "0",
      ...options.env,
    }),
    {
      logger: false,
    },
  );
  try {
    const url = await app.listen({ host: "127.0.0.1", port: 0 });
    const results: AskOverheadResult[] = [];
    const allPages: string[] = [];
    let chunks = 0;
    let seed = 1;
    for (const size of sizes) {
      while (allPages.length < size) {
        const pages = benchPageTexts(seed++, Math.min(pagesPerDocument, size - allPages.length));
        chunks += await uploadOverHttp(url, `bench-${seed}.pdf`, await makeBenchPdf(pages));
        allPages.push(...pages);
      }
      log(`ask: ${allPages.length} pages, ${chunks} chunks ingested; asking ${asksPerSize} questions`);
      const questions = benchQuestions(size, allPages, warmupAsks + asksPerSize);
      const server: number[] = [];
      const http: number[] = [];
      let answered = 0;
      for (const [index, question] of questions.entries()) {
        const started = performance.now();
        const response = await fetch(`${url}/api/ask`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ question }),
        });
        const body = (await response.json()) as {
          timings?: { totalMs: number };
          parts?: Array<{ claims: unknown[] }>;
        };
        const wall = performance.now() - started;
        if (!response.ok || !body.timings) throw new Error(`ask answered ${response.status}: ${JSON.stringify(body)}`);
        if (index < warmupAsks) continue;
        server.push(body.timings.totalMs);
        http.push(wall);
        if (body.parts?.some((part) => part.claims.length > 0)) answered++;
      }
      results.push({
        pages: allPages.length,
        chunks,
        asks: asksPerSize,
        serverMs: summariseLatencies(server),
        httpMs: summariseLatencies(http),
        answeredShare: Math.round((answered / asksPerSize) * 100) / 100,
      });
    }
    return results;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Uploads one PDF with ?wait=true and returns its chunk count; `headers` carry a bearer token when login is on. */
export async function uploadOverHttp(
  baseUrl: string,
  filename: string,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), filename);
  const response = await fetch(`${baseUrl}/api/documents?wait=true`, { method: "POST", body: form, headers });
  const body = (await response.json()) as { document?: { chunks: number; status: string } };
  if (!response.ok || body.document?.status !== "ready") {
    throw new Error(`upload of ${filename} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.document.chunks;
}
