/**
 * How much work two processes get done on this machine against one, for two kinds of work:
 * arithmetic alone, and the allocation-heavy kind a JSON API does (objects built, serialised,
 * parsed, put in maps). It bounds what a second HTTP process can add: a lone Node process also
 * runs its garbage collector's helper threads on an idle core, and two processes share the cores
 * for everything. Printed beside the load test's RAG_WORKERS=2 / RAG_WORKERS=1 ratio.
 *
 *   node --import tsx evaluation/bench-cores.ts [seconds]
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export interface CoreScaling {
  /** Work of two processes at once over the work of one alone, arithmetic only. */
  compute: number;
  /** The same for allocation-heavy work (JSON and Map churn). */
  allocation: number;
}

const workloads = {
  compute: `let x = 0; const a = new Float64Array(65536);
    step = () => { for (let i = 0; i < 100000; i++) { x += Math.sqrt(i * 1.0001); a[i & 65535] = x; } };`,
  allocation: `const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, text: "passage " + i + " of some words", score: i / 7 }));
    step = () => { const parsed = JSON.parse(JSON.stringify({ rows })); const map = new Map();
      for (const row of parsed.rows) map.set(row.text.toLowerCase(), row.score); };`,
} as const;

/** Runs one workload for `seconds` in a child process and returns how many steps it did. */
async function steps(workload: keyof typeof workloads, seconds: number): Promise<number> {
  const script = `let step; ${workloads[workload]}
    const end = Date.now() + ${Math.round(seconds * 1000)}; let n = 0;
    while (Date.now() < end) { step(); n++; }
    console.log(n);`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--eval", script], {
    timeout: seconds * 1000 + 30_000,
  });
  return Number.parseInt(stdout.trim(), 10);
}

/** Two processes' steps over one process's, for each workload, measured one after the other. */
export async function measureCoreScaling(seconds = 4): Promise<CoreScaling> {
  const ratio = async (workload: keyof typeof workloads) => {
    const alone = await steps(workload, seconds);
    const pair = await Promise.all([steps(workload, seconds), steps(workload, seconds)]);
    return Math.round(((pair[0] + pair[1]) / alone) * 100) / 100;
  };
  return { compute: await ratio("compute"), allocation: await ratio("allocation") };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number.parseFloat(process.argv[2] ?? "4");
  const scaling = await measureCoreScaling(seconds);
  console.log(`two processes / one, arithmetic:       ×${scaling.compute}`);
  console.log(`two processes / one, allocation-heavy: ×${scaling.allocation}`);
}
