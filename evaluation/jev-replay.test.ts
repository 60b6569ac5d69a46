import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort } from "../tests/support/closed-port";
import { type FakeJevServer, startFakeJevServer } from "../tests/support/fake-jev-server";
import { type FakeOllamaServer, startFakeOllama } from "../tests/support/fake-ollama-server";
import cases from "./fixtures/jev-cases.json";

const LABEL = { supported: "support", contradicted: "contradiction", insufficient: "insufficient" } as const;
const expectedByClaim = new Map(cases.cases.map((c) => [c.claim, LABEL[c.expected as keyof typeof LABEL]]));
const agreeing = (claim: string) => {
  const label = expectedByClaim.get(claim) ?? "support";
  return { support: 0.01, contradiction: 0.01, insufficient: 0.01, [label]: 0.98 };
};

let jev: FakeJevServer;
let ollama: FakeOllamaServer;
let dir: string;

beforeAll(async () => {
  jev = await startFakeJevServer();
  ollama = await startFakeOllama({ models: ["qwen2.5:3b"] });
  dir = await mkdtemp(join(tmpdir(), "jev-replay-"));
});
afterAll(async () => {
  await jev.close();
  await ollama.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the script in a child process with only the given auditor settings. */
function replay(args: string[], env: Record<string, string> = {}) {
  const {
    TYPESAFE_API_KEY: _key,
    TYPESAFE_BASE_URL: _url,
    RAG_JEV_MODEL: _model,
    RAG_AUDITOR: _auditor,
    OLLAMA_HOST: _host,
    RAG_AUDIT_MODEL: _auditModel,
    ...rest
  } = process.env;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "evaluation/jev-replay.ts", ...args],
      { env: { ...rest, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8"));

describe("jev-replay", () => {
  it("works without flags: live against the configured endpoint, default output, latency and tokens, exit 0", async () => {
    jev.setHandler((call) => ({
      distribution: agreeing(call.questions[0]?.claim ?? ""),
      usage: { input_tokens: 100, output_tokens: 3 },
      delayMs: 5,
    }));
    jev.requests.length = 0;
    const run = await replay([], { TYPESAFE_API_KEY: "sk-replay-key", TYPESAFE_BASE_URL: jev.url });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("live run: label agreement 8/8; screening 8/8");
    expect(run.stdout).toMatch(/for comparison only, not a result of this run: 7\/8 .*predecessor/);
    const report = await readJson("evaluation/results/jev-replay-jev.json");
    expect(report).toMatchObject({ kind: "live", auditor: "jev", thresholdNote: "experimental, uncalibrated" });
    expect(report.totals).toMatchObject({
      cases: 8,
      labelAgreement: 8,
      unavailable: 0,
      jevRequests: 8,
      inputTokens: 800,
    });
    expect(report.totals.latencyMs.max).toBeGreaterThanOrEqual(5);
    expect(report.cases.every((c: { record: { latencyMs: number } }) => c.record.latencyMs >= 5)).toBe(true);
    expect(jev.requests).toHaveLength(8);
    expect(jev.requests[0]?.headers.authorization).toBe("Bearer sk-replay-key");
    // The uncited decoy is retrieved into the ledger but never sent.
    expect(JSON.stringify(jev.requests.map((request) => request.body))).not.toContain("it stays closed at weekends");
    expect(JSON.stringify(report)).not.toContain("sk-replay-key");
    const embedded = report.cases.find((c: { id: string }) => c.id === "embedded-instruction");
    expect(embedded).toMatchObject({ screeningFlags: ["override_instruction"], screeningAgreed: true, agreed: true });
  });

  it("exits 1 on a disagreement", async () => {
    jev.setHandler(() => ({ distribution: { support: 0.98, contradiction: 0.01, insufficient: 0.01 } }));
    const output = join(dir, "disagree.json");
    const run = await replay(["--output", output, "--base-url", jev.url]);
    expect(run.code).toBe(1);
    expect((await readJson(output)).totals.labelAgreement).toBe(2);
  });

  it("exits 1 when a check is unavailable, naming the cause", async () => {
    jev.setHandler((call) => (call.index % 8 === 2 ? { status: 503 } : {}));
    const output = join(dir, "outage.json");
    const run = await replay(["--output", output, "--base-url", jev.url]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("unavailable (http_status 503)");
    const closed = await replay(["--output", output, "--base-url", `http://127.0.0.1:${await closedPort()}`]);
    expect(closed.code).toBe(1);
    expect(closed.stdout).toContain("unavailable (unreachable)");
    const report = await readJson(output);
    expect(report.totals.unavailable).toBe(8);
    expect(report.cases[0].record).toMatchObject({ requestedModel: "jev-1.13.0", detail: { cause: "unreachable" } });
  });

  it("records a live run with --record and replays only that recording, saying so", async () => {
    jev.setHandler((call) => ({ distribution: agreeing(call.questions[0]?.claim ?? "") }));
    const recording = join(dir, "recording.json");
    const live = await replay(["--output", join(dir, "live.json"), "--base-url", jev.url, "--record-file", recording]);
    expect(live.code).toBe(0);
    const saved = await readJson(recording);
    expect(saved.recordedBy).toBe("audited-rag/jev-replay recording v1");
    expect(Object.keys(saved.cases)).toHaveLength(8);

    jev.requests.length = 0;
    const output = join(dir, "replayed.json");
    const replayed = await replay(["--output", output, "--recorded", recording]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain("REPLAYING A RECORDING, not a live run");
    expect(replayed.stdout).toContain("replayed recording: label agreement 8/8");
    expect(jev.requests).toHaveLength(0);
    expect((await readJson(output)).kind).toBe("replayed-recording");

    // A recording of other texts cannot pass for this fixture: its checks come back unavailable.
    const tampered = { ...saved, cases: { ...saved.cases } };
    tampered.cases["storage-negation"] = { ...saved.cases["storage-negation"], key: "0".repeat(64) };
    await writeFile(join(dir, "tampered.json"), JSON.stringify(tampered));
    expect((await replay(["--output", output, "--recorded", join(dir, "tampered.json")])).code).toBe(1);
  });

  it("runs the same eight cases against a local Ollama with --auditor ollama", async () => {
    ollama.setChatHandler((call) => {
      const claim = /^claim_1: (.*)$/m.exec(call.user)?.[1] ?? "";
      return { content: JSON.stringify({ claim_1: agreeing(claim) }) };
    });
    ollama.requests.length = 0;
    const output = join(dir, "ollama.json");
    const run = await replay(["--auditor", "ollama", "--output", output], { OLLAMA_HOST: ollama.url });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = await readJson(output);
    expect(report).toMatchObject({ auditor: "ollama", model: "qwen2.5:3b", promptVersion: "ollama-claim-excerpts-v1" });
    expect(report.totals).toMatchObject({ labelAgreement: 8, jevRequests: 8 });
    expect(report.totals.inputTokens).toBeGreaterThan(0);
    expect(ollama.requests.filter((request) => request.path === "/api/chat")).toHaveLength(8);
  });

  it.each([
    { name: "an unknown flag", args: ["--nope"] },
    { name: "an unknown auditor", args: ["--auditor", "gpt"] },
    {
      name: "the predecessor's figures, which this script did not record",
      args: ["--recorded", "evaluation/fixtures/predecessor-jev-figures.json"],
    },
    { name: "an unreadable recording", args: ["--recorded", "no/such/file.json"] },
    { name: "--record with --recorded", args: ["--record", "--recorded", "x.json"] },
  ])("exits 2 on $name", async ({ args }) => {
    const run = await replay(["--output", join(dir, "x.json"), ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("usage:");
  });
});
