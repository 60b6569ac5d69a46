import type { Dispatcher } from "undici";
import { z } from "zod";
import { DEFAULT_BUDGET_MS, DEFAULT_MAX_IN_FLIGHT_PER_PART } from "./claim-auditor";
import { JevConfigurationError } from "./errors";
import { DEFAULT_JEV_MODEL, JevAuditor } from "./jev-auditor";
import { DEFAULT_THRESHOLD } from "./policy";
import { DEFAULT_MAX_REPLY_BYTES, DEFAULT_TYPESAFE_BASE_URL, TypeSafeJevTransport } from "./typesafe-jev-transport";

/** Settings of the hosted auditor; the server builds them from TYPESAFE_* and RAG_JEV_* variables. */
export interface JevSettings {
  /** TypeSafe API key; required. Never echoed in errors, logs or records. */
  apiKey?: string | undefined;
  /** Default https://api.typesafe.ai. */
  baseUrl?: string | undefined;
  /** A pinned version (default jev-1.13.0) or an alias such as jev-latest. */
  model?: string | undefined;
  /** Probability at or above which the policy keeps or withholds; default 0.90. */
  threshold?: number | undefined;
  /** Total time per question part, repair included; default 5000 ms. */
  budgetMs?: number | undefined;
  /** Concurrent requests per question part; default 8. */
  maxInFlightPerPart?: number | undefined;
  /** Largest reply body read, in bytes; a longer one is cut off and counts as invalid. Default 1 MiB. */
  maxReplyBytes?: number | undefined;
  /** An undici dispatcher to use instead of the auditor's own keep-alive agent. */
  dispatcher?: Dispatcher | undefined;
}

const settingsSchema = z.object({
  apiKey: z.string({ error: "a TypeSafe API key (TYPESAFE_API_KEY) is required" }).trim().min(1, {
    error: "a TypeSafe API key (TYPESAFE_API_KEY) is required",
  }),
  baseUrl: z.url({ protocol: /^https?$/, error: "baseUrl must be an http(s) URL" }).default(DEFAULT_TYPESAFE_BASE_URL),
  model: z
    .string()
    .regex(/^jev-[\w.-]+$/, { error: "model must look like jev-1.13.0 or jev-latest" })
    .default(DEFAULT_JEV_MODEL),
  threshold: z.number().gt(0).lte(1).default(DEFAULT_THRESHOLD),
  budgetMs: z.number().int().positive().default(DEFAULT_BUDGET_MS),
  maxInFlightPerPart: z.number().int().positive().default(DEFAULT_MAX_IN_FLIGHT_PER_PART),
  maxReplyBytes: z.number().int().positive().default(DEFAULT_MAX_REPLY_BYTES),
});

/**
 * Builds the hosted auditor over the TypeSafe API. Throws `JevConfigurationError`, listing
 * every invalid setting, when the key is missing or a setting is out of range.
 */
export function createJevAuditor(settings: JevSettings): JevAuditor {
  const { dispatcher, ...rest } = settings;
  // Drop undefined values so defaults apply to unset variables.
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const parsed = settingsSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new JevConfigurationError(`Invalid Jev settings: ${problems.join("; ")}`);
  }
  const { apiKey, baseUrl, model, threshold, budgetMs, maxInFlightPerPart, maxReplyBytes } = parsed.data;
  const transport = new TypeSafeJevTransport({ baseUrl, apiKey, maxReplyBytes, ...(dispatcher ? { dispatcher } : {}) });
  return new JevAuditor({ transport, model, threshold, budgetMs, maxInFlightPerPart });
}
