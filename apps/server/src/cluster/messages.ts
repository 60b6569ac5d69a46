import { AppError, documentSchema } from "@audited-rag/core";
import { z } from "zod";

/**
 * Messages between the processes of a cluster, all through the primary (workers cannot reach
 * each other directly). Every message is checked on arrival with these schemas.
 */

const uploadSchema = z.object({
  tempPath: z.string().min(1),
  filename: z.string(),
  sha256: z.string(),
  bytes: z.number().int().nonnegative(),
  uploadedBy: z.string().optional(),
});

/** A failure as it crosses a process boundary: the code and message the client will see. */
export const wireErrorSchema = z.object({ code: z.string(), message: z.string() });
export type WireError = z.infer<typeof wireErrorSchema>;

export const intakeRequestSchema = z.discriminatedUnion("op", [
  z.object({ kind: z.literal("intake"), requestId: z.string(), op: z.literal("ingest"), upload: uploadSchema }),
  z.object({
    kind: z.literal("intake"),
    requestId: z.string(),
    op: z.literal("delete"),
    id: z.string(),
    deletedBy: z.string().nullable(),
  }),
]);
export type IntakeRequest = z.infer<typeof intakeRequestSchema>;

/** The primary adds the sender so the owner's reply can be routed back. */
export const routedIntakeRequestSchema = z.intersection(intakeRequestSchema, z.object({ from: z.number().int() }));
export type RoutedIntakeRequest = z.infer<typeof routedIntakeRequestSchema>;

/**
 * The owner's answers: `registered` once the upload is read (the route can answer 202),
 * `settled` when processing ends, `deleted` after a delete; `failed` at any step.
 */
export const intakeReplySchema = z.object({
  kind: z.literal("intake-reply"),
  requestId: z.string(),
  to: z.number().int(),
  stage: z.enum(["registered", "settled", "deleted", "failed"]),
  document: documentSchema.optional(),
  created: z.boolean().optional(),
  error: wireErrorSchema.optional(),
  /** For `failed`: whether the upload was registered before failing (then this failure is `done`'s). */
  afterRegistration: z.boolean().optional(),
});
export type IntakeReply = z.infer<typeof intakeReplySchema>;

export const controlMessageSchema = z.discriminatedUnion("kind", [
  /** Worker → primary: built and ready for connections. */
  z.object({ kind: z.literal("ready") }),
  /** Primary → worker: finish what is in flight and exit. */
  z.object({ kind: z.literal("shutdown") }),
  /** Primary → workers: the owner died; requests waiting on it will not be answered. */
  z.object({ kind: z.literal("owner-lost") }),
  /** Primary → worker: the server listens at `address` (the owner announces it). */
  z.object({ kind: z.literal("listening"), address: z.string() }),
  /** Primary → worker, with the socket as the message's handle: a client connection for this worker to serve. */
  z.object({ kind: z.literal("connection") }),
  /** Worker → primary: one of the connections it was handed has closed. */
  z.object({ kind: z.literal("connection-closed") }),
]);
export type ControlMessage = z.infer<typeof controlMessageSchema>;

/**
 * The upload slots (RAG_MAX_CONCURRENT_UPLOADS) are counted by the primary for every worker, so
 * the cap holds for the whole server: a worker asks for one, is told whether it got it, and gives
 * it back; a worker that dies gives back all of its slots.
 */
export const slotMessageSchema = z.discriminatedUnion("kind", [
  /** Worker → primary. */
  z.object({ kind: z.literal("slot-acquire"), requestId: z.string() }),
  /** Primary → worker. */
  z.object({ kind: z.literal("slot-answer"), requestId: z.string(), granted: z.boolean() }),
  /** Worker → primary: the upload's answer is sent (or its client left). */
  z.object({ kind: z.literal("slot-release"), requestId: z.string() }),
]);
export type SlotMessage = z.infer<typeof slotMessageSchema>;

/** Rate-limit counts, kept by the primary for every worker (see `IpcRateLimitClient`). */
export const rateMessageSchema = z.discriminatedUnion("kind", [
  /** Worker → primary: count one request against `key` in a window of `timeWindow` ms. */
  z.object({ kind: z.literal("rate-incr"), requestId: z.string(), key: z.string(), timeWindow: z.number().positive() }),
  /** Primary → worker: the count so far in the window and the ms left of it. */
  z.object({ kind: z.literal("rate-count"), requestId: z.string(), current: z.number(), ttl: z.number() }),
]);
export type RateMessage = z.infer<typeof rateMessageSchema>;

/** A failure rebuilt from its wire form, so the one error table maps it to the same status. */
export class RemoteError extends AppError {
  readonly code: string;
  constructor(wire: WireError) {
    super(wire.message);
    this.code = wire.code;
  }
}

/** The wire form of any thrown value; faults of ours keep only a generic code (their detail stays in the owner's log). */
export function toWireError(error: unknown): WireError {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  return { code: "INTERNAL_ERROR", message: "Something went wrong while processing the document" };
}
