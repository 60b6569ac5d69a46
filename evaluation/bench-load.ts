import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fetch as undiciFetch } from "undici";
import { defaultWorkers } from "../apps/server/src/config";
import { provisionAdminToken } from "../tests/support/provision-token";
import { startServerProcess } from "../tests/support/server-process";
import { uploadOverHttp } from "./bench-ask";
import { benchPageTexts, benchQuestions, makeBenchPdf } from "./bench-corpus";
import { type LatencySummary, summariseLatencies } from "./percentiles";
import { readTreeCpuSeconds, readTreePeakRssMb } from "./process-memory";
import { jsonPost, RawConnection } from "./raw-http-client";

export interface LoadResult {
  concurrency: number;
  /** RAG_WORKERS of the server under load. */
  workers: number;
  /** Whether login was on: every ask then carried a bearer token the server looked up. */
  auth: boolean;
  durationS: number;
  /** Seconds of the same load before the timed run, not counted but for errors (see `LoadOptions.warmupS`). */
  warmupS: number;
  pages: number;
  requests: number;
  /** Completed asks per second over the timed run. */
  throughput: number;
  /** Client-side latency of successful asks (queueing in the server included). */
  latencyMs: LatencySummary | null;
  /** `timings.totalMs` of the same responses: the time the ask itself took inside the server. */
  serverMs: LatencySummary | null;
  errors: number;
  /** Up to five distinct error descriptions with their counts. */
  errorKinds: Record<string, number>;
  /** Latency of `GET /api/health` probes sent every 100 ms on their own connection during the load. */
  healthMs: LatencySummary | null;
  healthErrors: number;
  /** Peak RSS (VmHWM) of the server process and its workers, summed, at the end of the run, ingest included; null off Linux. */
  serverPeakRssMb: number | null;
  /** Cores busy during the run: the server's processes together, and this load generator. */
  cores: { server: number | null; client: number };
}

export interface LoadOptions {
  concurrency?: number;
  durationS?: number;
  /**
   * Seconds of the same load sent before timing starts (default 5). A fresh server process
   * answers its first seconds of load about a third slower while V8 compiles its hot code;
   * the figures are about a server that has been running. Errors in this time still count.
   */
  warmupS?: number;
  /** Pages ingested before the load starts. */
  pages?: number;
  /** Login on (the default, as shipped): asks carry an API token. */
  auth?: boolean;
  /** RAG_WORKERS for the server; the machine's default when absent. */
  workers?: number;
  log?: (line: string) => void;
}

/**
 * Starts the real server process on a free loopback port with a temporary data folder, ingests
 * a generated corpus, then keeps `concurrency` asks in flight for `durationS` seconds.
 */
