import { defineConfig } from "vitest/config";

/** Tests against real services (Ollama, Qdrant); each suite runs only when its URL is set. */
export default defineConfig({
  test: {
    include: ["**/*.live.test.ts"],
    exclude: ["**/node_modules/**"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
