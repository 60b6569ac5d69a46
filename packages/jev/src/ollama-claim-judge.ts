import type { ComponentHealth } from "@audited-rag/core";
import { Ollama } from "ollama";
import { z } from "zod";
import type { ClaimJudge, JudgeReply } from "./claim-judge";
import {
  buildOllamaJudgeMessages,
  OLLAMA_JUDGE_PROMPT_VERSION,
  ollamaJudgeFormat,
  readOllamaJudgeReply,
} from "./ollama-judge-prompt";

export const DEFAULT_OLLAMA_AUDIT_MODEL = "qwen2.5:3b";

export interface OllamaClaimJudgeOptions {
  /** Base URL of Ollama, e.g. http://127.0.0.1:11434. */
  host: string;
  /** A small instruction model that follows JSON schemas; default qwen2.5:3b. */
  model?: string;
  /** Context window in tokens; default 8192. */
  numCtx?: number;
  /** How long Ollama keeps the model loaded, e.g. `5m`. */
  keepAlive?: string | number;
  /** How long a health check may take. */
  healthTimeoutMs?: number;
}

/** What we read of a `/api/chat` reply (official API: model, message.content, token counts). */
const chatReplySchema = z.object({
  model: z.string().min(1),
  message: z.object({ content: z.string() }),
  prompt_eval_count: z.number().int().nonnegative().optional(),
  eval_count: z.number().int().nonnegative().optional(),
});
const tagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });

/** Ollama treats a name without a tag as `:latest`. */
export function sameOllamaModel(a: string, b: string): boolean {
  const withTag = (name: string) => (name.includes(":") ? name : `${name}:latest`);
  return withTag(a) === withTag(b);
}

/** The HTTP status of an error thrown by the `ollama` client (its ResponseError is not exported). */
function responseStatus(error: unknown): number | undefined {
  if (error instanceof Error && error.name === "ResponseError") {
    const status = (error as Error & { status_code?: unknown }).status_code;
    if (typeof status === "number") return status;
  }
  return undefined;
}

const NO_USAGE = { inputTokens: 0, outputTokens: 0 };

/**
 * Judges claims with a chat model on Ollama: excerpts never leave this machine (as long as
 * OLLAMA_HOST is on it). One `/api/chat` per cited set, temperature 0, the reply constrained
 * by a JSON schema of one distribution per claim. Ollama sends no request id.
 */
export class OllamaClaimJudge implements ClaimJudge {
  readonly kind = "ollama";
  readonly promptVersion = OLLAMA_JUDGE_PROMPT_VERSION;
  readonly model: string;
  readonly #host: string;
  readonly #numCtx: number;
  readonly #keepAlive: string | number | undefined;
  readonly #healthTimeoutMs: number;

  constructor(options: OllamaClaimJudgeOptions) {
    this.#host = options.host.replace(/\/+$/, "");
    this.model = options.model ?? DEFAULT_OLLAMA_AUDIT_MODEL;
    this.#numCtx = options.numCtx ?? 8192;
    this.#keepAlive = options.keepAlive;
    this.#healthTimeoutMs = options.healthTimeoutMs ?? 5000;
  }

  async judge(claims: readonly string[], excerpts: readonly string[], signal: AbortSignal): Promise<JudgeReply> {
    let raw: unknown;
    try {
      raw = await this.#client(signal).chat({
        model: this.model,
        messages: buildOllamaJudgeMessages(claims, excerpts),
        stream: false,
        format: ollamaJudgeFormat(claims.length),
        options: { temperature: 0, num_ctx: this.#numCtx },
        ...(this.#keepAlive === undefined ? {} : { keep_alive: this.#keepAlive }),
      });
    } catch (error) {
      const status = responseStatus(error);
      // A status means a reply came; anything else (refused connection, abort) had none.
      if (status === undefined || signal.aborted) throw error;
      const detail = { cause: "http_status" as const, httpStatus: status };
      return { kind: "refused", detail, requestId: null, returnedModel: null, usage: NO_USAGE };
    }
    const reply = chatReplySchema.safeParse(raw);
    if (!reply.success) {
      const detail = { cause: "unreadable_reply" as const };
      return { kind: "refused", detail, requestId: null, returnedModel: null, usage: NO_USAGE };
    }
    const { model: returnedModel, message } = reply.data;
    const usage = { inputTokens: reply.data.prompt_eval_count ?? 0, outputTokens: reply.data.eval_count ?? 0 };
    if (!sameOllamaModel(this.model, returnedModel)) {
      return { kind: "refused", detail: { cause: "model_mismatch" }, requestId: null, returnedModel, usage };
    }
    const distributions = readOllamaJudgeReply(message.content, claims.length);
    if (!distributions) {
      return { kind: "refused", detail: { cause: "unreadable_reply" }, requestId: null, returnedModel, usage };
    }
    return { kind: "answered", requestId: null, returnedModel, usage, distributions };
  }

  async health(signal?: AbortSignal): Promise<ComponentHealth> {
    const timeout = AbortSignal.timeout(this.#healthTimeoutMs);
    const model = this.model;
    try {
      const tags = tagsSchema.safeParse(
        await this.#client(signal ? AbortSignal.any([signal, timeout]) : timeout).list(),
      );
      if (!tags.success)
        return { status: "degraded", model, detail: `Ollama at ${this.#host} sent an unreadable model list.` };
      const pulled = tags.data.models.some((entry) => sameOllamaModel(entry.name, model));
      return pulled
        ? { status: "ok", model, detail: `checks run on Ollama at ${this.#host}, not on a hosted service` }
        : {
            status: "degraded",
            model,
            detail: `The audit model "${model}" is not pulled; run \`ollama pull ${model}\`.`,
          };
    } catch {
      return { status: "degraded", model, detail: `Ollama at ${this.#host} is not reachable.` };
    }
  }

  async close(): Promise<void> {}

  /** A fresh client per request: the client forwards abort signals only for streams, so its fetch carries ours. */
  #client(signal: AbortSignal): Ollama {
    return new Ollama({
      host: this.#host,
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal }),
    });
  }
}
