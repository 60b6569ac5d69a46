/**
 * Runs the eight synthetic cases of evaluation/fixtures/jev-cases.json through this project's
 * own path (ledger → screening → prompt → transport → policy, in observe mode) against the
 * configured auditor, prints a table and writes a JSON report.
 *
 *   npm run jev:replay [-- --auditor jev|ollama] [--output FILE] [--base-url URL]
 *                         [--record] [--record-file FILE] [--recorded FILE]
 *
 * jev: TYPESAFE_BASE_URL (or --base-url) with TYPESAFE_API_KEY, RAG_JEV_MODEL. ollama:
 * OLLAMA_HOST, RAG_AUDIT_MODEL. RAG_AUDITOR picks the default auditor, RAG_JEV_THRESHOLD and
 * RAG_JEV_BUDGET_MS apply to both. `--record` saves the live distributions; `--recorded FILE`
 * replays only a recording this script wrote. Exit 0 when every label and screening
 * expectation agrees and no check is unavailable, 1 otherwise, 2 for usage errors.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { AnswerAuditor, AuditRecord } from "@audited-rag/core";
import {
  ClaimAuditor,
  countUsage,
  createOllamaAuditor,
  DEFAULT_BUDGET_MS,
  DEFAULT_JEV_MODEL,
  DEFAULT_OLLAMA_AUDIT_MODEL,
  DEFAULT_THRESHOLD,
  DEFAULT_TYPESAFE_BASE_URL,
  JevAuditor,
  POLICY_VERSION,
  TypeSafeJevTransport,
  topLabel,
} from "@audited-rag/jev";
import { z } from "zod";
import { percentile } from "./percentiles";
import { LABEL_OF, prepareCase, readCases } from "./replay-cases";
import {
  checkKey,
  RECORDING_MARKER,
  RecordedJudge,
  type Recording,
  readRecording,
  recordEntry,
} from "./replay-recording";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const USAGE =
  "usage: npm run jev:replay -- [--auditor jev|ollama] [--output FILE] [--base-url URL] [--record] [--record-file FILE] [--recorded FILE]";

class UsageError extends Error {}

function settings() {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      options: {
        auditor: { type: "string" },
        output: { type: "string" },
        "base-url": { type: "string" },
        record: { type: "boolean" },
        "record-file": { type: "string" },
        recorded: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const env = (name: string) => process.env[name]?.trim() || undefined;
  const auditor = z.enum(["jev", "ollama"]).safeParse(values.auditor ?? env("RAG_AUDITOR") ?? "jev");
  if (!auditor.success) throw new UsageError("--auditor must be jev or ollama");
  if (values.record && values.recorded)
    throw new UsageError("--record saves a live run; it cannot be combined with --recorded");
  const number = (name: string, fallback: number) => {
    const value = env(name);
    const parsed = value === undefined ? fallback : Number(value);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new UsageError(`${name} must be a positive number`);
    return parsed;
  };
  const kind = auditor.data;
  return {
    auditor: kind,
    output: resolve(String(values.output ?? resolve(ROOT, "evaluation/results", `jev-replay-${kind}.json`))),
    record: values.record === true || values["record-file"] !== undefined,
    recordFile: resolve(
      String(values["record-file"] ?? resolve(ROOT, "evaluation/results", `jev-recorded-${kind}.json`)),
    ),
    recorded: typeof values.recorded === "string" ? values.recorded : undefined,
    threshold: number("RAG_JEV_THRESHOLD", DEFAULT_THRESHOLD),
    budgetMs: number("RAG_JEV_BUDGET_MS", DEFAULT_BUDGET_MS),
    jev: {
      baseUrl: String(values["base-url"] ?? env("TYPESAFE_BASE_URL") ?? DEFAULT_TYPESAFE_BASE_URL),
      apiKey: env("TYPESAFE_API_KEY"),
      model: env("RAG_JEV_MODEL") ?? DEFAULT_JEV_MODEL,
    },
    ollama: {
      host: env("OLLAMA_HOST") ?? "http://127.0.0.1:11434",
      model: env("RAG_AUDIT_MODEL") ?? DEFAULT_OLLAMA_AUDIT_MODEL,
    },
  };
}
type Settings = ReturnType<typeof settings>;

function publicUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname.replace(/\/$/, "");
  } catch {
    return "(invalid URL)";
  }
}

async function loadRecording(path: string): Promise<Recording> {
  let recording: Recording | null;
  try {
    recording = await readRecording(resolve(path));
  } catch {
    throw new UsageError(`cannot read ${path} as JSON`);
  }
  if (!recording) {
    throw new UsageError(
      `${path} was not recorded by this script (no "${RECORDING_MARKER}" marker); record one with --record`,
    );
  }
  return recording;
}

function liveAuditor(config: Settings): { auditor: AnswerAuditor; endpoint: string } {
  const { threshold, budgetMs } = config;
  if (config.auditor === "ollama") {
    const auditor = createOllamaAuditor({ host: config.ollama.host, model: config.ollama.model, threshold, budgetMs });
    return { auditor, endpoint: publicUrl(config.ollama.host) };
  }
  const transport = new TypeSafeJevTransport({ baseUrl: config.jev.baseUrl, apiKey: config.jev.apiKey });
  const auditor = new JevAuditor({ transport, model: config.jev.model, threshold, budgetMs });
  return { auditor, endpoint: publicUrl(config.jev.baseUrl) };
}

/** The predecessor's figures, on their own texts: a comparison line, never our result. */
async function predecessorComparison(cases: Awaited<ReturnType<typeof readCases>>): Promise<string> {
  const text = await readFile(new URL("./fixtures/predecessor-jev-figures.json", import.meta.url), "utf8");
  const figures = z
    .object({
      model: z.string(),
      distributions: z.record(
        z.string(),
        z.object({ support: z.number(), contradiction: z.number(), insufficient: z.number() }),
      ),
    })
    .parse(JSON.parse(text));
  const agreed = cases.filter((c) => {
    const distribution = figures.distributions[c.id];
    return distribution !== undefined && topLabel(distribution) === LABEL_OF[c.expected];
  }).length;
  return `${agreed}/${cases.length} label agreement in the predecessor's own report (${figures.model}, its own fixture texts)`;
}

