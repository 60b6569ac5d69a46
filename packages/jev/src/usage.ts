import type { AuditOutcome, AuditRecord, TokenUsage } from "@audited-rag/core";

/**
 * Sums token usage over final, original and repair-attempt records, counting each non-empty
 * request id once: batched claims and repair records repeat the same request's usage.
 */
export function countUsage(records: readonly AuditRecord[]): AuditOutcome["usage"] {
  const byRequest = new Map<string, TokenUsage>();
  const note = (requestId: string | null, usage: TokenUsage) => {
    if (requestId && !byRequest.has(requestId)) byRequest.set(requestId, usage);
  };
  for (const record of records) {
    note(record.requestId, record.usage);
    if (record.original) note(record.original.requestId, record.original.usage);
    for (const attempt of record.repairAttempts ?? []) note(attempt.requestId, attempt.usage);
  }
  let inputTokens = 0;
  let outputTokens = 0;
  for (const usage of byRequest.values()) {
    inputTokens += usage.inputTokens;
    outputTokens += usage.outputTokens;
  }
  return { jevRequests: byRequest.size, inputTokens, outputTokens };
}
