import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

export const chromiumPath = "/usr/bin/chromium";

// One free loopback port for the app under test, chosen once by the runner: its workers inherit the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// Outside CI a missing browser skips the suite with a message; in CI it must be there, so the suite fails loudly.
const browserMissing = !existsSync(chromiumPath) && !process.env.CI;
if (browserMissing)
  console.warn(`Skipping browser tests: ${chromiumPath} is not installed (apt-get install chromium).`);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  testIgnore: browserMissing ? "**/*" : undefined,
  outputDir: "output/playwright/results",
  // The specs share one app and walk through a workspace in order; one worker keeps them from racing.
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    { name: "mobile", use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/support/start-e2e-app.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
