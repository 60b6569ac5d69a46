import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent, fetch as undiciFetch } from "undici";
import { startServerProcess } from "../tests/support/server-process";
import { uploadOverHttp } from "./bench-ask";
import { benchPageTexts, benchQuestions, makeBenchPdf } from "./bench-corpus";
import { type LatencySummary, summariseLatencies } from "./percentiles";
import { readPeakRssMb } from "./process-memory";

export interface LoadPhaseResult {
  concurrency: number;
  durationS: number;
  requests: number;
  /** Completed asks per second over the whole phase. */
  throughput: number;
  /** Client-side latency of successful asks (queueing in the server included). */
  latencyMs: LatencySummary | null;
  /** `timings.totalMs` of the same responses: the time the ask itself took inside the server. */
  serverMs: LatencySummary | null;
  /** `GET /api/health` every 100 ms on a fresh connection (as a monitor probes) during the phase. */
  healthMs: LatencySummary | null;
  healthErrors: number;
  errors: number;
  /** Up to five distinct error descriptions with their counts. */
  errorKinds: Record<string, number>;
}

export interface LoadResult {
  workers: number;
  pages: number;
  phases: LoadPhaseResult[];
  /** Peak RSS of the server's primary process (VmHWM) at the end of the run; null off Linux. */
  serverPeakRssMb: number | null;
}

export interface LoadOptions {
  /** RAG_WORKERS of the server under test. */
  workers?: number;
  /** Concurrency levels, run one after another against the same server. */
  phases?: number[];
  durationS?: number;
  /** Pages ingested before the load starts. */
  pages?: number;
  log?: (line: string) => void;
}

/**
 * Starts the real server process (`RAG_WORKERS` as given) on a free loopback port with a temporary
 * data folder, ingests a generated corpus, then for each phase keeps `concurrency` asks in flight
 * for `durationS` seconds while probing health. The load comes from this process, which on a
 * small machine competes with the server for the same cores.
 */
export async function runLoad(options: LoadOptions = {}): Promise<LoadResult> {
  const { workers = 1, phases = [50], durationS = 30, pages = 100 } = options;
  const log = options.log ?? (() => {});
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-load-"));
  const server = await startServerProcess({
    env: { RAG_DATA_DIR: dataDir, LOG_LEVEL: "info", RAG_WORKERS: String(workers) },
    startTimeoutMs: 60_000,
    maxLifetimeMs: (durationS * phases.length + 240) * 1000,
  });
  try {
    const pageTexts: string[] = [];
    for (let seed = 101; pageTexts.length < pages; seed++) {
      const texts = benchPageTexts(seed, Math.min(50, pages - pageTexts.length));
      await uploadOverHttp(server.url, `load-${seed}.pdf`, await makeBenchPdf(texts));
      pageTexts.push(...texts);
    }
    const questions = benchQuestions(7, pageTexts, 500);
    const results: LoadPhaseResult[] = [];
    for (const concurrency of phases) {
      log(`load: RAG_WORKERS=${workers}, ${pages} pages; ${concurrency} concurrent asks for ${durationS} s`);
      results.push(await runPhase(server.url, questions, concurrency, durationS));
    }
    return { workers, pages, phases: results, serverPeakRssMb: readPeakRssMb(server.child.pid) };
  } finally {
    await server.stop(30_000);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function runPhase(
  url: string,
  questions: string[],
  concurrency: number,
  durationS: number,
): Promise<LoadPhaseResult> {
  const latencies: number[] = [];
  const serverTimes: number[] = [];
  const errorKinds: Record<string, number> = {};
  let errors = 0;
  const recordError = (kind: string) => {
    errors++;
    if (kind in errorKinds || Object.keys(errorKinds).length < 5) errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  // One connection per worker, opened by an untimed first round, so the figures are not about connection setup.
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 30_000 });
  const ask = (question: string) =>
    undiciFetch(`${url}/api/ask`, {
      dispatcher: agent,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question }),
      signal: AbortSignal.timeout(30_000),
    });
  await Promise.all(
    Array.from({ length: concurrency }, async (_, index) =>
      (await ask(questions[index % questions.length] as string)).text(),
    ),
  );

  const started = performance.now();
  const deadline = started + durationS * 1000;
  const health: number[] = [];
  let healthErrors = 0;
  const probe = async () => {
    while (performance.now() < deadline) {
      const probeAgent = new Agent({ connections: 1 });
      const sent = performance.now();
      try {
        const response = await undiciFetch(`${url}/api/health`, {
          dispatcher: probeAgent,
          signal: AbortSignal.timeout(10_000),
        });
        await response.text();
        if (response.ok) health.push(performance.now() - sent);
        else healthErrors++;
      } catch {
        healthErrors++;
      } finally {
        await probeAgent.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const worker = async (offset: number) => {
    for (let index = offset; performance.now() < deadline; index += concurrency) {
      const sent = performance.now();
      try {
        const response = await ask(questions[index % questions.length] as string);
        const body = await response.text();
        if (!response.ok) {
          recordError(`HTTP ${response.status} ${body.slice(0, 80)}`);
          continue;
        }
        latencies.push(performance.now() - sent);
        const totalMs = (JSON.parse(body) as { timings?: { totalMs?: number } }).timings?.totalMs;
        if (typeof totalMs === "number") serverTimes.push(totalMs);
      } catch (error) {
        recordError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      }
    }
  };
  await Promise.all([probe(), ...Array.from({ length: concurrency }, (_, offset) => worker(offset))]);
  const elapsedS = (performance.now() - started) / 1000;
  await agent.close();
  return {
    concurrency,
    durationS: Math.round(elapsedS * 10) / 10,
    requests: latencies.length + errors,
    throughput: Math.round((latencies.length / elapsedS) * 10) / 10,
    latencyMs: latencies.length > 0 ? summariseLatencies(latencies) : null,
    serverMs: serverTimes.length > 0 ? summariseLatencies(serverTimes) : null,
    healthMs: health.length > 0 ? summariseLatencies(health) : null,
    healthErrors,
    errors,
    errorKinds,
  };
}
