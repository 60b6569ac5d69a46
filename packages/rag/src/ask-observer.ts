import type { AnswerPart, AskStage, ClaimVerdict, DraftedPart, LedgerEntry } from "@audited-rag/core";
import type { RetrievedPassage } from "./answer/build-ledger";
import { validateDraft } from "./answer/validate-draft";
import type { DraftPart, DraftPartInput } from "./drafting/drafter";

/**
 * Follows one ask as it happens (the streaming route). Every method is called synchronously
 * from the service; an observer must not throw.
 */
export interface AskObserver {
  /** A stage starts; drafting reports which part of how many. */
  stage(event: { stage: AskStage; part?: number; parts?: number; claims?: number }): void;
  /** One part's validated claims, before ledger numbering. */
  partDrafted(part: DraftedPart): void;
  /** Every part numbered against the ledger, with no verdicts yet. */
  drafted(parts: AnswerPart[], ledger: LedgerEntry[]): void;
  /** The auditor's verdicts on one part's claims. */
  verdicts(part: number, claims: ClaimVerdict[]): void;
}

/** What a drafted part shows before numbering: the claims that survive validation, with their sources. */
export function previewDraftedPart(
  input: DraftPartInput,
  draft: DraftPart,
  retrieved: readonly RetrievedPassage[],
): DraftedPart {
  const base = { index: input.index, question: input.question };
  if (draft.error !== undefined) return { ...base, status: "abstained", error: draft.error, claims: [] };
  if (draft.abstained) return { ...base, status: "abstained", claims: [] };
  const { kept } = validateDraft({ part: input.index, passages: input.passages, claims: draft.claims });
  const byLocal = new Map(retrieved.map((passage) => [passage.localId, passage.chunk]));
  const claims = kept.map((claim) => ({
    text: claim.text,
    quote: claim.quote,
    sources: claim.citations.flatMap((localId) => {
      const chunk = byLocal.get(localId);
      return chunk ? [{ filename: chunk.filename, page: chunk.page }] : [];
    }),
  }));
  return { ...base, status: claims.length > 0 ? "answered" : "abstained", claims };
}
