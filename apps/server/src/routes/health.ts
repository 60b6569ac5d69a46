import type { ComponentHealth, Health } from "@audited-rag/core";
import type { FastifyPluginAsync } from "fastify";
import type { HealthCheck } from "../plugins/services";

const healthTimeoutMs = 2_000;

export interface HealthRoutesOptions {
  /** The checks to run; defaults to the services' own (the cluster primary adds its processes). */
  checks?: () => Record<string, HealthCheck>;
}

/** `GET /api/health`: each component's state and model; `degraded` when any is not ok. */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, options) => {
  const healthChecks = options.checks ?? (() => app.services.healthChecks());
  app.get("/health", async (): Promise<Health> => {
    const signal = AbortSignal.timeout(healthTimeoutMs);
    const checks = Object.entries(healthChecks()).map(async ([name, check]) => {
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
