import { z } from "zod";

export const jevModeSchema = z.enum(["off", "observe", "repair"]);
export type JevMode = z.infer<typeof jevModeSchema>;

const modeOrder: Record<JevMode, number> = { off: 0, observe: 1, repair: 2 };

/** True when `requested` does not exceed `configured` (off < observe < repair). */
export function isModeAllowed(requested: JevMode, configured: JevMode): boolean {
  return modeOrder[requested] <= modeOrder[configured];
}

export const distributionSchema = z.object({
  support: z.number(),
  contradiction: z.number(),
  insufficient: z.number(),
});
export type Distribution = z.infer<typeof distributionSchema>;

export const suggestionSchema = z.enum(["keep", "review", "withhold"]);
export type Suggestion = z.infer<typeof suggestionSchema>;

export const unavailableReasonSchema = z.enum([
  "timeout",
  "http_error",
  "invalid_response",
  "model_mismatch",
  "budget_exhausted",
]);
export type UnavailableReason = z.infer<typeof unavailableReasonSchema>;

/**
 * What stopped a check, finer than the contract's `reason`: "unreachable" and "http_status"
 * both map to reason `http_error`, "timed_out" to `timeout`, "unreadable_reply" to
 * `invalid_response`. Optional so records written before it existed still parse.
 */
export const unavailableCauseSchema = z.enum([
  "unreachable",
  "timed_out",
  "http_status",
  "unreadable_reply",
  "model_mismatch",
  "budget_exhausted",
]);
export type UnavailableCause = z.infer<typeof unavailableCauseSchema>;

/** Optional detail beside an unavailable `reason`. */
export const unavailableDetailSchema = z.object({
  cause: unavailableCauseSchema,
  /** Set when the service answered with a non-2xx status. */
  httpStatus: z.number().int().optional(),
});
export type UnavailableDetail = z.infer<typeof unavailableDetailSchema>;

export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

/** One check of one claim against one cited set, without repair fields. */
export const assessmentSchema = z.object({
  status: z.enum(["completed", "unavailable"]),
  reason: unavailableReasonSchema.nullable(),
  /** Set on unavailable records written by this version. */
  detail: unavailableDetailSchema.optional(),
  distribution: distributionSchema.nullable(),
  suggestion: suggestionSchema.nullable(),
  citationIds: z.array(z.number().int().positive()),
  excerptSha256: z.array(z.string()),
  requestedModel: z.string(),
  returnedModel: z.string().nullable(),
  requestId: z.string().nullable(),
  /**
   * This workspace's id for the request that produced the record, set whenever a request was
   * sent; usage is counted once per check id, so providers without request ids count too.
   */
  checkId: z.string().optional(),
  batchSize: z.number().int().nonnegative(),
  latencyMs: z.number().nonnegative(),
  usage: tokenUsageSchema,
  policyVersion: z.string(),
  promptVersion: z.string(),
  threshold: z.number(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const repairAttemptSchema = z.object({
  citationId: z.number().int().positive(),
  status: z.enum(["completed", "unavailable"]),
  reason: unavailableReasonSchema.nullable(),
  detail: unavailableDetailSchema.optional(),
  distribution: distributionSchema.nullable(),
  excerptSha256: z.string(),
  returnedModel: z.string().nullable(),
  requestId: z.string().nullable(),
  checkId: z.string().optional(),
  latencyMs: z.number().nonnegative(),
  usage: tokenUsageSchema,
});
export type RepairAttempt = z.infer<typeof repairAttemptSchema>;

/** The audit record of DESIGN.md (contract). Repair fields appear in repair mode only. */
export const auditRecordSchema = assessmentSchema.extend({
  repairPolicyVersion: z.string().optional(),
  original: assessmentSchema.optional(),
  repairAttempts: z.array(repairAttemptSchema).optional(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
