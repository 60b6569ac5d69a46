import type { AskResponse, Claim } from "@audited-rag/core";

/** The claim whose sources are shown, and the citation that was clicked. */
export interface ClaimSelection {
  partIndex: number;
  claimId: string;
  citationId: number;
}

/** What the PDF viewer opens: a page of a stored original, with a quote to find on it. */
export interface PdfTarget {
  documentId: string;
  filename: string;
  page: number;
  /** Null when there is nothing (reliable) to highlight. */
  quote: string | null;
}

/** The selected claim of a response, if it still exists. */
export function selectedClaim(response: AskResponse, selection: ClaimSelection | null): Claim | null {
  if (!selection) return null;
  for (const part of response.parts) {
    const claim = part.claims.find((item) => item.id === selection.claimId);
    if (claim) return claim;
  }
  return null;
}

/** DOM id of a passage card, so markers can scroll to it. Per part: parts may cite the same passage. */
export function passageElementId(partIndex: number, ledgerId: number): string {
  return `source-passage-${partIndex}-${ledgerId}`;
}
