/**
 * Audit wall time against the number of claims with distinct cited sets, in one question
 * part, with the fake Jev server answering every request after a fixed latency.
 *
 *   node --import tsx evaluation/bench-audit.ts
 *
 * Target: wall time ≤ 1.2 × one request's latency for N ≤ 8 (requests run concurrently).
 */
import { pathToFileURL } from "node:url";
import { createJevAuditor } from "@audited-rag/jev";
import { startFakeJevServer } from "../tests/support/fake-jev-server";

export interface AuditLatencyOptions {
  claimCounts?: number[];
  /** Fixed server-side latency of every request. */
  latencyMs?: number;
  /** Timed runs per claim count; the median is reported. */
  runs?: number;
  maxInFlightPerPart?: number;
}

export interface AuditLatencyResult {
  claims: number;
  latencyMs: number;
  /** Median audit wall time. */
  wallMs: number;
  /** What N requests one after another would take. */
  sequentialMs: number;
  /** wallMs ÷ one request's latency. */
  ratio: number;
}

/** Measures `audit()` wall time for each claim count; each claim cites its own passage. */
export async function measureAuditLatency(options: AuditLatencyOptions = {}): Promise<AuditLatencyResult[]> {
  const { claimCounts = [1, 4, 8], latencyMs = 300, runs = 5, maxInFlightPerPart } = options;
  const server = await startFakeJevServer({ handler: () => ({ delayMs: latencyMs }) });
  const auditor = createJevAuditor({
    apiKey: "bench-key",
    baseUrl: server.url,
    budgetMs: Math.max(5000, latencyMs * 4),
    ...(maxInFlightPerPart ? { maxInFlightPerPart } : {}),
  });
  const auditOnce = async (claims: number) => {
    const passages = Array.from({ length: claims }, (_, index) => ({ id: index + 1, text: `Passage ${index + 1}.` }));
    const part = {
      index: 0,
      claims: passages.map((passage) => ({
        id: `c${passage.id}`,
        text: `Claim ${passage.id}.`,
        citations: [passage.id],
      })),
      passages,
    };
    const started = performance.now();
    const outcome = await auditor.audit({ mode: "observe", parts: [part] });
    const wallMs = performance.now() - started;
    if (outcome.claims.some((claim) => claim.audit.status !== "completed")) throw new Error("an audit was unavailable");
    return wallMs;
  };
  try {
    // Warm the keep-alive pool so the timed runs measure requests, not connection setup.
    await auditOnce(Math.max(...claimCounts));
    const results: AuditLatencyResult[] = [];
    for (const claims of claimCounts) {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) times.push(await auditOnce(claims));
      const wallMs = Math.round(median(times));
      results.push({
        claims,
        latencyMs,
        wallMs,
        sequentialMs: claims * latencyMs,
        ratio: Math.round((wallMs / latencyMs) * 100) / 100,
      });
    }
    return results;
  } finally {
    await auditor.close();
    await server.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const results = await measureAuditLatency();
  console.log("claims  wall ms  N × latency ms  ratio to one request");
  for (const result of results) {
    console.log(
      `${String(result.claims).padStart(6)}  ${String(result.wallMs).padStart(7)}  ${String(result.sequentialMs).padStart(14)}  ${result.ratio.toFixed(2)}×`,
    );
  }
  const worst = Math.max(...results.filter((result) => result.claims <= 8).map((result) => result.ratio));
  console.log(`\ntarget ≤ 1.20× for N ≤ 8: ${worst <= 1.2 ? "met" : "missed"} (worst ${worst.toFixed(2)}×)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