async function main(): Promise<number> {
  const config = settings();
  const cases = await readCases();
  const recording = config.recorded ? await loadRecording(config.recorded) : undefined;
  const live = recording ? undefined : liveAuditor(config);
  const auditor: AnswerAuditor =
    live?.auditor ??
    new ClaimAuditor({
      judge: new RecordedJudge(recording as Recording),
      threshold: config.threshold,
      budgetMs: config.budgetMs,
    });
  const endpoint = recording
    ? `recording ${relative(process.cwd(), resolve(config.recorded ?? ""))}`
    : (live?.endpoint ?? "");

  if (recording) {
    console.log(
      `REPLAYING A RECORDING, not a live run: ${config.recorded}, recorded ${recording.recordedAt} from ${recording.endpoint} (${recording.auditor}, ${recording.model}).`,
    );
  } else if (config.auditor === "jev" && !config.jev.apiKey && config.jev.baseUrl === DEFAULT_TYPESAFE_BASE_URL) {
    console.log(
      "No TYPESAFE_API_KEY: TypeSafe will refuse the checks (if it can be reached at all), so every case will be unavailable.",
    );
  }
  console.log(
    `auditor ${auditor.kind} · model ${auditor.model} · ${endpoint} · threshold ${config.threshold} (experimental, uncalibrated)\n`,
  );

  const started = performance.now();
  const results: Array<{ replayCase: (typeof cases)[number]; record: AuditRecord; flags: string[]; key: string }> = [];
  try {
    for (const replayCase of cases) {
      const prepared = prepareCase(replayCase);
      const outcome = await auditor.audit({ mode: "observe", parts: [prepared.part] });
      const record = outcome.claims[0]?.audit;
      if (!record) throw new Error(`no audit record for ${replayCase.id}`);
      const excerpts =
        prepared.part.claims[0]?.citations.map((id) => prepared.part.passages.find((p) => p.id === id)?.text ?? "") ??
        [];
      results.push({ replayCase, record, flags: prepared.citedFlags, key: checkKey(replayCase.claim, excerpts) });
    }
  } finally {
    await auditor.close();
  }
  const elapsedMs = Math.round(performance.now() - started);

  const rows = results.map(({ replayCase, record, flags }) => {
    const top = record.distribution ? topLabel(record.distribution) : null;
    const agreed = top === LABEL_OF[replayCase.expected];
    const screeningAgreed = (replayCase.screening === "flagged") === flags.length > 0;
    return { replayCase, record, flags, top, agreed, screeningAgreed };
  });
  const records = rows.map((row) => row.record);
  const latencies = records.filter((r) => r.checkId !== undefined).map((r) => r.latencyMs);
  const totals = {
    cases: rows.length,
    labelAgreement: rows.filter((row) => row.agreed).length,
    screeningAgreement: rows.filter((row) => row.screeningAgreed).length,
    unsupportedAcceptances: rows.filter((r) => r.replayCase.expected !== "supported" && r.record.suggestion === "keep")
      .length,
    supportedWithholds: rows.filter((r) => r.replayCase.expected === "supported" && r.record.suggestion === "withhold")
      .length,
    reviews: records.filter((record) => record.suggestion === "review").length,
    unavailable: records.filter((record) => record.status === "unavailable").length,
    latencyMs: { p50: latencies.length > 0 ? percentile(latencies, 0.5) : 0, max: Math.max(0, ...latencies) },
    elapsedMs,
    ...countUsage(records),
  };

  printTable([
    ["case", "expected", "distribution", "suggestion", "screening", "latency", "tokens"],
    ...rows.map(({ replayCase, record, flags }) => [
      replayCase.title,
      replayCase.expected,
      record.status === "unavailable"
        ? `unavailable (${record.detail?.cause ?? record.reason}${record.detail?.httpStatus ? ` ${record.detail.httpStatus}` : ""})`
        : formatDistribution(record.distribution),
      record.suggestion ?? "—",
      flags.length > 0 ? flags.join(", ") : "—",
      `${record.latencyMs} ms`,
      `${record.usage.inputTokens}/${record.usage.outputTokens}`,
    ]),
  ]);
  const comparison = await predecessorComparison(cases);
  console.log(
    `\n${recording ? "replayed recording" : "live run"}: label agreement ${totals.labelAgreement}/${totals.cases}; screening ${totals.screeningAgreement}/${totals.cases}; ` +
      `unsupported acceptances ${totals.unsupportedAcceptances}; supported withholds ${totals.supportedWithholds}; reviews ${totals.reviews}; unavailable ${totals.unavailable}; ` +
      `${totals.jevRequests} requests, ${totals.inputTokens} input / ${totals.outputTokens} output tokens; latency p50 ${totals.latencyMs.p50} ms, max ${totals.latencyMs.max} ms; ${elapsedMs} ms`,
  );
  console.log(`for comparison only, not a result of this run: ${comparison}`);

  const report = {
    generatedAt: new Date().toISOString(),
    kind: recording ? "replayed-recording" : "live",
    auditor: auditor.kind,
    endpoint,
    ...(recording ? { recordedAt: recording.recordedAt, recordedFrom: recording.endpoint } : {}),
    model: auditor.model,
    threshold: config.threshold,
    thresholdNote: "experimental, uncalibrated",
    policyVersion: POLICY_VERSION,
    promptVersion: records[0]?.promptVersion ?? "",
    cases: rows.map(({ replayCase, record, flags, top, agreed, screeningAgreed }) => ({
      id: replayCase.id,
      title: replayCase.title,
      expected: replayCase.expected,
      claim: replayCase.claim,
      agreed,
      topLabel: top,
      screeningFlags: flags,
      screeningAgreed,
      record,
    })),
    totals,
    comparisonOnly: { source: "evaluation/fixtures/predecessor-jev-figures.json", summary: comparison },
  };
  await mkdir(dirname(config.output), { recursive: true });
  await writeFile(config.output, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${relative(process.cwd(), config.output)}`);

  if (config.record && !recording) {
    const saved: Recording = {
      recordedBy: RECORDING_MARKER,
      recordedAt: new Date().toISOString(),
      auditor: auditor.kind,
      endpoint,
      model: auditor.model,
      promptVersion: records[0]?.promptVersion ?? "",
      cases: Object.fromEntries(
        results.map(({ replayCase, record, key }) => [replayCase.id, recordEntry(key, record)]),
      ),
    };
    await mkdir(dirname(config.recordFile), { recursive: true });
    await writeFile(config.recordFile, `${JSON.stringify(saved, null, 2)}\n`);
    console.log(`recorded the distributions in ${relative(process.cwd(), config.recordFile)}`);
  }
  const allAgree = totals.labelAgreement === totals.cases && totals.screeningAgreement === totals.cases;
  return allAgree && totals.unavailable === 0 ? 0 : 1;
}

function formatDistribution(distribution: AuditRecord["distribution"]): string {
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
