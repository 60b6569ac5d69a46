import type { AnswerPart, LedgerEntry } from "@audited-rag/core";
import { formatConfidence, formatScore } from "./format-numbers";

/** The passages shown for one question part and which of them its claims cite. */
export interface PartSources {
  cited: LedgerEntry[];
  uncited: LedgerEntry[];
}

/**
 * Passages of one part: those retrieved for it plus any it cites that the ledger filed
 * under an earlier part (one ledger entry per distinct chunk). Cited means cited by a
 * displayed claim of this part, so a citation replaced by repair no longer counts.
 */
export function partSources(ledger: LedgerEntry[], part: AnswerPart): PartSources {
  const citedIds = new Set(part.claims.flatMap((claim) => claim.citations));
  const entries = ledger
    .filter((entry) => entry.part === part.index || citedIds.has(entry.id))
    .sort((a, b) => (a.part === b.part ? a.rank - b.rank : a.part - b.part));
  return {
    cited: entries.filter((entry) => citedIds.has(entry.id)),
    uncited: entries.filter((entry) => !citedIds.has(entry.id)),
  };
}

/** "1 cited · 4 found". */
export function formatSourceCounts(sources: PartSources): string {
  return `${sources.cited.length} cited · ${sources.cited.length + sources.uncited.length} found`;
}

/** The retrieval trace in one line, e.g. "rank 1 · score 0.83 · BM25 #1 · dense #4". */
export function describeRetrieval(entry: LedgerEntry): string {
  const parts = [`rank ${entry.rank}`, `score ${formatScore(entry.score)}`];
  if (entry.ranks.bm25 !== undefined) parts.push(`BM25 #${entry.ranks.bm25}`);
  if (entry.ranks.dense !== undefined) parts.push(`dense #${entry.ranks.dense}`);
  return parts.join(" · ");
}

/** "Read by OCR, confidence 0.87" for a passage from a scanned page; null for a page with text. */
export function describeOcr(entry: Pick<LedgerEntry, "ocr">): string | null {
  return entry.ocr ? `Read by OCR, confidence ${formatConfidence(entry.ocr.confidence)}` : null;
}
