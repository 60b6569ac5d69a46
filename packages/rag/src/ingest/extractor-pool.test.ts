import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PdfTooComplexError } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTextPdf } from "../../../../tests/support/make-pdf";
import { ExtractorPool } from "./extractor-pool";

const work = mkdtempSync(join(tmpdir(), "extractor-pool-"));
const paths: string[] = [];
beforeAll(async () => {
  for (const topic of ["alpha", "beta", "gamma"]) {
    const path = join(work, `${topic}.pdf`);
    writeFileSync(path, await makeTextPdf([[`The ${topic} report is filed every month.`]]));
    paths.push(path);
  }
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const at = (index: number) => paths[index] as string;

describe("ExtractorPool", () => {
  it("queues jobs beyond its size first come, first served, reporting how many wait ahead", async () => {
    const pool = new ExtractorPool({ size: 1 });
    try {
      const positions: number[][] = [[], [], []];
      const started: number[] = [];
      const jobs = [0, 1, 2].map((index) =>
        pool.extract(at(index), {
          timeoutMs: 20_000,
          onQueued: (ahead) => positions[index]?.push(ahead),
          onStarted: () => started.push(index),
        }),
      );
      expect(pool.idleWorkers).toBe(0);
      expect(pool.queued).toBe(2);
      const results = await Promise.all(jobs);
      expect(results.map((result) => result.pages[0]?.text)).toEqual([
        "The alpha report is filed every month.",
        "The beta report is filed every month.",
        "The gamma report is filed every month.",
      ]);
      expect(started).toEqual([0, 1, 2]);
      expect(positions).toEqual([[0], [0], [1, 0]]);
    } finally {
      await pool.close();
    }
  });

  it("runs up to its size at once", async () => {
    const pool = new ExtractorPool({ size: 2 });
    try {
      const started: number[] = [];
      const jobs = [0, 1, 2].map((index) =>
        pool.extract(at(index), { timeoutMs: 20_000, onStarted: () => started.push(index) }),
      );
      expect(started).toEqual([0, 1]);
      expect(pool.queued).toBe(1);
      await Promise.all(jobs);
      expect(pool.idleWorkers).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it("drops a waiting job whose signal aborts, and refuses files past the decoded-size cap", async () => {
    const bomb = join(work, "bomb.pdf");
    const data = deflateSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    writeFileSync(
      bomb,
      Buffer.concat([
        Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, "latin1"),
        data,
        Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
      ]),
    );
    const pool = new ExtractorPool({ size: 1, maxDecodedBytes: 1024 * 1024 });
    try {
      const controller = new AbortController();
      const running = pool.extract(bomb, { timeoutMs: 20_000 });
      const waiting = pool.extract(at(0), { timeoutMs: 20_000, signal: controller.signal });
      controller.abort(new Error("cancelled"));
      await expect(waiting).rejects.toThrow("cancelled");
      await expect(running).rejects.toBeInstanceOf(PdfTooComplexError);
      expect(pool.queued).toBe(0);
      expect(pool.idleWorkers).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
