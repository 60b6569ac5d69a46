import { ClaimAuditor, type ClaimAuditorOptions, DEFAULT_BUDGET_MS } from "./claim-auditor";
import { JevClaimJudge } from "./jev-claim-judge";
import type { JevTransport } from "./jev-transport";

export const DEFAULT_JEV_MODEL = "jev-1.13.0";

export interface JevAuditorOptions extends Omit<ClaimAuditorOptions, "judge"> {
  transport: JevTransport;
  model?: string;
}

/** The hosted auditor: the shared `ClaimAuditor` over TypeSafe's Jev. */
export class JevAuditor extends ClaimAuditor {
  constructor({ transport, model, ...options }: JevAuditorOptions) {
    const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
    super({ ...options, judge: new JevClaimJudge(transport, model ?? DEFAULT_JEV_MODEL, budgetMs) });
  }
}
