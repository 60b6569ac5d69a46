import type { ComponentHealth, Health } from "@audited-rag/core";
import type { FastifyPluginAsync } from "fastify";

const healthTimeoutMs = 2_000;

/** `GET /api/health`: each component's state and model; `degraded` when any is not ok. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/health", { config: { access: "public" } }, async (): Promise<Health> => {
    const signal = AbortSignal.timeout(healthTimeoutMs);
    const checks = Object.entries(app.services.healthChecks()).map(async ([name, check]) => {
      try {
        return [name, await check(signal)] as const;
      } catch {
        const failed: ComponentHealth = { status: "degraded", detail: "The health check failed" };
        return [name, failed] as const;
      }
    });
    const components = Object.fromEntries(await Promise.all(checks));
    const degraded = Object.values(components).some((component) => component.status === "degraded");
    return { status: degraded ? "degraded" : "ok", components };
  });
};
