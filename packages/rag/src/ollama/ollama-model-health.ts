import { type ComponentHealth, GeneratorUnavailableError } from "@audited-rag/core";
import { z } from "zod";
import { sameOllamaModel, withOllama } from "./ollama-request";

const tagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });

/** Health checks should answer quickly even when request timeouts are long. */
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Whether Ollama at `host` answers and has `model` pulled (`GET /api/tags`).
 * Never throws: problems become a degraded status with a plain detail.
 */
export async function ollamaModelHealth(
  host: string,
  model: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ComponentHealth> {
  try {
    const tags = await withOllama(
      {
        host,
        model,
        timeoutMs: Math.min(timeoutMs, HEALTH_TIMEOUT_MS),
        signal,
        // The adapter's own error class does not matter here: only the message is kept.
        unavailable: (message, cause) => new GeneratorUnavailableError(message, { cause }),
      },
      (client) => client.list(),
    );
    const parsed = tagsSchema.safeParse(tags);
    if (!parsed.success)
      return { status: "degraded", model, detail: `Ollama at ${host} sent an unreadable model list.` };
    const pulled = parsed.data.models.some((entry) => sameOllamaModel(entry.name, model));
    return pulled
      ? { status: "ok", model, detail: `Ollama at ${host}` }
      : { status: "degraded", model, detail: `The model "${model}" is not pulled; run \`ollama pull ${model}\`.` };
  } catch (error) {
    const detail = error instanceof Error ? error.message : "Ollama health check failed.";
    return { status: "degraded", model, detail };
  }
}
