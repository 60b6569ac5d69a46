import { VectorStoreUnavailableError } from "@audited-rag/core";
import { isNetworkFailure } from "../network-failure";

/** The HTTP status and Qdrant's own error text of a failed call, when there was an answer. */
export function qdrantStatus(error: unknown): { status: number; text?: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { status, data } = error as Error & { status?: unknown; data?: unknown };
  if (typeof status !== "number") return undefined;
  const text = (data as { status?: { error?: unknown } } | undefined)?.status?.error;
  return { status, text: typeof text === "string" ? text : undefined };
}

/** True when Qdrant refused to create a collection because it exists (409 since 1.8, 400 before). */
export function isAlreadyExists(error: unknown): boolean {
  const answer = qdrantStatus(error);
  return answer !== undefined && (answer.status === 409 || /already exists/i.test(answer.text ?? ""));
}

/**
 * One typed error with a plain message for anything the Qdrant client throws.
 * `origin` is the configured URL without credentials, e.g. `http://qdrant:6333`.
 */
export function describeQdrantFailure(error: unknown, origin: string): VectorStoreUnavailableError {
  const answer = qdrantStatus(error);
  if (answer) {
    // Qdrant's own error text stays on `cause` (logged), never in a message a client can see.
    const { status } = answer;
    if (status === 401 || status === 403) {
      return new VectorStoreUnavailableError(`Qdrant at ${origin} rejected the API key (HTTP ${status}).`, {
        cause: error,
      });
    }
    if (status === 429)
      return new VectorStoreUnavailableError(`Qdrant at ${origin} is overloaded (HTTP 429).`, { cause: error });
    if (status >= 500) {
      return new VectorStoreUnavailableError(`Qdrant at ${origin} failed (HTTP ${status}); its log has the details.`, {
        cause: error,
      });
    }
    return new VectorStoreUnavailableError(
      `Qdrant at ${origin} refused the request (HTTP ${status}); its log has the details.`,
      {
        cause: error,
      },
    );
  }
  if (error instanceof Error && error.name === "QdrantClientResourceExhaustedError") {
    return new VectorStoreUnavailableError(`Qdrant at ${origin} is overloaded (HTTP 429).`, { cause: error });
  }
  if (isNetworkFailure(error)) {
    return new VectorStoreUnavailableError(`Qdrant at ${origin} is not reachable.`, { cause: error });
  }
  return new VectorStoreUnavailableError(`Qdrant at ${origin} gave an answer that could not be read.`, {
    cause: error,
  });
}
