import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { defaultCorpusDir } from "./eval-app";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const corpus = defaultCorpusDir(repoRoot);
const present = ["NIST.FIPS.197.pdf", "rfc7519.pdf"].every((file) => existsSync(path.join(corpus, file)));
if (!present) console.warn(`eval-run.test: ${corpus} lacks FIPS 197 / RFC 7519; skipping the end-to-end eval run.`);

describe.skipIf(!present)("npm run eval on the development fixture", () => {
  it("ingests, asks engine and baseline, and reports per category with the judge and the failures", async () => {
    const results = await mkdtemp(path.join(tmpdir(), "eval-run-"));
    try {
      const { stdout } = await run(
        process.execPath,
        [
          "--import",
          "tsx",
          "evaluation/eval.ts",
          "--dev-set",
          "evaluation/fixtures/dev-set-sample.json",
          "--json",
          "--results",
          results,
        ],
        { cwd: repoRoot, maxBuffer: 32 * 1024 * 1024 },
      );
      const report = JSON.parse(stdout);
      expect(report.run).toMatchObject({ questions: 7, documents: 2, pdftotext: true, goldProblems: [] });
      const { engine, baseline } = report.summary;
      expect(engine.overall.questions).toBe(7);
      expect(Object.keys(engine.categories)).toEqual([
        "table-list",
        "reworded",
        "two-fact",
        "number-definition",
        "unanswerable",
        "plain",
      ]);
      // The baseline always answers with one sentence of the top passage, so it never abstains.
      expect(baseline.overall.answered).toMatchObject({ successes: 5, total: 5 });
      expect(baseline.overall.abstainedOnUnanswerable).toMatchObject({ successes: 0, total: 2 });
      expect(baseline.overall.quotesVerbatim.total).toBe(7);
      expect(engine.overall.retrievalHasGold.total).toBe(5);
      expect(engine.overall.latencyMs.p95).toBeGreaterThan(0);

      const failures = JSON.parse(await readFile(path.join(results, "eval-failures.json"), "utf8"));
      const full = JSON.parse(await readFile(path.join(results, "eval-report.json"), "utf8"));
      const failing = full.engine.filter((outcome: { stage: string | null }) => outcome.stage !== null);
      expect(failures.map((failure: { id: string }) => failure.id)).toEqual(
        failing.map((outcome: { id: string }) => outcome.id),
      );
      const summary = await readFile(path.join(results, "eval-summary.md"), "utf8");
      expect(summary).toContain("| table-list | 1 | engine |");
    } finally {
      await rm(results, { recursive: true, force: true });
    }
  }, 120_000);
});
