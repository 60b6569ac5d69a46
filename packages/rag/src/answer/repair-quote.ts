import { selectQuote } from "../drafting/select-quote";
import type { PassageStructure } from "../structure/passage-structure";
import { validateDraft } from "./validate-draft";

/**
 * The quote to show when a repair moves a claim onto `passage`: the best verbatim span for
 * the claim text, re-validated with the drafting rules (the quote is a normalised substring of
 * the cited passage, the claim is self-contained). Null when nothing in the passage can be
 * quoted for the claim; such a passage is no repair candidate.
 */
export function repairQuote(
  claimText: string,
  passage: { id: number; text: string; structure?: PassageStructure },
): string | null {
  const quote = selectQuote(claimText, passage.text, passage.structure);
  if (quote === null) return null;
  const { kept } = validateDraft({
    part: 0,
    passages: [{ localId: passage.id, text: passage.text }],
    claims: [{ text: claimText, quote, citations: [passage.id] }],
  });
  return kept.length === 1 ? quote : null;
}

/** The part's passages, other than those cited, that a repair of this claim could quote from. */
export function repairCandidates(
  claim: { text: string; citations: readonly number[] },
  passages: ReadonlyArray<{ id: number; text: string; structure?: PassageStructure }>,
): number[] {
  const cited = new Set(claim.citations);
  return passages
    .filter((passage) => !cited.has(passage.id) && repairQuote(claim.text, passage) !== null)
    .map((passage) => passage.id);
}
