// How the real server process starts with login on: the setup address on a fresh machine, the
// refusal on a network address without an account, and `npm run user:add` reading a piped password.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { runServerToExit, startServerProcess } from "../support/server-process";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Runs the user:add script with `input` on standard input; killed after 30 s. */
function userAdd(args: string[], input: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/user-add.ts", ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stdin.end(input);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe("starting with login on", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-auth-start-"));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it("prints the setup address on a fresh loopback install, and the page's API creates the admin", async () => {
    const server = await startServerProcess({ env: { RAG_DATA_DIR: dataDir, RAG_AUTH: "on" }, maxLifetimeMs: 60_000 });
    try {
      await expect.poll(() => server.output().stdout, { timeout: 5_000 }).toContain(`Open ${server.url}/setup`);
      const state = await rawRequest(server.url, { path: "/api/auth/session" });
      expect(state.json()).toMatchObject({ setupRequired: true, setupAllowed: true });
      const created = await rawRequest(server.url, {
        method: "POST",
        path: "/api/auth/setup",
        headers: { origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({ name: "owner", password: "owner-password-long" }),
      });
      expect(created.status).toBe(201);
      expect((await rawRequest(server.url, { path: "/api/documents" })).status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it("refuses a network address without an account, explaining how to create one", async () => {
    const result = await runServerToExit({ RAG_DATA_DIR: dataDir, RAG_AUTH: "on", HOST: "0.0.0.0" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Refusing to start on HOST=0.0.0.0");
    expect(result.stderr).toContain("npm run user:add -- --admin NAME");
    expect(result.stdout).not.toContain("Server listening");
  });

  it("refuses RAG_AUTH=off on a network address", async () => {
    const result = await runServerToExit({ RAG_DATA_DIR: dataDir, RAG_AUTH: "off", HOST: "0.0.0.0" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/RAG_AUTH=off .* accepted only when HOST is a loopback address/);
  });

  it("adds accounts from a piped password with user:add, and the server then signs them in", async () => {
    const env = { RAG_DATA_DIR: dataDir };
    const admin = await userAdd(["--admin", "olga"], "olga-password-long\n", env);
    expect(admin).toMatchObject({ code: 0 });
    expect(admin.output).toContain("Added admin olga");
    expect(admin.output).not.toContain("olga-password-long");
    const member = await userAdd(["--member", "max"], "max-password-long\n", env);
    expect(member.code).toBe(0);
    expect((await userAdd(["--member", "max"], "another-password\n", env)).code).toBe(1);
    expect((await userAdd(["--member", "tiny"], "short\n", env)).output).toContain("at least 10 characters");
    expect((await userAdd(["--boss", "x"], "", env)).code).toBe(2);
    const reset = await userAdd(["--member", "max", "--reset-password"], "max-new-password\n", env);
    expect(reset.code).toBe(0);

    // With accounts present the server starts without announcing the setup page, and signs them in.
    const server = await startServerProcess({ env: { ...env, RAG_AUTH: "on" }, maxLifetimeMs: 60_000 });
    try {
      expect(server.output().stdout).not.toContain("/setup");
      const login = (name: string, password: string) =>
        rawRequest(server.url, {
          method: "POST",
          path: "/api/auth/login",
          headers: { origin: server.url, "content-type": "application/json" },
          body: JSON.stringify({ name, password }),
        });
      expect((await login("olga", "olga-password-long")).json().user.role).toBe("admin");
      expect((await login("max", "max-password-long")).status).toBe(401);
      expect((await login("max", "max-new-password")).json().user.role).toBe("member");
    } finally {
      await server.stop();
    }
  }, 120_000); // seven process starts: slow on a loaded machine
});
