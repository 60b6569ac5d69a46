import { containsNormalized, type DroppedClaim } from "@audited-rag/core";
import type { DraftClaim, DraftPassage } from "../drafting/drafter";
import { isSelfContained } from "./self-contained";

export interface ValidateDraftInput {
  /** Index of the question part, recorded on dropped claims. */
  part: number;
  /** The part's retrieved passages with their local ids. */
  passages: DraftPassage[];
  claims: DraftClaim[];
}

export interface ValidatedDraft {
  /** Claims that passed, in drafted order, with duplicate citation ids removed. */
  kept: DraftClaim[];
  dropped: DroppedClaim[];
}

/**
 * Keeps a drafted claim only when every citation names a retrieved passage of its part,
 * its quote is a normalised substring of one of the cited passages, and its text can stand
 * alone. A claim that fails is dropped, never repaired: attaching a passage after the fact
 * could point at text that does not say what the claim says.
 */
export function validateDraft({ part, passages, claims }: ValidateDraftInput): ValidatedDraft {
  const passageText = new Map(passages.map((passage) => [passage.localId, passage.text]));
  const kept: DraftClaim[] = [];
  const dropped: DroppedClaim[] = [];
  for (const claim of claims) {
    const citations = [...new Set(claim.citations)];
    const cited = citations.map((id) => passageText.get(id));
    if (cited.length === 0 || cited.some((text) => text === undefined)) {
      dropped.push({ part, text: claim.text, reason: "unknown_citation" });
    } else if (!cited.some((text) => containsNormalized(text as string, claim.quote))) {
      dropped.push({ part, text: claim.text, reason: "quote_not_in_passage" });
    } else if (!isSelfContained(claim.text, "claim")) {
      dropped.push({ part, text: claim.text, reason: "not_self_contained" });
    } else {
      kept.push({ ...claim, citations });
    }
  }
  return { kept, dropped };
}
