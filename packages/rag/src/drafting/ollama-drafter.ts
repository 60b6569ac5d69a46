import { type ComponentHealth, GeneratorUnavailableError } from "@audited-rag/core";
import { z } from "zod";
import { ollamaModelHealth } from "../ollama/ollama-model-health";
import { withOllama } from "../ollama/ollama-request";
import { draftOutputJsonSchema, draftOutputSchema } from "./draft-output-schema";
import { buildDraftMessages } from "./draft-prompt";
import type { Drafter, DraftPart, DraftPartInput } from "./drafter";
import { parseLenientJson } from "./lenient-json";

/** Settings of {@link OllamaDrafter}; the server fills them from its config. */
export interface OllamaDrafterSettings {
  /** Base URL of Ollama, e.g. `http://127.0.0.1:11434` (OLLAMA_HOST). */
  host: string;
  /** Chat model (RAG_CHAT_MODEL); default `llama3.2:3b`. */
  model?: string;
  /** Context window in tokens (RAG_CHAT_NUM_CTX); default 8192. */
  numCtx?: number;
  /** Limit for one part's `/api/chat` request in milliseconds (RAG_CHAT_TIMEOUT_MS); default 120 000. */
  timeoutMs?: number;
  /** How long Ollama keeps the model loaded, e.g. `5m` (RAG_OLLAMA_KEEP_ALIVE). */
  keepAlive?: string | number;
  /** Parts drafted at the same time; default 3. */
  concurrency?: number;
}

export const OLLAMA_DRAFTER_DEFAULTS = {
  model: "llama3.2:3b",
  numCtx: 8192,
  timeoutMs: 120_000,
  concurrency: 3,
} as const;

const chatResponseSchema = z.object({ message: z.object({ content: z.string() }) });

export const UNREADABLE_JSON_MESSAGE = "The language model's answer could not be read as JSON.";
export const UNEXPECTED_SHAPE_MESSAGE = "The language model's answer did not have the expected claims and quotes.";

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of results. */
async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const position = next++;
      results[position] = await work(items[position] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Drafts claims with a local Ollama chat model: one `/api/chat` request per part with the
 * draft's JSON schema as `format`, temperature 0, and lenient parsing of the reply.
 * Transport failures (unreachable, model missing, timeout) reject the whole draft; an
 * unreadable answer only marks its part.
 */
export class OllamaDrafter implements Drafter {
  readonly name = "ollama";
  readonly model: string;
  private readonly host: string;
  private readonly numCtx: number;
  private readonly timeoutMs: number;
  private readonly keepAlive: string | number | undefined;
  private readonly concurrency: number;

  constructor(settings: OllamaDrafterSettings) {
    this.host = settings.host;
    this.model = settings.model ?? OLLAMA_DRAFTER_DEFAULTS.model;
    this.numCtx = settings.numCtx ?? OLLAMA_DRAFTER_DEFAULTS.numCtx;
    this.timeoutMs = settings.timeoutMs ?? OLLAMA_DRAFTER_DEFAULTS.timeoutMs;
    this.keepAlive = settings.keepAlive;
    this.concurrency = Math.max(1, settings.concurrency ?? OLLAMA_DRAFTER_DEFAULTS.concurrency);
  }

  async draft(parts: DraftPartInput[], signal?: AbortSignal): Promise<DraftPart[]> {
    // One part failing for a transport reason stops its siblings instead of waiting for them.
    const siblings = new AbortController();
    const shared = signal ? AbortSignal.any([signal, siblings.signal]) : siblings.signal;
    try {
      return await mapConcurrently(parts, this.concurrency, (part) => this.draftPart(part, shared));
    } catch (error) {
      siblings.abort();
      throw error;
    }
  }

  health(signal?: AbortSignal): Promise<ComponentHealth> {
    return ollamaModelHealth(this.host, this.model, this.timeoutMs, signal);
  }

  private async draftPart(part: DraftPartInput, signal: AbortSignal): Promise<DraftPart> {
    if (part.passages.length === 0) return { index: part.index, abstained: true, claims: [] };
    const { host, model } = this;
    const response = await withOllama(
      {
        host,
        model,
        timeoutMs: this.timeoutMs,
        signal,
        unavailable: (message, cause) => new GeneratorUnavailableError(message, { cause }),
      },
      (client) =>
        client.chat({
          model,
          messages: buildDraftMessages(part),
          stream: false,
          format: draftOutputJsonSchema(part.passages.map((passage) => passage.localId)),
          options: { temperature: 0, num_ctx: this.numCtx },
          ...(this.keepAlive === undefined ? {} : { keep_alive: this.keepAlive }),
        }),
    );
    return readDraftReply(part.index, chatResponseSchema.safeParse(response).data?.message.content);
  }
}

/** Turns the model's reply text into a part: claims, an abstention, or a plain error. */
export function readDraftReply(index: number, content: string | undefined): DraftPart {
  if (content === undefined) return { index, abstained: false, claims: [], error: UNREADABLE_JSON_MESSAGE };
  const parsed = parseLenientJson(content);
  const fixups = parsed.fixups.length > 0 ? { fixups: [...parsed.fixups] } : {};
  if (!parsed.ok) return { index, abstained: false, claims: [], error: UNREADABLE_JSON_MESSAGE, ...fixups };
  const draft = draftOutputSchema.safeParse(parsed.value);
  if (!draft.success) return { index, abstained: false, claims: [], error: UNEXPECTED_SHAPE_MESSAGE, ...fixups };
  const claims = draft.data.abstain ? [] : draft.data.claims;
  return { index, abstained: claims.length === 0, claims, ...fixups };
}

/** Builds the Ollama drafter from settings. */
export function createOllamaDrafter(settings: OllamaDrafterSettings): OllamaDrafter {
  return new OllamaDrafter(settings);
}
