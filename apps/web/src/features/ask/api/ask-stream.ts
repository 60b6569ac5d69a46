import { type AskRequest, type AskResponse, type AskStreamEvent, askStreamEventSchema } from "@audited-rag/core";
import { ApiError, jsonBody, networkError, toApiError } from "../../../lib/api-client";

/** Every event but the final answer or error, which end the call instead. */
export type AskProgressEvent = Exclude<AskStreamEvent, { type: "answer" } | { type: "error" }>;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * `POST /api/ask/stream`: reports each event as it arrives and resolves with the stored
 * answer. Aborting `signal` closes the connection, which cancels the server's work.
 */
export async function askStream(
  request: AskRequest,
  onEvent: (event: AskProgressEvent) => void,
  signal?: AbortSignal,
): Promise<AskResponse> {
  const init = jsonBody(request);
  let response: Response;
  try {
    response = await fetch("/api/ask/stream", {
      ...init,
      headers: { ...init.headers, accept: "application/x-ndjson" },
      ...(signal && { signal }),
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  if (!response.ok) throw toApiError(response.status, await response.text());
  if (!response.body) throw new ApiError(response.status, "INVALID_RESPONSE", "The server sent no progress.");

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw new DOMException("The question was cancelled.", "AbortError");
      throw networkError();
    }
    if (chunk.done) break;
    buffered += chunk.value;
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
      if (line === "") continue;
      const event = parseEvent(line, response.status);
      if (event.type === "answer") return event.answer;
      if (event.type === "error") throw new ApiError(0, event.error.code, event.error.message);
      onEvent(event);
    }
  }
  throw new ApiError(0, "INCOMPLETE_ANSWER", "The server stopped before the answer was complete.");
}

function parseEvent(line: string, status: number): AskStreamEvent {
  try {
    return askStreamEventSchema.parse(JSON.parse(line));
  } catch {
    throw new ApiError(status, "INVALID_RESPONSE", "The server's answer did not have the expected shape.");
  }
}
