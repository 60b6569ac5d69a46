import { buildApp } from "./app";
import { startupVerdict } from "./auth/startup-check";
import { ConfigError, parseConfig } from "./config";
import { startupLine } from "./startup-line";

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

/** Starts the server and closes it gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && fileSystemCodes.has(code)) {
      console.error(`Cannot use the data folder RAG_DATA_DIR=${config.dataDir}: ${(error as Error).message}`);
      process.exit(1);
    }
    throw error;
  }
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
  // Fastify logs this text once listening; it replaces its "Server listening at" line with where and which settings.
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => startupLine(config, address),
  });
  const address = app.server.address();
  if (!config.auth.enabled)
    app.log.warn("login is off (RAG_AUTH=off): anyone who can reach this address has full access");
  if (verdict.kind === "setup" && address && typeof address === "object") {
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    console.log(verdict.message(`http://${host}:${address.port}`));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
