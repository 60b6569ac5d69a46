import type { AppError } from "@audited-rag/core";
import { isNetworkFailure } from "../network-failure";

/** What a failed Ollama call is about, for plain-language messages. */
export interface OllamaFailureContext {
  host: string;
  model: string;
  /** Builds the typed error for this adapter, e.g. `EmbedderUnavailableError`. */
  unavailable: (message: string, cause: unknown) => AppError;
}

/** The HTTP status of an error thrown by the `ollama` client (its ResponseError is not exported). */
function responseStatus(error: unknown): number | undefined {
  if (error instanceof Error && error.name === "ResponseError") {
    const status = (error as Error & { status_code?: unknown }).status_code;
    if (typeof status === "number") return status;
  }
  return undefined;
}

/** True when Ollama refused an input longer than the model's context (sent with `truncate: false`). */
export function isContextLengthFailure(error: unknown): boolean {
  return error instanceof Error && responseStatus(error) !== undefined && /context length/i.test(error.message);
}

/**
 * Turns anything the `ollama` client throws into one typed error with a message an operator
 * can act on. Timeouts and caller aborts are handled by the caller before this is reached.
 */
export function describeOllamaFailure(error: unknown, context: OllamaFailureContext): AppError {
  const { host, model } = context;
  const status = responseStatus(error);
  if (status !== undefined && error instanceof Error) {
    if (status === 404 && /not found/i.test(error.message)) {
      return context.unavailable(
        `The model "${model}" is not available on Ollama at ${host}; run \`ollama pull ${model}\` there.`,
        error,
      );
    }
    if (status === 401 || status === 403) {
      return context.unavailable(`Ollama at ${host} refused the request (HTTP ${status}).`, error);
    }
    // Ollama's own error text stays on `cause` (logged), never in a message a client can see.
    return context.unavailable(`Ollama at ${host} answered HTTP ${status}.`, error);
  }
  if (isNetworkFailure(error)) {
    return context.unavailable(`Ollama at ${host} is not reachable.`, error);
  }
  return context.unavailable(`Ollama at ${host} sent an answer that could not be read.`, error);
}
