import cluster from "node:cluster";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { startupVerdict } from "./auth/startup-check";
import { roleVariable, runPrimary, type WorkerRole } from "./cluster/primary";
import { runWorker } from "./cluster/worker";
import { type AppConfig, ConfigError, parseConfig } from "./config";
import { httpAddress, startupLine } from "./startup-line";

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
  "SQLITE_FULL",
]);

/**
 * Starts the server: with RAG_WORKERS=1 in this process alone, otherwise as a cluster's primary
 * (which forks the HTTP workers and re-runs this file in each of them).
 */
async function main(): Promise<void> {
  const config = readConfig();
  try {
    if (cluster.isWorker) {
      const role = process.env[roleVariable] === "owner" ? "owner" : "relay";
      await runWorker(config, role satisfies WorkerRole, (app, address) =>
        role === "owner"
          ? announce(app, config, address)
          : app.log.info(`HTTP worker process ${process.pid} ready on ${address}`),
      );
    } else if (config.workers > 1) await runPrimary(config);
    else await runSingle(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && fileSystemCodes.has(code)) {
      console.error(`Cannot use the data folder RAG_DATA_DIR=${config.dataDir}: ${(error as Error).message}`);
      process.exit(1);
    }
    throw error;
  }
}

function readConfig(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** One process serves everything, and closes gracefully on SIGINT/SIGTERM. */
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
  await listen(app, config);
}

/**
 * Applies the start-up rule on accounts, listens and announces it (see `announce`). A cluster's
 * primary does the same for its workers (see `runPrimary`).
 */
async function listen(app: FastifyInstance, config: AppConfig): Promise<void> {
  const verdict = startupVerdict({
    authEnabled: config.auth.enabled,
    host: config.host,
    userCount: config.auth.enabled ? app.accounts.countUsers() : 0,
  });
  if (verdict.kind === "refuse") {
    console.error(verdict.message);
    await app.close();
    process.exit(1);
  }
  // Fastify logs this text once listening; it replaces its "Server listening at" line with where and which settings.
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => startupLine(config, address),
  });
  const address = app.server.address();
  if (address && typeof address === "object") remindOfLogin(app, config, httpAddress(address));
}

/** The start-up line (where, and with which settings), as a cluster's owner worker prints it once the primary listens. */
function announce(app: FastifyInstance, config: AppConfig, address: string): void {
  app.log.info(startupLine(config, address));
  remindOfLogin(app, config, address);
}

/** Warns when login is off, and prints the setup address while no account exists. */
function remindOfLogin(app: FastifyInstance, config: AppConfig, address: string): void {
  if (!config.auth.enabled)
    app.log.warn("login is off (RAG_AUTH=off): anyone who can reach this address has full access");
  const verdict = startupVerdict({
    authEnabled: config.auth.enabled,
    host: config.host,
    userCount: config.auth.enabled ? app.accounts.countUsers() : 0,
  });
  if (verdict.kind === "setup") console.log(verdict.message(address));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
