/**
 * The app as Playwright's `webServer` starts it: embedded defaults, a fresh temporary data
 * folder, loopback on E2E_PORT, serving the built web app. The folder is removed on exit.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../../../apps/server/src/app";
import { parseConfig } from "../../../apps/server/src/config";

if (!existsSync(path.resolve("apps/web/dist/index.html"))) {
  console.error("apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).");
  process.exit(1);
}
const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-e2e-"));
// Login off, as for one person on their own machine; sign-in.spec.ts runs its own server with login on.
const config = parseConfig({
  RAG_DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  RAG_AUTH: "off",
  PORT: process.env.E2E_PORT ?? "0",
});
const app = await buildApp(config);
const stop = async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
await app.listen({ host: "127.0.0.1", port: config.port });
