import {
  type AnswerAuditor,
  type AuditClaimResult,
  type AuditOutcome,
  type AuditPartInput,
  type ComponentHealth,
  InvalidRequestError,
} from "@audited-rag/core";
import { assessBatch, type CheckContext } from "./assess-batch";
import { groupByCitedSet } from "./batching";
import type { ClaimJudge } from "./claim-judge";
import { PartBudget } from "./part-budget";
import { DEFAULT_THRESHOLD } from "./policy";
import { repairCitation } from "./repair";
import { countUsage } from "./usage";

export const DEFAULT_BUDGET_MS = 5000;
/** Eight distinct cited sets in one part then finish in about one request's latency. */
export const DEFAULT_MAX_IN_FLIGHT_PER_PART = 8;

export interface ClaimAuditorOptions {
  judge: ClaimJudge;
  threshold?: number;
  /** Total time for every request of one question part, repair included. */
  budgetMs?: number;
  maxInFlightPerPart?: number;
}

/**
 * The auditor, whichever model judges: each claim and only its cited excerpts go to the
 * judge, claims with identical cited sets share a request, parts run concurrently with a
 * budget each. `audit()` never rejects for provider trouble or cancellation: a cancelled
 * caller signal ends the parts early, as the deadline would, and the records say so.
 */
export class ClaimAuditor implements AnswerAuditor {
  readonly kind: "jev" | "ollama";
  readonly model: string;
  readonly threshold: number;
  readonly budgetMs: number;
  readonly #judge: ClaimJudge;
  readonly #maxInFlight: number;

  constructor(options: ClaimAuditorOptions) {
    this.#judge = options.judge;
    this.kind = options.judge.kind;
    this.model = options.judge.model;
    this.threshold = options.threshold ?? DEFAULT_THRESHOLD;
    this.budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
    this.#maxInFlight = options.maxInFlightPerPart ?? DEFAULT_MAX_IN_FLIGHT_PER_PART;
  }

  /** Throws `InvalidRequestError` only for a malformed input (a claim citing nothing or an unknown passage). */
  async audit(
    input: { mode: "observe" | "repair"; parts: AuditPartInput[] },
    signal?: AbortSignal,
  ): Promise<AuditOutcome> {
    for (const part of input.parts) assertCitationsKnown(part);
    const perPart = await Promise.all(input.parts.map((part) => this.#auditPart(part, input.mode, signal)));
    const claims = perPart.flat();
    return { claims, usage: countUsage(claims.map((claim) => claim.audit)) };
  }

  health(signal?: AbortSignal): Promise<ComponentHealth> {
    return this.#judge.health(signal);
  }

  /** Releases the judge's pooled connections. */
  close(): Promise<void> {
    return this.#judge.close();
  }

  async #auditPart(
    part: AuditPartInput,
    mode: "observe" | "repair",
    signal?: AbortSignal,
  ): Promise<AuditClaimResult[]> {
    if (part.claims.length === 0) return [];
    const budget = new PartBudget(this.budgetMs, this.#maxInFlight, signal);
    const context: CheckContext = { judge: this.#judge, threshold: this.threshold, budget };
    const textById = new Map(part.passages.map((passage) => [passage.id, passage.text]));
    try {
      const perGroup = await Promise.all(
        groupByCitedSet(part.claims).map(async (group) => {
          const excerpts = group.citationIds.map((id) => ({ id, text: textById.get(id) ?? "" }));
          const assessments = await assessBatch(context, group.claims, excerpts);
          return Promise.all(
            group.claims.map(async (claim, index): Promise<[number, AuditClaimResult]> => {
              // biome-ignore lint/style/noNonNullAssertion: assessBatch returns one assessment per claim
              const assessment = assessments[index]!;
              const citations = [...(part.claims[claim.position]?.citations ?? claim.citationIds)];
              if (mode === "observe") return [claim.position, { claimId: claim.id, citations, audit: assessment }];
              const drafted = part.claims[claim.position];
              const candidates = drafted?.repairCandidates ? new Set(drafted.repairCandidates) : undefined;
              const repaired = await repairCitation(context, claim, citations, assessment, part.passages, candidates);
              return [claim.position, { claimId: claim.id, citations: repaired.citations, audit: repaired.record }];
            }),
          );
        }),
      );
      // Answer in the part's claim order, not in the order the groups were formed.
      return perGroup
        .flat()
        .sort(([a], [b]) => a - b)
        .map(([, result]) => result);
    } finally {
      budget.dispose();
    }
  }
}

function assertCitationsKnown(part: AuditPartInput): void {
  const known = new Set(part.passages.map((passage) => passage.id));
  for (const claim of part.claims) {
    if (claim.citations.length === 0) {
      throw new InvalidRequestError(`Claim ${claim.id} of part ${part.index} cites no passage`);
    }
    const unknown = claim.citations.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw new InvalidRequestError(
        `Claim ${claim.id} cites passage ${unknown}, which part ${part.index} did not retrieve`,
      );
    }
  }
}
