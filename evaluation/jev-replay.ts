/**
 * Replays the eight synthetic Jev cases of evaluation/fixtures/jev-cases.json through the
 * auditor in observe mode, prints a table and writes a JSON report.
 *
 *   node --import tsx evaluation/jev-replay.ts --output evaluation/results/jev-smoke.json
 *        [--base-url URL] [--recorded evaluation/fixtures/jev-recorded.json]
 *
 * Live against TypeSafe when TYPESAFE_API_KEY is set, or against --base-url /
 * TYPESAFE_BASE_URL (key optional then); --recorded replays stored distributions offline.
 * Exit 0 when every label agrees and no audit is unavailable, 1 otherwise, 2 for usage errors.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type AuditRecord, type Distribution, distributionSchema } from "@audited-rag/core";
import {
  countUsage,
  DEFAULT_JEV_MODEL,
  DEFAULT_THRESHOLD,
  DEFAULT_TYPESAFE_BASE_URL,
  JevAuditor,
  type JevTransport,
  POLICY_VERSION,
  PROMPT_VERSION,
  TypeSafeJevTransport,
  topLabel,
} from "@audited-rag/jev";
import { z } from "zod";

const USAGE =
  "usage: node --import tsx evaluation/jev-replay.ts --output FILE [--base-url URL] [--recorded FILE]\n" +
  "  live needs TYPESAFE_API_KEY or a base URL (--base-url or TYPESAFE_BASE_URL); --recorded runs offline";

const expectedSchema = z.enum(["supported", "contradicted", "insufficient"]);
const casesSchema = z.object({
  cases: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      expected: expectedSchema,
      claim: z.string(),
      cited: z.array(z.string()).min(1),
      uncited: z.array(z.string()).default([]),
    }),
  ),
});
const recordedSchema = z.object({ model: z.string(), distributions: z.record(z.string(), distributionSchema) });
type ReplayCase = z.infer<typeof casesSchema>["cases"][number];

const LABEL_OF: Record<z.infer<typeof expectedSchema>, keyof Distribution> = {
  supported: "support",
  contradicted: "contradiction",
  insufficient: "insufficient",
};

class UsageError extends Error {}

function readArgs() {
  try {
    return parseArgs({
      options: { output: { type: "string" }, "base-url": { type: "string" }, recorded: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function options() {
  const values = readArgs();
  const { output, recorded } = values;
  if (!output) throw new UsageError("--output is required");
  const apiKey = process.env.TYPESAFE_API_KEY?.trim() || undefined;
  const explicitBaseUrl = values["base-url"] ?? (process.env.TYPESAFE_BASE_URL?.trim() || undefined);
  if (!recorded && !apiKey && !explicitBaseUrl) {
    throw new UsageError("set TYPESAFE_API_KEY, pass --base-url, or replay offline with --recorded");
  }
  const model = process.env.RAG_JEV_MODEL?.trim() || DEFAULT_JEV_MODEL;
  return { output, recorded, apiKey, baseUrl: explicitBaseUrl ?? DEFAULT_TYPESAFE_BASE_URL, model };
}

async function readRecorded(path: string): Promise<z.infer<typeof recordedSchema>> {
  let text: string;
  try {
    text = await readFile(resolve(path), "utf8");
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  return recordedSchema.parse(JSON.parse(text));
}

/** An in-process transport that answers every question with one stored distribution. */
function recordedTransport(caseId: string, model: string, distribution: Distribution): JevTransport {
  return {
    async systemOne(body) {
      const answers = Object.fromEntries(
        Object.keys(body.questions).map((name) => [name, { type: "choice", probabilities: distribution }]),
      );
      return { status: 200, requestId: `recorded-${caseId}`, body: { model, answers, usage: null } };
    },
    async listModels() {
      return { status: 200, models: [model] };
    },
    async close() {},
  };
}

async function auditCase(auditor: JevAuditor, replayCase: ReplayCase): Promise<AuditRecord> {
  const passages = [...replayCase.cited, ...replayCase.uncited].map((text, index) => ({ id: index + 1, text }));
  const citations = replayCase.cited.map((_, index) => index + 1);
  const outcome = await auditor.audit({
    mode: "observe",
    parts: [{ index: 0, claims: [{ id: replayCase.id, text: replayCase.claim, citations }], passages }],
  });
  const record = outcome.claims[0]?.audit;
  if (!record) throw new Error(`no audit record for ${replayCase.id}`);
  return record;
}

