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
import type { JevTransport } from "./jev-transport";
import { PartBudget } from "./part-budget";
import { DEFAULT_THRESHOLD, isPinnedModel } from "./policy";
import { repairCitation } from "./repair";
import { countUsage } from "./usage";

export const DEFAULT_JEV_MODEL = "jev-1.13.0";
export const DEFAULT_BUDGET_MS = 5000;
/** Eight distinct cited sets in one part then finish in about one request's latency. */
export const DEFAULT_MAX_IN_FLIGHT_PER_PART = 8;

export interface JevAuditorOptions {
  transport: JevTransport;
  model?: string;
  threshold?: number;
  /** Total time for every request of one question part, repair included. */
  budgetMs?: number;
  maxInFlightPerPart?: number;
}

/**
 * The auditor: each claim and only its cited excerpts go to Jev, claims with identical cited
 * sets share a request, parts run concurrently with a budget each. `audit()` never rejects
 * for provider trouble or cancellation: a cancelled caller signal ends the parts early, as
 * the deadline would, and the records say so.
 */
export class JevAuditor implements AnswerAuditor {
  readonly model: string;
  readonly threshold: number;
  readonly budgetMs: number;
  readonly #transport: JevTransport;
  readonly #maxInFlight: number;

  constructor(options: JevAuditorOptions) {
    this.#transport = options.transport;
    this.model = options.model ?? DEFAULT_JEV_MODEL;
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
    const claims = perPart.flatMap((part) => part.results);
    const usage = countUsage(claims.map((claim) => claim.audit));
    // A timed-out or failed request has no request id to count, but it was sent (and may be billed).
    const sent = perPart.reduce((sum, part) => sum + part.sent, 0);
    return { claims, usage: { ...usage, jevRequests: Math.max(usage.jevRequests, sent) } };
  }

  async health(signal?: AbortSignal): Promise<ComponentHealth> {
    const timeout = AbortSignal.timeout(this.budgetMs);
    try {
      const reply = await this.#transport.listModels(signal ? AbortSignal.any([signal, timeout]) : timeout);
      if (reply.status === 401 || reply.status === 403) return degraded("TypeSafe rejected the API key");
      if (reply.status < 200 || reply.status > 299) return degraded(`TypeSafe answered HTTP ${reply.status}`);
      if (!reply.models) return degraded("TypeSafe sent an unreadable model list");
      const listed = reply.models.includes(this.model) || !isPinnedModel(this.model);
      if (!listed) return degraded(`TypeSafe does not list ${this.model}`, this.model);
      return { status: "ok", model: this.model };
    } catch {
      return degraded("TypeSafe API unreachable");
    }
  }

  /** Releases the transport's pooled connections. */
  close(): Promise<void> {
    return this.#transport.close();
  }

  async #auditPart(
    part: AuditPartInput,
    mode: "observe" | "repair",
    signal?: AbortSignal,
  ): Promise<{ results: AuditClaimResult[]; sent: number }> {
    if (part.claims.length === 0) return { results: [], sent: 0 };
    const budget = new PartBudget(this.budgetMs, this.#maxInFlight, signal);
    const context: CheckContext = { transport: this.#transport, model: this.model, threshold: this.threshold, budget };
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
              const repaired = await repairCitation(context, claim, citations, assessment, part.passages);
              return [claim.position, { claimId: claim.id, citations: repaired.citations, audit: repaired.record }];
            }),
          );
        }),
      );
      // Answer in the part's claim order, not in the order the groups were formed.
      const results = perGroup
        .flat()
        .sort(([a], [b]) => a - b)
        .map(([, result]) => result);
      return { results, sent: budget.started };
    } finally {
      budget.dispose();
    }
  }
}

function degraded(detail: string, model?: string): ComponentHealth {
  return model ? { status: "degraded", detail, model } : { status: "degraded", detail };
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
