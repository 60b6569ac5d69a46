import { z } from "zod";
import { auditRecordSchema, jevModeSchema, tokenUsageSchema } from "./audit";

export const dropReasonSchema = z.enum(["quote_not_in_passage", "unknown_citation", "not_self_contained"]);
export type DropReason = z.infer<typeof dropReasonSchema>;

export const passageFlagSchema = z.enum(["role_marker", "override_instruction", "tool_or_url_call", "hidden_text"]);
export type PassageFlag = z.infer<typeof passageFlagSchema>;

export const claimSchema = z.object({
  id: z.string(),
  text: z.string(),
  quote: z.string(),
  /** Global ledger ids as displayed (after any repair). */
  citations: z.array(z.number().int().positive()),
  /** Global ledger ids as drafted; differ from `citations` only after a repair. */
  draftCitations: z.array(z.number().int().positive()),
  /**
   * The drafted quote, present only when a repair replaced the citation and the quote was
   * re-selected verbatim from the new passage: the repair trail keeps what was first shown.
   */
  draftQuote: z.string().optional(),
  audit: auditRecordSchema.nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

export const answerPartSchema = z.object({
  index: z.number().int().nonnegative(),
  question: z.string(),
  status: z.enum(["answered", "abstained"]),
  /**
   * Plain-language reason when the part could not be drafted (e.g. the language model's output
   * could not be read); such a part is `abstained` with no claims.
   */
  error: z.string().optional(),
  claims: z.array(claimSchema),
});
export type AnswerPart = z.infer<typeof answerPartSchema>;

export const droppedClaimSchema = z.object({
  part: z.number().int().nonnegative(),
  text: z.string(),
  reason: dropReasonSchema,
});
export type DroppedClaim = z.infer<typeof droppedClaimSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int().positive(),
  part: z.number().int().nonnegative(),
  rank: z.number().int().positive(),
  documentId: z.string(),
  filename: z.string(),
  page: z.number().int().positive(),
  chunkId: z.string(),
  text: z.string(),
  sha256: z.string(),
  score: z.number(),
  cited: z.boolean(),
  ranks: z.object({ bm25: z.number().int().positive().optional(), dense: z.number().int().positive().optional() }),
  /** Instruction-like content found by passage screening (role markers, "ignore previous instructions"…). */
  flags: z.array(passageFlagSchema).optional(),
  /** Whether screening kept this passage out of drafting (RAG_SCREEN_PASSAGES=exclude). */
  excluded: z.boolean().optional(),
  /** Set when the passage's page had no text layer and was read by OCR: the page's mean word confidence, 0–1. */
  ocr: z.object({ confidence: z.number().min(0).max(1) }).optional(),
  /**
   * Set by `GET /api/answers/:id` when the cited document was deleted since, or replaced by a
   * newer upload of the same file name; never stored.
   */
  stale: z.enum(["deleted", "replaced"]).optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const askRequestSchema = z.object({
  question: z.string().trim().min(1, "question must not be empty").max(2000, "question is longer than 2000 characters"),
  documentIds: z.array(z.string().min(1)).max(1000).optional(),
  jevMode: jevModeSchema.optional(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

/** The extractive answer engine's account of one part (see packages/rag/src/answering). */
export const answerScoreTraceSchema = z.object({
  part: z.number().int().nonnegative(),
  threshold: z.number(),
  candidates: z.number().int().nonnegative(),
  best: z.number().nullable(),
  claims: z.array(
    z.object({
      localId: z.number().int().positive(),
      kind: z.string(),
      score: z.number(),
      parts: z.record(z.string(), z.number()),
    }),
  ),
  /** Question words read as a word the passages print, one typing slip away ("temprature" as "temperature"). */
  readAs: z.array(z.object({ asked: z.string(), read: z.string() })).optional(),
});
export type AnswerScoreTrace = z.infer<typeof answerScoreTraceSchema>;

export const askResponseSchema = z.object({
  id: z.string(),
  question: z.string(),
  createdAt: z.string(),
  jev: z.object({
    mode: jevModeSchema,
    model: z.string(),
    threshold: z.number(),
    budgetMs: z.number(),
    /** Which auditor ran: "jev" (hosted, TypeSafe) or "ollama" (this machine); absent on older answers. */
    auditor: z.enum(["jev", "ollama"]).optional(),
  }),
  parts: z.array(answerPartSchema),
  notAnswered: z.array(z.string()),
  dropped: z.array(droppedClaimSchema),
  ledger: z.array(ledgerEntrySchema),
  usage: z.object({ jevRequests: z.number().int().nonnegative() }).merge(tokenUsageSchema),
  timings: z.object({
    retrievalMs: z.number().nonnegative(),
    draftMs: z.number().nonnegative(),
    auditMs: z.number().nonnegative(),
    totalMs: z.number().nonnegative(),
  }),
  /** Plain sentences about the answer itself, e.g. that it could not be stored (absent when there is nothing to say). */
  warnings: z.array(z.string()).optional(),
  /** Retrieval and drafting trace: which lenient-JSON fix-ups fired, per part. */
  trace: z
    .object({
      generator: z.string(),
      fixups: z.array(z.object({ part: z.number().int().nonnegative(), fixes: z.array(z.string()) })),
      /** Why the extractive engine chose each claim: per part, the threshold, the best score and each claim's score parts. */
      scores: z.array(answerScoreTraceSchema).optional(),
    })
    .optional(),
});
export type AskResponse = z.infer<typeof askResponseSchema>;
