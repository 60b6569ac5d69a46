import type { ComponentHealth } from "./api";
import type { AuditRecord, TokenUsage } from "./audit";

/** One answered question part as the auditor sees it. */
export interface AuditPartInput {
  index: number;
  /**
   * Claims with their displayed text and global ledger ids, as drafted. `repairCandidates`,
   * when given, limits repair to these passages (those holding a verbatim span that can be
   * quoted for the claim), so a repair never lands on a passage nothing can be quoted from.
   */
  claims: Array<{ id: string; text: string; citations: number[]; repairCandidates?: number[] }>;
  /** The part's retrieved passages in retrieval order: global ledger id and the exact text. */
  passages: Array<{ id: number; text: string }>;
}

/** The auditor's verdict on one claim. */
export interface AuditClaimResult {
  claimId: string;
  /** Global ledger ids to display; differ from the drafted ones only after a repair. */
  citations: number[];
  audit: AuditRecord;
}

export interface AuditOutcome {
  claims: AuditClaimResult[];
  /** Each non-empty request id counted once across final, original and attempt records. */
  usage: TokenUsage & { jevRequests: number };
}

/**
 * Checks claims against only their cited excerpts. Implementations never throw for
 * provider trouble: they return `unavailable` records instead.
 */
export interface AnswerAuditor {
  /** "jev" sends excerpts to TypeSafe; "ollama" checks on this machine's Ollama. */
  readonly kind: "jev" | "ollama";
  readonly model: string;
  readonly threshold: number;
  readonly budgetMs: number;
  /** Audits every claim of every part; each part has its own budget. */
  audit(input: { mode: "observe" | "repair"; parts: AuditPartInput[] }, signal?: AbortSignal): Promise<AuditOutcome>;
  /** Whether the auditor can be reached, without spending tokens. */
  health(signal?: AbortSignal): Promise<ComponentHealth>;
  /** Releases pooled connections. */
  close(): Promise<void>;
}
