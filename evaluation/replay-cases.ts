import { readFile } from "node:fs/promises";
import type { AuditPartInput, Distribution, PassageFlag } from "@audited-rag/core";
import { buildLedger, type RetrievedPassage, screenPassage, selectQuote, sha256Hex } from "@audited-rag/rag";
import { z } from "zod";

const expectedSchema = z.enum(["supported", "contradicted", "insufficient"]);
const casesSchema = z.object({
  cases: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      expected: expectedSchema,
      /** "flagged" when passage screening should flag the cited passage. */
      screening: z.literal("flagged").optional(),
      claim: z.string(),
      cited: z.array(z.string()).min(1),
      uncited: z.array(z.string()).default([]),
    }),
  ),
});
export type ReplayCase = z.infer<typeof casesSchema>["cases"][number];

export const LABEL_OF: Record<ReplayCase["expected"], keyof Distribution> = {
  supported: "support",
  contradicted: "contradiction",
  insufficient: "insufficient",
};

export async function readCases(): Promise<ReplayCase[]> {
  const text = await readFile(new URL("./fixtures/jev-cases.json", import.meta.url), "utf8");
  return casesSchema.parse(JSON.parse(text)).cases;
}

/** A replay case as the answer engine would hand it to the auditor: through the ledger, screened. */
export interface PreparedCase {
  part: AuditPartInput;
  /** Screening flags of the cited passages. */
  citedFlags: PassageFlag[];
}

/**
 * Builds the case's ledger the way RAGService does (cited passages first, one global id per
 * chunk), screens its passages, and returns the audit input the service would send.
 */
export function prepareCase(replayCase: ReplayCase): PreparedCase {
  const texts = [...replayCase.cited, ...replayCase.uncited];
  const passages: RetrievedPassage[] = texts.map((text, index) => ({
    localId: index + 1,
    chunk: {
      id: `${replayCase.id}-${index + 1}`,
      documentId: `replay-${replayCase.id}`,
      filename: `${replayCase.id}.pdf`,
      page: 1,
      start: 0,
      end: text.length,
      text,
      sha256: sha256Hex(text),
    },
    hit: { chunkId: `${replayCase.id}-${index + 1}`, score: 1 - index / 10, ranks: { bm25: index + 1 } },
  }));
  const citations = replayCase.cited.map((_, index) => index + 1);
  const quote = selectQuote(replayCase.claim, replayCase.cited[0] ?? "") ?? replayCase.cited[0] ?? "";
  const ledger = buildLedger([{ index: 0, passages, claims: [{ text: replayCase.claim, quote, citations }] }]);
  const ledgerPart = ledger.parts[0];
  if (!ledgerPart) throw new Error(`no ledger part for ${replayCase.id}`);
  const cited = new Set(ledgerPart.claims.flatMap((claim) => claim.citations));
  const citedFlags = [
    ...new Set(ledgerPart.passages.filter((p) => cited.has(p.id)).flatMap((p) => screenPassage(p.text))),
  ];
  return {
    part: {
      index: 0,
      claims: ledgerPart.claims.map((claim) => ({ id: replayCase.id, text: claim.text, citations: claim.citations })),
      passages: ledgerPart.passages,
    },
    citedFlags,
  };
}
