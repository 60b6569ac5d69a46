import { z } from "zod";
import type { AskResponse } from "./answer";

/** What the history list shows of an answer without loading it (`GET /api/answers`). */
export const answerStatusSummarySchema = z.object({
  parts: z.number().int().nonnegative(),
  answeredParts: z.number().int().nonnegative(),
  claims: z.number().int().nonnegative(),
  /** Support-check suggestions; all zero when the answer ran with the auditor off. */
  keep: z.number().int().nonnegative(),
  review: z.number().int().nonnegative(),
  withhold: z.number().int().nonnegative(),
  unavailable: z.number().int().nonnegative(),
});
export type AnswerStatusSummary = z.infer<typeof answerStatusSummarySchema>;

export const answerListItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  createdAt: z.string(),
  jevMode: z.enum(["off", "observe", "repair"]),
  summary: answerStatusSummarySchema,
});
export type AnswerListItem = z.infer<typeof answerListItemSchema>;

export const answerListSchema = z.object({ answers: z.array(answerListItemSchema) });

/** Counts parts, claims and check suggestions of a stored answer. */
export function summarizeAnswer(response: AskResponse): AnswerStatusSummary {
  const claims = response.parts.flatMap((part) => part.claims);
  const suggestions = claims.map((claim) => claim.audit?.suggestion);
  const count = (value: string) => suggestions.filter((suggestion) => suggestion === value).length;
  return {
    parts: response.parts.length,
    answeredParts: response.parts.filter((part) => part.status === "answered").length,
    claims: claims.length,
    keep: count("keep"),
    review: count("review"),
    withhold: count("withhold"),
    unavailable: claims.filter((claim) => claim.audit?.status === "unavailable").length,
  };
}

/** The list item of a stored answer. */
export function toAnswerListItem(response: AskResponse): AnswerListItem {
  return {
    id: response.id,
    question: response.question,
    createdAt: response.createdAt,
    jevMode: response.jev.mode,
    summary: summarizeAnswer(response),
  };
}
