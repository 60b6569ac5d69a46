import type { AuditClaimResult, AuditRecord, Claim, JevMode } from "@audited-rag/core";
import type { LedgerPart } from "./build-ledger";
import { repairQuote } from "./repair-quote";

/**
 * Turns a ledger part's claims into response claims, attaching the auditor's verdicts.
 * Only repair mode may change what is displayed: the citation, and with it the quote, which
 * is re-selected verbatim from the new passage so every displayed quote can be found in
 * what it cites; the drafted quote stays on the claim as `draftQuote`. The text and ledger
 * never change. A repair is taken only when it names one passage this part retrieved and a
 * quote for the claim validates against it; otherwise the claim keeps its drafted citation
 * and its record is the original assessment, so nothing claims a repair that is not shown.
 */
export function applyAudit(part: LedgerPart, mode: JevMode, results: ReadonlyMap<string, AuditClaimResult>): Claim[] {
  const passageById = new Map(part.passages.map((passage) => [passage.id, passage]));
  return part.claims.map((claim): Claim => {
    const result = mode === "off" ? undefined : results.get(claim.id);
    const drafted: Claim = {
      id: claim.id,
      text: claim.text,
      quote: claim.quote,
      citations: claim.citations,
      draftCitations: [...claim.citations],
      audit: result?.audit ?? null,
    };
    if (mode !== "repair" || result === undefined || sameIds(result.citations, claim.citations)) return drafted;
    const [replacement] = result.citations;
    const passage =
      result.citations.length === 1 && replacement !== undefined ? passageById.get(replacement) : undefined;
    const quote = passage ? repairQuote(claim.text, passage) : null;
    if (!passage || quote === null) return { ...drafted, audit: notRepaired(result.audit) };
    return { ...drafted, quote, citations: [passage.id], draftQuote: claim.quote };
  });
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** The record of a repair that is not shown: the original assessment with the repair trail. */
function notRepaired(audit: AuditRecord): AuditRecord {
  if (!audit.original) return audit;
  const { repairPolicyVersion, repairAttempts } = audit;
  return {
    ...audit.original,
    original: audit.original,
    ...(repairPolicyVersion ? { repairPolicyVersion } : {}),
    ...(repairAttempts ? { repairAttempts } : {}),
  };
}
