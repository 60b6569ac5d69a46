import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../apps/server/src/app";
import { parseConfig } from "../../apps/server/src/config";

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh data folder, for `app.inject` tests. Login is off unless `RAG_AUTH` is
 * given (the auth suites set it), and `app.inject`'s default Host `localhost:80` is allowed.
 */
export async function startTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-test-"));
  const config = parseConfig({
    RAG_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RAG_AUTH: "off",
    RAG_ALLOWED_HOSTS: "localhost:80",
    ...environment,
  });
  const app = await buildApp(config, { logger: false });
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
