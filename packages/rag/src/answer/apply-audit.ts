import type { AuditClaimResult, Claim, JevMode } from "@audited-rag/core";
import type { LedgerPart } from "./build-ledger";

/**
 * Turns a ledger part's claims into response claims, attaching the auditor's verdicts.
 * Only repair mode may change what is displayed, and only the citations: the text, quote
 * and ledger stay as drafted, so observe mode returns exactly what mode off returns plus
 * the audit records. A repaired citation set is taken only when it is non-empty and
 * names passages this part retrieved.
 */
export function applyAudit(part: LedgerPart, mode: JevMode, results: ReadonlyMap<string, AuditClaimResult>): Claim[] {
  const retrieved = new Set(part.passages.map((passage) => passage.id));
  return part.claims.map((claim) => {
    const result = mode === "off" ? undefined : results.get(claim.id);
    const repaired =
      mode === "repair" &&
      result !== undefined &&
      result.citations.length > 0 &&
      result.citations.every((id) => retrieved.has(id));
    return {
      id: claim.id,
      text: claim.text,
      quote: claim.quote,
      citations: repaired ? [...result.citations] : claim.citations,
      draftCitations: [...claim.citations],
      audit: result?.audit ?? null,
    };
  });
}