export async function runLoad(options: LoadOptions = {}): Promise<LoadResult> {
  const { concurrency = 50, durationS = 30, warmupS = 5, pages = 100, auth = true } = options;
  const workers = options.workers ?? defaultWorkers();
  const log = options.log ?? (() => {});
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-load-"));
  const server = await startServerProcess({
    // One loopback address stands in for every simulated user, so the per-user ask limit is off here.
    env: {
      RAG_DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      RAG_AUTH: auth ? "on" : "off",
      RAG_ASK_RATE_LIMIT: "0",
      RAG_WORKERS: String(workers),
    },
    maxLifetimeMs: (warmupS + durationS + 180) * 1000,
  });
  try {
    const credentials: Record<string, string> = auth
      ? { authorization: `Bearer ${await provisionAdminToken(server.url)}` }
      : {};
    const pageTexts: string[] = [];
    for (let seed = 101; pageTexts.length < pages; seed++) {
      const texts = benchPageTexts(seed, Math.min(50, pages - pageTexts.length));
      await uploadOverHttp(server.url, `load-${seed}.pdf`, await makeBenchPdf(texts), credentials);
      pageTexts.push(...texts);
    }
    const questions = benchQuestions(7, pageTexts, 500);
    log(
      `load: ${pages} pages ingested; ${concurrency} concurrent asks for ${warmupS} s untimed, then ${durationS} s timed, against ${server.url}, RAG_WORKERS=${workers}` +
        (auth ? " (login on, bearer token)" : " (login off)"),
    );

    const latencies: number[] = [];
    const serverTimes: number[] = [];
    const errorKinds: Record<string, number> = {};
    let errors = 0;
    const recordError = (kind: string) => {
      errors++;
      if (kind in errorKinds || Object.keys(errorKinds).length < 5) errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    };
    // One keep-alive connection per simulated client, opened by an untimed first round, so the
    // figures are not about connection setup; requests are prepared bytes (see RawConnection).
    const { hostname, port } = new URL(server.url);
    const connections = Array.from({ length: concurrency }, () => new RawConnection(hostname, Number(port)));
    const requests = questions.map((question) =>
      jsonPost(`${hostname}:${port}`, "/api/ask", { question }, credentials),
    );
    const ask = async (connection: RawConnection, index: number) => {
      const response = await connection.send(requests[index % requests.length] as Buffer, 30_000);
      // A success's server time comes from its Server-Timing header; only a failure's body is read.
      const timing = /\r\nserver-timing:[^\r]*total;dur=([\d.]+)/i.exec(response.head);
      return {
        status: response.status,
        body: response.status === 200 ? "" : response.body.toString("utf8"),
        totalMs: timing ? Number(timing[1]) : undefined,
      };
    };
    await Promise.all(connections.map((connection, index) => ask(connection, index)));

    const warmupEnds = performance.now() + warmupS * 1000;
    const deadline = warmupEnds + durationS * 1000;
    let started = warmupEnds;
    let serverCpuBefore: number | null = null;
    let clientCpuBefore = process.cpuUsage();
    const startTiming = setTimeout(
      () => {
        started = performance.now();
        serverCpuBefore = readTreeCpuSeconds(server.child.pid);
        clientCpuBefore = process.cpuUsage();
      },
      Math.max(0, warmupEnds - performance.now()),
    );
    // A monitor's probe: a fresh connection every 100 ms, as a load balancer or `curl` sends it.
    const healthTimes: number[] = [];
    let healthErrors = 0;
    const probe = async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const response = await undiciFetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
          await response.text();
          if (!response.ok) healthErrors++;
          else if (sent >= warmupEnds) healthTimes.push(performance.now() - sent);
        } catch {
          healthErrors++;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const probing = probe();
    const worker = async (offset: number) => {
      for (let index = offset; performance.now() < deadline; index += concurrency) {
        const sent = performance.now();
        try {
          const { status, body, totalMs } = await ask(connections[offset] as RawConnection, index);
          if (status !== 200) {
            recordError(`HTTP ${status} ${body.slice(0, 80)}`);
            continue;
          }
          if (sent < warmupEnds) continue;
          latencies.push(performance.now() - sent);
          if (typeof totalMs === "number") serverTimes.push(totalMs);
        } catch (error) {
          recordError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, offset) => worker(offset)));
    await probing;
    clearTimeout(startTiming);
    const elapsedS = (performance.now() - started) / 1000;
    const serverCpuAfter = readTreeCpuSeconds(server.child.pid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    for (const connection of connections) connection.close();
    return {
      concurrency,
      workers,
      auth,
      durationS: Math.round(elapsedS * 10) / 10,
      warmupS,
      pages,
      requests: latencies.length + errors,
      throughput: Math.round((latencies.length / elapsedS) * 10) / 10,
      latencyMs: latencies.length > 0 ? summariseLatencies(latencies) : null,
      serverMs: serverTimes.length > 0 ? summariseLatencies(serverTimes) : null,
      errors,
      errorKinds,
      healthMs: healthTimes.length > 0 ? summariseLatencies(healthTimes) : null,
      healthErrors,
      serverPeakRssMb: readTreePeakRssMb(server.child.pid),
      cores: {
        server:
          serverCpuBefore === null || serverCpuAfter === null
            ? null
            : Math.round(((serverCpuAfter - serverCpuBefore) / elapsedS) * 100) / 100,
        client: Math.round(((clientCpu.user + clientCpu.system) / 1e6 / elapsedS) * 100) / 100,
      },
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
