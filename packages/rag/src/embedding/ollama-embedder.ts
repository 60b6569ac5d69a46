import { type ComponentHealth, EmbedderUnavailableError } from "@audited-rag/core";
import { z } from "zod";
import { isContextLengthFailure } from "../ollama/ollama-failure";
import { ollamaModelHealth } from "../ollama/ollama-model-health";
import { withOllama } from "../ollama/ollama-request";
import type { Embedder } from "./embedder";

/** Settings of {@link OllamaEmbedder}; the server fills them from its config. */
export interface OllamaEmbedderSettings {
  /** Base URL of Ollama, e.g. `http://127.0.0.1:11434` (OLLAMA_HOST). */
  host: string;
  /** Embedding model (RAG_EMBED_MODEL); default `nomic-embed-text`. */
  model?: string;
  /** How long Ollama keeps the model loaded after a request, e.g. `5m` (RAG_OLLAMA_KEEP_ALIVE). */
  keepAlive?: string | number;
  /** Limit for one `/api/embed` request in milliseconds (RAG_EMBED_TIMEOUT_MS); default 60 000. */
  timeoutMs?: number;
  /** Texts per `/api/embed` request; default 32. */
  batchSize?: number;
}

export const OLLAMA_EMBEDDER_DEFAULTS = { model: "nomic-embed-text", timeoutMs: 60_000, batchSize: 32 } as const;

const embedResponseSchema = z.object({ embeddings: z.array(z.array(z.number())) });

/** Text used to learn the vector size when nothing has been embedded yet. */
const DIMENSION_PROBE = "dimension probe";

/**
 * Dense vectors from Ollama's batched `POST /api/embed`. Sends `truncate: false` so an
 * over-long chunk is refused instead of silently cut, and learns the vector size from the
 * first answer.
 */
export class OllamaEmbedder implements Embedder {
  readonly model: string;
  private readonly host: string;
  private readonly keepAlive: string | number | undefined;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  private knownDimension: number | undefined;

  constructor(settings: OllamaEmbedderSettings) {
    this.host = settings.host;
    this.model = settings.model ?? OLLAMA_EMBEDDER_DEFAULTS.model;
    this.keepAlive = settings.keepAlive;
    this.timeoutMs = settings.timeoutMs ?? OLLAMA_EMBEDDER_DEFAULTS.timeoutMs;
    this.batchSize = Math.max(1, settings.batchSize ?? OLLAMA_EMBEDDER_DEFAULTS.batchSize);
  }

  /** Vector size once any text has been embedded, otherwise undefined. */
  get detectedDimension(): number | undefined {
    return this.knownDimension;
  }

  /** Vector size of the model, asking Ollama once with a short probe when still unknown. */
  async dimension(signal?: AbortSignal): Promise<number> {
    if (this.knownDimension === undefined) await this.embed([DIMENSION_PROBE], signal);
    return this.knownDimension as number;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      vectors.push(...(await this.embedBatch(texts.slice(start, start + this.batchSize), signal)));
    }
    return vectors;
  }

  health(signal?: AbortSignal): Promise<ComponentHealth> {
    return ollamaModelHealth(this.host, this.model, this.timeoutMs, signal);
  }

  private async embedBatch(input: string[], signal: AbortSignal | undefined): Promise<number[][]> {
    const { host, model } = this;
    const unavailable = (message: string, cause?: unknown) => new EmbedderUnavailableError(message, { cause });
    const response = await withOllama(
      {
        host,
        model,
        timeoutMs: this.timeoutMs,
        signal,
        unavailable,
        describe: (error) =>
          isContextLengthFailure(error)
            ? unavailable(
                `A chunk is longer than the context of the embedding model "${model}"; Ollama at ${host} refused it rather than truncating it.`,
                error,
              )
            : undefined,
      },
      (client) =>
        client.embed({
          model,
          input,
          truncate: false,
          ...(this.keepAlive === undefined ? {} : { keep_alive: this.keepAlive }),
        }),
    );
    const parsed = embedResponseSchema.safeParse(response);
    if (!parsed.success || parsed.data.embeddings.length !== input.length) {
      throw unavailable(`Ollama at ${host} returned embeddings that do not match the ${input.length} texts sent.`);
    }
    for (const vector of parsed.data.embeddings) this.checkDimension(vector.length);
    return parsed.data.embeddings;
  }

  private checkDimension(length: number): void {
    if (length > 0) this.knownDimension ??= length;
    if (length !== this.knownDimension) {
      throw new EmbedderUnavailableError(
        `The embedding model "${this.model}" returned a vector of ${length} numbers where ${this.knownDimension} were expected.`,
      );
    }
  }
}

/** Builds the Ollama embedder from settings. */
export function createOllamaEmbedder(settings: OllamaEmbedderSettings): OllamaEmbedder {
  return new OllamaEmbedder(settings);
}
