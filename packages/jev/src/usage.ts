import type { AuditOutcome, AuditRecord, TokenUsage } from "@audited-rag/core";

/**
 * Sums token usage over final, original and repair-attempt records, counting each request
 * once: batched claims and repair records repeat the same request's usage. A request is
 * known by this workspace's `checkId` (set on every request sent, whether or not the provider
 * returned an id), or by the provider's request id on records written before check ids.
 */
export function countUsage(records: readonly AuditRecord[]): AuditOutcome["usage"] {
  const byRequest = new Map<string, TokenUsage>();
  const note = (entry: { checkId?: string | undefined; requestId: string | null; usage: TokenUsage }) => {
    const key = entry.checkId ? `check:${entry.checkId}` : entry.requestId ? `provider:${entry.requestId}` : null;
    if (key && !byRequest.has(key)) byRequest.set(key, entry.usage);
  };
  for (const record of records) {
    note(record);
    if (record.original) note(record.original);
    for (const attempt of record.repairAttempts ?? []) note(attempt);
  }
  let inputTokens = 0;
  let outputTokens = 0;
  for (const usage of byRequest.values()) {
    inputTokens += usage.inputTokens;
    outputTokens += usage.outputTokens;
  }
  return { jevRequests: byRequest.size, inputTokens, outputTokens };
}
