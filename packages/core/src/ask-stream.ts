import { z } from "zod";
import { answerPartSchema, askResponseSchema, ledgerEntrySchema } from "./answer";
import { auditRecordSchema } from "./audit";

/**
 * The events of `POST /api/ask/stream`, one JSON object per line (NDJSON), in this order:
 * `stage` searching, then per part `stage` drafting and `part`, then `drafted` (the answer
 * numbered against the ledger, not yet checked), `stage` checking and one `verdicts` per
 * checked part, and last `answer` (the stored AskResponse) or `error`.
 */
export const askStageSchema = z.enum(["searching", "drafting", "checking"]);
export type AskStage = z.infer<typeof askStageSchema>;

export const askStageEventSchema = z.object({
  type: z.literal("stage"),
  stage: askStageSchema,
  /** Drafting: the 0-based part being drafted and how many parts are drafted in all. */
  part: z.number().int().nonnegative().optional(),
  parts: z.number().int().positive().optional(),
  /** Checking: how many claims go to the auditor. */
  claims: z.number().int().nonnegative().optional(),
});

/** A part's validated claims as soon as they are drafted, before ledger numbering. */
export const draftedPartSchema = z.object({
  index: z.number().int().nonnegative(),
  question: z.string(),
  status: z.enum(["answered", "abstained"]),
  error: z.string().optional(),
  claims: z.array(
    z.object({
      text: z.string(),
      quote: z.string(),
      sources: z.array(z.object({ filename: z.string(), page: z.number().int().positive() })),
    }),
  ),
});
export type DraftedPart = z.infer<typeof draftedPartSchema>;

export const claimVerdictSchema = z.object({
  claimId: z.string(),
  citations: z.array(z.number().int().positive()),
  audit: auditRecordSchema,
});
export type ClaimVerdict = z.infer<typeof claimVerdictSchema>;

export const askStreamEventSchema = z.discriminatedUnion("type", [
  askStageEventSchema,
  z.object({ type: z.literal("part"), part: draftedPartSchema }),
  z.object({ type: z.literal("drafted"), parts: z.array(answerPartSchema), ledger: z.array(ledgerEntrySchema) }),
  z.object({ type: z.literal("verdicts"), part: z.number().int().nonnegative(), claims: z.array(claimVerdictSchema) }),
  z.object({ type: z.literal("answer"), answer: askResponseSchema }),
  z.object({ type: z.literal("error"), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type AskStreamEvent = z.infer<typeof askStreamEventSchema>;
