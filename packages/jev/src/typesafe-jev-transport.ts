import { Agent, type Dispatcher, request } from "undici";
import { JevConnectionError, JevRequestAbortedError } from "./errors";
import type { JevModelsReply, JevReply, JevRequestBody, JevTransport } from "./jev-transport";
import { parseModelList } from "./response-schema";

export const DEFAULT_TYPESAFE_BASE_URL = "https://api.typesafe.ai";
/** A judgment reply is a few hundred bytes; a megabyte is generous and still cheap to hold. */
export const DEFAULT_MAX_REPLY_BYTES = 1024 * 1024;

export interface TypeSafeJevTransportOptions {
  /** Default https://api.typesafe.ai; a path prefix is kept. */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer <key>`; omitted when absent (e.g. a local fake server). */
  apiKey?: string | undefined;
  /** Largest reply body read, in bytes (default 1 MiB); a longer body is abandoned and treated as not JSON. */
  maxReplyBytes?: number;
  /** An undici dispatcher to use instead of the transport's own keep-alive agent (tests). */
  dispatcher?: Dispatcher;
}

/** JevTransport over undici with a keep-alive connection pool. */
export class TypeSafeJevTransport implements JevTransport {
  readonly #baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #maxReplyBytes: number;

  constructor(options: TypeSafeJevTransportOptions = {}) {
    this.#baseUrl = (options.baseUrl ?? DEFAULT_TYPESAFE_BASE_URL).replace(/\/+$/, "");
    this.#apiKey = options.apiKey || undefined;
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    // Keep-alive matters: a question part fans out several requests to one origin at once.
    this.#dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
  }

  async systemOne(body: JevRequestBody, signal?: AbortSignal): Promise<JevReply> {
    const response = await this.#send("POST", "/v1/systemone", JSON.stringify(body), signal);
    const requestId = headerValue(response.headers["x-typesafe-request-id"]);
    const parsed = await this.#readJson(response, signal);
    return { status: response.statusCode, requestId, body: parsed };
  }

  async listModels(signal?: AbortSignal): Promise<JevModelsReply> {
    const response = await this.#send("GET", "/v1/models", undefined, signal);
    const parsed = await this.#readJson(response, signal);
    return { status: response.statusCode, models: parseModelList(parsed) };
  }

  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  async #send(
    method: "GET" | "POST",
    path: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.#apiKey) headers.authorization = `Bearer ${this.#apiKey}`;
    try {
      return await request(`${this.#baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: signal ?? null,
        dispatcher: this.#dispatcher,
      });
    } catch (error) {
      throw translate(error, signal);
    }
  }

  /** Reads a 2xx JSON body; anything else is drained unread so provider text never travels further. */
  async #readJson(response: Dispatcher.ResponseData, signal: AbortSignal | undefined): Promise<unknown> {
    try {
      if (response.statusCode < 200 || response.statusCode > 299) {
        await response.body.dump();
        return undefined;
      }
      const text = await readCapped(response.body, this.#maxReplyBytes);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    } catch (error) {
      throw translate(error, signal);
    }
  }
}

/**
 * The body as text, or undefined once it passes `maxBytes` (the rest is not read: the
 * connection is dropped), so an oversized reply costs at most `maxBytes` of memory.
 */
async function readCapped(body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    length += buffer.length;
    if (length > maxBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, length).toString("utf8");
}

function translate(error: unknown, signal: AbortSignal | undefined): Error {
  if (signal?.aborted) return new JevRequestAbortedError("The Jev request was cancelled");
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "unknown";
  return new JevConnectionError(`The TypeSafe API could not be reached (${code})`);
}

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first : null;
}
