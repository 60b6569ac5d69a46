/**
 * `npm start`: reads `.env` when there is one (variables already set win), builds the web app
 * only when its sources are newer than the last build (quietly: errors only), then serves.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { webBuildIsStale } from "./web-build-freshness";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

// Loaded here rather than with --env-file-if-exists, which prints ".env not found" on every start without one.
const envFile = path.join(root, ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

const freshness = webBuildIsStale(root);
if (freshness.stale) {
  console.log(`Building the web app (${freshness.reason})…`);
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--logLevel", "error"], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error("The web app failed to build; see the messages above.");
    process.exit(build.status ?? 1);
  }
}

await import("../apps/server/src/server");
