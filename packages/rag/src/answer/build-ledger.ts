import type { LedgerEntry } from "@audited-rag/core";
import type { DraftClaim } from "../drafting/drafter";
import type { SearchHit } from "../retrieval/vector-index";
import type { ChunkRecord } from "../store/chunk-record";
import type { PassageStructure } from "../structure/passage-structure";

/** A retrieved chunk of one part: `localId` is its 1-based place in that part's retrieval order. */
export interface RetrievedPassage {
  localId: number;
  chunk: ChunkRecord;
  hit: SearchHit;
}

export interface LedgerPartInput {
  index: number;
  /** In retrieval order. */
  passages: RetrievedPassage[];
  /** Validated claims citing local ids. */
  claims: DraftClaim[];
}

/** A claim after mapping: id `p{part}c{n}` and global ledger ids. */
export interface LedgerClaim {
  id: string;
  text: string;
  quote: string;
  citations: number[];
}

export interface LedgerPart {
  index: number;
  claims: LedgerClaim[];
  /** The part's retrieved passages in retrieval order, by global id, with their exact text (and layout, for quoting). */
  passages: Array<{ id: number; text: string; structure?: PassageStructure }>;
}

export interface Ledger {
  /** Ordered by id; `cited` reflects the drafted citations. */
  entries: LedgerEntry[];
  parts: LedgerPart[];
}

/**
 * Numbers every distinct chunk of every part once. Parts are walked in order; within a
 * part, chunks cited by claims come first (in order of first citation), then the rest in
 * retrieval order. A chunk met again in a later part keeps its number, so the same passage
 * never shows under two ids. `part` and `rank` record where the chunk was first met.
 */
export function buildLedger(parts: LedgerPartInput[]): Ledger {
  const idByChunk = new Map<string, number>();
  const entries: LedgerEntry[] = [];
  const number = (partIndex: number, passage: RetrievedPassage, rank: number): number => {
    const known = idByChunk.get(passage.chunk.id);
    if (known !== undefined) return known;
    const id = entries.length + 1;
    idByChunk.set(passage.chunk.id, id);
    const { chunk, hit } = passage;
    entries.push({
      id,
      part: partIndex,
      rank,
      documentId: chunk.documentId,
      filename: chunk.filename,
      page: chunk.page,
      chunkId: chunk.id,
      text: chunk.text,
      sha256: chunk.sha256,
      score: hit.score,
      cited: false,
      ranks: { ...hit.ranks },
      ...(chunk.ocrConfidence !== undefined && { ocr: { confidence: chunk.ocrConfidence } }),
    });
    return id;
  };

  const ledgerParts = parts.map((part): LedgerPart => {
    const rankByLocal = new Map(part.passages.map((passage, position) => [passage.localId, position + 1]));
    const globalId = (localId: number): number => {
      const rank = rankByLocal.get(localId);
      if (rank === undefined) throw new Error(`part ${part.index} cites unknown local id ${localId}`);
      return number(part.index, part.passages[rank - 1] as RetrievedPassage, rank);
    };
    const claims = part.claims.map((claim, k) => ({
      id: `p${part.index}c${k + 1}`,
      text: claim.text,
      quote: claim.quote,
      citations: claim.citations.map(globalId),
    }));
    const passages = part.passages.map((passage, position) => ({
      id: number(part.index, passage, position + 1),
      text: passage.chunk.text,
      ...(passage.chunk.structure && { structure: passage.chunk.structure }),
    }));
    return { index: part.index, claims, passages };
  });

  const cited = new Set(ledgerParts.flatMap((part) => part.claims.flatMap((claim) => claim.citations)));
  for (const entry of entries) entry.cited = cited.has(entry.id);
  return { entries, parts: ledgerParts };
}
