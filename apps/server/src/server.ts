import cluster from "node:cluster";
import { buildApp } from "./app";
import { roleVariable, runPrimary } from "./cluster/primary";
import { runWorker } from "./cluster/worker";
import { type AppConfig, ConfigError, parseConfig } from "./config";

/** Failures of the data folder itself, reported as such rather than as a crash. */
const fileSystemCodes = new Set([
  "ENOTDIR",
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOSPC",
  "EEXIST",
  "EISDIR",
  "SQLITE_CANTOPEN",
]);

/** One process, as before the cluster: listens itself and closes gracefully on SIGINT/SIGTERM. */
async function runSingle(config: AppConfig): Promise<void> {
  const app = await buildApp(config);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));
  await app.listen({ host: config.host, port: config.port });
}

/** Starts one process (RAG_WORKERS=1) or the cluster: a primary and RAG_WORKERS HTTP workers. */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    if (cluster.isWorker) {
      await runWorker(config, process.env[roleVariable] === "owner" ? "owner" : "relay");
    } else if (config.workers > 1) {
      await runPrimary(config);
    } else {
      await runSingle(config);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && fileSystemCodes.has(code)) {
      console.error(`Cannot use the data folder RAG_DATA_DIR=${config.dataDir}: ${(error as Error).message}`);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
