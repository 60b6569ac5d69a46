import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { announcingPid, startServerProcess } from "../tests/support/server-process";
import { uploadOverHttp } from "./bench-ask";
import { readPeakRssMb, readTreePeakRssMb } from "./process-memory";

export interface ServerIngestMemory {
  pages: number;
  chunks: number;
  /** Upload with ?wait=true through loopback HTTP, as a user sees it. */
  uploadMs: number;
  pagesPerSecond: number;
  /**
   * Peak RSS of the process that ingests (the only one, or a cluster's owner worker), idle after
   * boot and after the ingest.
   */
  bootPeakRssMb: number | null;
  peakRssMb: number | null;
  /** Every server process's peak summed (a cluster's primary and workers); an upper bound. */
  allProcessesPeakRssMb: number | null;
}

/**
 * Peak RSS of the real server process (embedded defaults) ingesting one PDF: a fresh process,
 * one upload, VmHWM read before and after. Unlike an in-process figure, nothing else ran in it.
 * `env` adds settings (e.g. RAG_EXTRACT_WORKERS) to the server's defaults.
 */
export async function measureServerIngestMemory(
  file: string,
  env: Record<string, string> = {},
): Promise<ServerIngestMemory> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-bench-rss-"));
  const server = await startServerProcess({ env: { ...env, RAG_DATA_DIR: dataDir }, maxLifetimeMs: 10 * 60_000 });
  try {
    const owner = announcingPid(server);
    const bootPeakRssMb = readPeakRssMb(owner);
    const bytes = new Uint8Array(await readFile(file));
    const started = performance.now();
    const chunks = await uploadOverHttp(server.url, path.basename(file), bytes);
    const uploadMs = performance.now() - started;
    const listed = (await (await fetch(`${server.url}/api/documents`)).json()) as {
      documents: Array<{ pages: number }>;
    };
    const pages = listed.documents[0]?.pages ?? 0;
    return {
      pages,
      chunks,
      uploadMs: Math.round(uploadMs),
      pagesPerSecond: Math.round((pages * 10_000) / uploadMs) / 10,
      bootPeakRssMb,
      peakRssMb: readPeakRssMb(owner),
      allProcessesPeakRssMb: readTreePeakRssMb(server.child.pid),
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
