import { readFile } from "node:fs/promises";
import {
  type AuditRecord,
  type ComponentHealth,
  distributionSchema,
  tokenUsageSchema,
  unavailableDetailSchema,
} from "@audited-rag/core";
import type { ClaimJudge, JudgeReply } from "@audited-rag/jev";
import { sha256Hex } from "@audited-rag/rag";
import { z } from "zod";

/** Every recording this script writes carries this marker; `--recorded` refuses files without it. */
export const RECORDING_MARKER = "audited-rag/jev-replay recording v1";

const entrySchema = z.object({
  /** sha256 of the claim text and the exact excerpts sent, so a recording only replays the texts it saw. */
  key: z.string(),
  status: z.enum(["completed", "unavailable"]),
  distribution: distributionSchema.nullable(),
  detail: unavailableDetailSchema.nullable(),
  returnedModel: z.string().nullable(),
  requestId: z.string().nullable(),
  latencyMs: z.number().nonnegative(),
  usage: tokenUsageSchema,
});
export const recordingSchema = z.object({
  recordedBy: z.literal(RECORDING_MARKER),
  recordedAt: z.string(),
  auditor: z.enum(["jev", "ollama"]),
  endpoint: z.string(),
  model: z.string(),
  promptVersion: z.string(),
  cases: z.record(z.string(), entrySchema),
});
export type Recording = z.infer<typeof recordingSchema>;

/** Identity of one check's texts. */
export function checkKey(claim: string, excerpts: readonly string[]): string {
  return sha256Hex(JSON.stringify([claim, ...excerpts]));
}

/** The recording entry of one live record. */
export function recordEntry(key: string, record: AuditRecord): Recording["cases"][string] {
  return {
    key,
    status: record.status,
    distribution: record.distribution,
    detail: record.detail ?? null,
    returnedModel: record.returnedModel,
    requestId: record.requestId,
    latencyMs: record.latencyMs,
    usage: record.usage,
  };
}

/** Null when the file is not a recording of this script (for example the predecessor's figures). */
export async function readRecording(path: string): Promise<Recording | null> {
  const parsed = recordingSchema.safeParse(JSON.parse(await readFile(path, "utf8")));
  return parsed.success ? parsed.data : null;
}

/**
 * A judge that answers from a recording: the same auditor, policy and records run on top of
 * it, but no request leaves the process. A check whose texts the recording did not see is
 * refused as unreadable rather than answered with someone else's numbers.
 */
export class RecordedJudge implements ClaimJudge {
  readonly kind: "jev" | "ollama";
  readonly model: string;
  readonly promptVersion: string;
  readonly #byKey: Map<string, Recording["cases"][string]>;

  constructor(recording: Recording) {
    this.kind = recording.auditor;
    this.model = recording.model;
    this.promptVersion = recording.promptVersion;
    this.#byKey = new Map(Object.values(recording.cases).map((entry) => [entry.key, entry]));
  }

  async judge(claims: readonly string[], excerpts: readonly string[]): Promise<JudgeReply> {
    const entries = claims.map((claim) => this.#byKey.get(checkKey(claim, excerpts)));
    const first = entries[0];
    if (!first || entries.some((entry) => entry === undefined)) {
      return {
        kind: "refused",
        detail: { cause: "unreadable_reply" },
        requestId: null,
        returnedModel: null,
        usage: { inputTokens: 0, outputTokens: 0 },
      };
    }
    if (first.status === "unavailable" || !first.returnedModel) {
      return {
        kind: "refused",
        detail: first.detail ?? { cause: "unreadable_reply" },
        requestId: first.requestId,
        returnedModel: first.returnedModel,
        usage: first.usage,
      };
    }
    return {
      kind: "answered",
      requestId: first.requestId,
      returnedModel: first.returnedModel,
      usage: first.usage,
      distributions: entries.map((entry) => entry?.distribution ?? null),
    };
  }

  async health(): Promise<ComponentHealth> {
    return { status: "ok", model: this.model, detail: "recording" };
  }

  async close(): Promise<void> {}
}