function formatDistribution(distribution: Distribution | null): string {
  if (!distribution) return "—";
  const shown = Object.entries(distribution)
    .filter(([, value]) => value >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([label, value]) => `${label} ${value.toFixed(2)}`);
  return shown.length > 0 ? shown.join("; ") : "all 0.00";
}

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
}

function publicUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.origin + parsed.pathname.replace(/\/$/, "");
  } catch {
    return "(invalid URL)";
  }
}

async function main(): Promise<number> {
  const settings = options();
  const fixtures = casesSchema.parse(
    JSON.parse(await readFile(new URL("./fixtures/jev-cases.json", import.meta.url), "utf8")),
  );
  const recorded = settings.recorded ? await readRecorded(settings.recorded) : undefined;
  const model = recorded?.model ?? settings.model;
  const live = recorded ? undefined : new TypeSafeJevTransport({ baseUrl: settings.baseUrl, apiKey: settings.apiKey });

  const started = performance.now();
  const results = [];
  try {
    for (const replayCase of fixtures.cases) {
      const distribution = recorded?.distributions[replayCase.id];
      if (recorded && !distribution)
        throw new UsageError(`${settings.recorded} has no distribution for ${replayCase.id}`);
      const transport = live ?? recordedTransport(replayCase.id, model, distribution as Distribution);
      const record = await auditCase(new JevAuditor({ transport, model }), replayCase);
      const top = record.distribution ? topLabel(record.distribution) : null;
      results.push({ ...replayCase, agreed: top === LABEL_OF[replayCase.expected], topLabel: top, record });
    }
  } finally {
    await live?.close();
  }
  const elapsedMs = Math.round(performance.now() - started);

  const records = results.map((result) => result.record);
  const totals = {
    cases: results.length,
    labelAgreement: results.filter((result) => result.agreed).length,
    unsupportedAcceptances: results.filter((r) => r.expected !== "supported" && r.record.suggestion === "keep").length,
    supportedWithholds: results.filter((r) => r.expected === "supported" && r.record.suggestion === "withhold").length,
    reviews: records.filter((record) => record.suggestion === "review").length,
    unavailable: records.filter((record) => record.status === "unavailable").length,
    elapsedMs,
    ...countUsage(records),
  };

  printTable([
    ["case", "expected", "distribution", "suggestion", "latency"],
    ...results.map((r) => [
      r.title,
      r.expected,
      r.record.status === "unavailable"
        ? `unavailable (${r.record.reason})`
        : formatDistribution(r.record.distribution),
      r.record.suggestion ?? "—",
      `${r.record.latencyMs} ms`,
    ]),
  ]);
  console.log(
    `\nlabel agreement ${totals.labelAgreement}/${totals.cases}; unsupported acceptances ${totals.unsupportedAcceptances}; ` +
      `supported withholds ${totals.supportedWithholds}; reviews ${totals.reviews}; unavailable ${totals.unavailable}; ` +
      `${totals.jevRequests} requests, ${totals.inputTokens} input / ${totals.outputTokens} output tokens; ${elapsedMs} ms`,
  );

  const report = {
    generatedAt: new Date().toISOString(),
    mode: recorded ? "recorded" : "live",
    source: recorded ? settings.recorded : publicUrl(settings.baseUrl),
    model,
    threshold: DEFAULT_THRESHOLD,
    policyVersion: POLICY_VERSION,
    promptVersion: PROMPT_VERSION,
    cases: results.map(({ id, title, expected, claim, agreed, topLabel: top, record }) => ({
      id,
      title,
      expected,
      claim,
      agreed,
      topLabel: top,
      record,
    })),
    totals,
  };
  await mkdir(dirname(resolve(settings.output)), { recursive: true });
  await writeFile(resolve(settings.output), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${settings.output}`);
  return totals.labelAgreement === totals.cases && totals.unavailable === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    }
  },
);
