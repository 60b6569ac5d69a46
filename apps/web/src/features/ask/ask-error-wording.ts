import type { ApiError } from "../../lib/api-client";

export interface ErrorWording {
  summary: string;
  /** The server's own message when it adds something to the summary. */
  detail: string | null;
}

function plainSummary(error: ApiError): string | null {
  switch (error.code) {
    case "NO_DOCUMENTS":
      return "There are no ready documents to search yet. Upload a PDF, wait until it shows Ready, then ask again.";
    case "GENERATOR_UNAVAILABLE":
      return "The answer generator is not reachable right now (for example, Ollama is not running). Try again when it is up.";
    case "EMBEDDER_UNAVAILABLE":
      return "The embedding service is not reachable, so the documents cannot be searched right now.";
    case "VECTOR_STORE_UNAVAILABLE":
      return "The search index is not reachable right now.";
    case "UPSTREAM_TIMEOUT":
      return "A service needed for the answer took too long. Try again, perhaps with a shorter question.";
    case "JEV_MODE_NOT_ALLOWED":
      return "The server does not allow that support-check mode for this question.";
    case "NETWORK_ERROR":
      return "The server could not be reached. Check the connection and try again.";
    case "INVALID_RESPONSE":
      return "The server's answer could not be read.";
    default:
      return error.status === 503 ? "A service the answer needs is unavailable right now. Try again later." : null;
  }
}

/** Plain words for a failed question; unknown failures show the server's message as text. */
export function describeAskError(error: ApiError): ErrorWording {
  const summary = plainSummary(error);
  if (summary === null) return { summary: error.message, detail: null };
  return { summary, detail: error.message && error.message !== summary ? error.message : null };
}
