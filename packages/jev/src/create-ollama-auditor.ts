import { z } from "zod";
import { ClaimAuditor, DEFAULT_BUDGET_MS, DEFAULT_MAX_IN_FLIGHT_PER_PART } from "./claim-auditor";
import { JevConfigurationError } from "./errors";
import { DEFAULT_OLLAMA_AUDIT_MODEL, OllamaClaimJudge } from "./ollama-claim-judge";
import { DEFAULT_THRESHOLD } from "./policy";

/** Settings of the local auditor; the server builds them from OLLAMA_HOST and RAG_AUDIT_* / RAG_JEV_* variables. */
export interface OllamaAuditorSettings {
  host: string;
  /** Default qwen2.5:3b. */
  model?: string | undefined;
  threshold?: number | undefined;
  budgetMs?: number | undefined;
  /** Concurrent requests per question part; default 8 (Ollama queues beyond OLLAMA_NUM_PARALLEL). */
  maxInFlightPerPart?: number | undefined;
  numCtx?: number | undefined;
  keepAlive?: string | number | undefined;
}

const settingsSchema = z.object({
  host: z.url({ protocol: /^https?$/, error: "host must be an http(s) URL" }),
  model: z.string().trim().min(1).default(DEFAULT_OLLAMA_AUDIT_MODEL),
  threshold: z.number().gt(0).lte(1).default(DEFAULT_THRESHOLD),
  budgetMs: z.number().int().positive().default(DEFAULT_BUDGET_MS),
  maxInFlightPerPart: z.number().int().positive().default(DEFAULT_MAX_IN_FLIGHT_PER_PART),
  numCtx: z.number().int().positive().optional(),
  keepAlive: z.union([z.string(), z.number()]).optional(),
});

/** Builds the local auditor over Ollama; throws `JevConfigurationError` listing every invalid setting. */
export function createOllamaAuditor(settings: OllamaAuditorSettings): ClaimAuditor {
  const defined = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const parsed = settingsSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new JevConfigurationError(`Invalid Ollama auditor settings: ${problems.join("; ")}`);
  }
  const { host, model, threshold, budgetMs, maxInFlightPerPart, numCtx, keepAlive } = parsed.data;
  const judge = new OllamaClaimJudge({
    host,
    model,
    healthTimeoutMs: Math.min(budgetMs, 5000),
    ...(numCtx === undefined ? {} : { numCtx }),
    ...(keepAlive === undefined ? {} : { keepAlive }),
  });
  return new ClaimAuditor({ judge, threshold, budgetMs, maxInFlightPerPart });
}
