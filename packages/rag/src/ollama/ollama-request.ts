import { UpstreamTimeoutError } from "@audited-rag/core";
import { Ollama } from "ollama";
import { describeOllamaFailure, type OllamaFailureContext } from "./ollama-failure";

export interface OllamaRequestOptions extends OllamaFailureContext {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Maps a failure before the generic mapping, e.g. an over-long embedding input. */
  describe?: (error: unknown) => Error | undefined;
}

/** The reason a caller's abort carries, or a standard AbortError when it has none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/**
 * Runs one call on a fresh `Ollama` client. The client forwards an abort signal only for
 * streamed requests and its `abort()` stops every stream it owns, so each request gets its
 * own client whose fetch carries this request's signal (caller abort or timeout).
 */
export async function withOllama<T>(options: OllamaRequestOptions, call: (client: Ollama) => Promise<T>): Promise<T> {
  const { signal: callerSignal, timeoutMs, host } = options;
  if (callerSignal?.aborted) throw abortReason(callerSignal);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  const client = new Ollama({
    host,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal }),
  });
  try {
    return await call(client);
  } catch (error) {
    if (callerSignal?.aborted) throw abortReason(callerSignal);
    if (timeout.aborted) {
      throw new UpstreamTimeoutError(`Ollama at ${host} did not answer within ${timeoutMs} ms.`, { cause: error });
    }
    throw options.describe?.(error) ?? describeOllamaFailure(error, options);
  }
}

/** Ollama treats a name without a tag as `:latest`. */
export function sameOllamaModel(a: string, b: string): boolean {
  const withTag = (name: string) => (name.includes(":") ? name : `${name}:latest`);
  return withTag(a) === withTag(b);
}
