import type { ComponentHealth, Distribution, TokenUsage, UnavailableDetail } from "@audited-rag/core";

/** A reply that was read: one distribution per claim, or null where that claim's answer was unusable. */
export interface JudgeVerdicts {
  kind: "answered";
  /** The provider's request id; null when it sends none (Ollama never does). */
  requestId: string | null;
  returnedModel: string;
  usage: TokenUsage;
  distributions: Array<Distribution | null>;
}

/** A reply arrived but cannot be used: a non-2xx status, an unreadable body or another model. */
export interface JudgeRefusal {
  kind: "refused";
  detail: UnavailableDetail;
  requestId: string | null;
  returnedModel: string | null;
  usage: TokenUsage;
}

export type JudgeReply = JudgeVerdicts | JudgeRefusal;

/**
 * The model that judges claims against excerpts: TypeSafe's Jev (hosted) or a chat model on
 * Ollama (this machine). Adapters only ask and read; policy, batching, the budget, records
 * and repair are shared by every adapter (`ClaimAuditor`).
 */
export interface ClaimJudge {
  /** Where checks run: "jev" sends excerpts to TypeSafe, "ollama" keeps them on this machine. */
  readonly kind: "jev" | "ollama";
  /** The model requested on every check. */
  readonly model: string;
  /** Changes whenever the adapter's prompt wording changes; recorded on every record. */
  readonly promptVersion: string;
  /**
   * Asks about every claim at once; all claims rest on the same excerpts, sent in this order.
   * Resolves for every reply that arrived, usable or not; rejects when no reply arrived
   * (unreachable, connection dropped) or `signal` aborted.
   */
  judge(claims: readonly string[], excerpts: readonly string[], signal: AbortSignal): Promise<JudgeReply>;
  /** Whether the judge can be reached and has the model, without spending tokens. */
  health(signal?: AbortSignal): Promise<ComponentHealth>;
  /** Releases pooled connections. */
  close(): Promise<void>;
}

/** The contract's reason for each finer cause. */
export function reasonOf(cause: UnavailableDetail["cause"]) {
  switch (cause) {
    case "unreachable":
    case "http_status":
      return "http_error" as const;
    case "timed_out":
      return "timeout" as const;
    case "unreadable_reply":
      return "invalid_response" as const;
    default:
      return cause;
  }
}
