import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  /** Base URL such as http://127.0.0.1:41234. */
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface ServerProcessOptions {
  /** Added to a minimal environment (PATH, HOME); HOST=127.0.0.1, PORT=0 and RAG_AUTH=off unless given. */
  env: Record<string, string>;
  /** Give up waiting for "listening" after this long. */
  startTimeoutMs?: number;
  /** Hard upper bound on the process's life: it is killed after this long whatever happens. */
  maxLifetimeMs?: number;
}

/** Runs `node --import tsx apps/server/src/server.ts` as the user would start it. */
function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      HOST: "127.0.0.1",
      PORT: "0",
      RAG_AUTH: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function collect(child: ChildProcess) {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { output: () => ({ stdout, stderr }), exited };
}

/**
 * Starts the real server on a free loopback port and resolves once it listens. The URL is read
 * from the server's "listening on <address>" start-up line, so LOG_LEVEL must be info or lower (the default).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawnServer(options.env);
  const { output, exited } = collect(child);
  const lifetime = setTimeout(() => child.kill("SIGKILL"), options.maxLifetimeMs ?? 10 * 60_000);
  lifetime.unref();
  void exited.then(() => clearTimeout(lifetime));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start within ${options.startTimeoutMs ?? 20_000} ms:\n${output().stderr}`));
    }, options.startTimeoutMs ?? 20_000);
    const onData = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output().stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (code ${code}, signal ${signal}) before listening:\n${output().stderr}`));
    });
  });

  const stop = async (graceMs = 5_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { url, child, output, exited, stop };
}

/** Runs the server where it is expected to exit by itself (e.g. a bad config); kills it after `timeoutMs`. */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const child = spawnServer(env);
  const { output, exited } = collect(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const result = await exited;
  clearTimeout(timer);
  return { ...result, ...output() };
}

/**
 * The pid of the process that announced the address: the server itself when it runs as one
 * process, or a cluster's owner worker, which is the one that ingests. Falls back to the child.
 */
export function announcingPid(server: ServerProcess): number | undefined {
  for (const line of server.output().stdout.split("\n")) {
    if (!line.includes("Audited RAG workspace listening on")) continue;
    try {
      const pid = (JSON.parse(line) as { pid?: unknown }).pid;
      if (typeof pid === "number") return pid;
    } catch {
      // Not a log line of ours.
    }
  }
  return server.child.pid;
}
