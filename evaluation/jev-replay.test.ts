import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJevServer, startFakeJevServer } from "../tests/support/fake-jev-server";
import cases from "./fixtures/jev-cases.json";

const LABEL = { supported: "support", contradicted: "contradiction", insufficient: "insufficient" } as const;
const expectedByClaim = new Map(cases.cases.map((c) => [c.claim, LABEL[c.expected as keyof typeof LABEL]]));

let server: FakeJevServer;
let dir: string;

beforeAll(async () => {
  server = await startFakeJevServer();
  dir = await mkdtemp(join(tmpdir(), "jev-replay-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the script in a child process without any TypeSafe settings inherited from the shell. */
function replay(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { TYPESAFE_API_KEY: _key, TYPESAFE_BASE_URL: _url, RAG_JEV_MODEL: _model, ...rest } = process.env;
  return new Promise((resolve) => {
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

describe("jev-replay", () => {
  it("exits 0 when every live label agrees, with a key taken from the environment", async () => {
    server.setHandler((call) => {
      const label = expectedByClaim.get(call.questions[0]?.claim ?? "") ?? "support";
      const distribution = { support: 0.01, contradiction: 0.01, insufficient: 0.01, [label]: 0.98 };
      return { distribution, usage: { input_tokens: 100, output_tokens: 3 } };
    });
    server.requests.length = 0;
    const output = join(dir, "live.json");
    const run = await replay(["--output", output], {
      TYPESAFE_API_KEY: "sk-replay-key",
      TYPESAFE_BASE_URL: server.url,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("label agreement 8/8");
    const report = JSON.parse(await readFile(output, "utf8"));
    expect(report.totals).toMatchObject({
      cases: 8,
      labelAgreement: 8,
      unavailable: 0,
      jevRequests: 8,
      inputTokens: 800,
    });
    expect(server.requests).toHaveLength(8);
    expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-replay-key");
    // The uncited decoy is retrieved but never sent.
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain("it stays closed at weekends");
    expect(JSON.stringify(report)).not.toContain("sk-replay-key");
  });

  it("exits 1 when an audit is unavailable, against --base-url without a key", async () => {
    server.setHandler((call) => (call.index % 8 === 2 ? { status: 500 } : {}));
    const output = join(dir, "outage.json");
    const run = await replay(["--output", output, "--base-url", server.url]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(output, "utf8"));
    expect(report.totals.unavailable).toBeGreaterThanOrEqual(1);
    expect(report.cases.some((c: { record: { reason: string } }) => c.record.reason === "http_error")).toBe(true);
  });

  it("reproduces the reference's recorded suggestions offline and exits 1 on 7/8", async () => {
    const output = join(dir, "recorded.json");
    const run = await replay(["--output", output, "--recorded", "evaluation/fixtures/jev-recorded.json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(output, "utf8"));
    expect(report.cases.map((c: { record: { suggestion: string } }) => c.record.suggestion)).toEqual([
      "keep",
      "withhold",
      "withhold",
      "review",
      "keep",
      "withhold",
      "review",
      "review",
    ]);
    expect(report.totals).toMatchObject({
      labelAgreement: 7,
      unsupportedAcceptances: 0,
      supportedWithholds: 0,
      reviews: 3,
      unavailable: 0,
    });
  });

  it.each([
    {
      name: "an unknown flag",
      args: ["--output", "x.json", "--recorded", "evaluation/fixtures/jev-recorded.json", "--nope"],
    },
    { name: "a missing --output", args: ["--recorded", "evaluation/fixtures/jev-recorded.json"] },
    { name: "no key, base URL or recording", args: ["--output", "x.json"] },
    { name: "an unreadable recording", args: ["--output", "x.json", "--recorded", "no/such/file.json"] },
  ])("exits 2 on $name", async ({ args }) => {
    const run = await replay(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("usage:");
  });
});
