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

/** The real app on a fresh data folder, for `app.inject` tests. */
export async function startTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "audited-rag-test-"));
  const config = parseConfig({ RAG_DATA_DIR: dataDir, LOG_LEVEL: "silent", ...environment });
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
