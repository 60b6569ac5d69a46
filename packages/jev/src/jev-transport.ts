/** One Choice question as the TypeSafe API expects it. */
export interface JevChoiceQuestion {
  type: "choice";
  /** What to decide; our prompt puts the claim here. */
  instructions: string;
  /** Option name → one-line description. */
  criteria: Record<string, string>;
}

/** The body of `POST /v1/systemone` (wire contract of `@typesafe-ai/sdk` 0.6.0). */
export interface JevRequestBody {
  model: string;
  /** Text or JSON the questions are asked about. */
  state: unknown;
  questions: Record<string, JevChoiceQuestion>;
}

/** What came back from one `POST /v1/systemone`, before any validation. */
export interface JevReply {
  /** HTTP status code. */
  status: number;
  /** The `x-typesafe-request-id` header, or null when absent or empty. */
  requestId: string | null;
  /**
   * The parsed JSON body of a 2xx reply, unchecked. `undefined` when the body was not JSON
   * or the status was not 2xx: error bodies are discarded unread so they cannot leak.
   */
  body: unknown;
}

/** What came back from `GET /v1/models`. */
export interface JevModelsReply {
  status: number;
  /** Model names listed by a 2xx reply, or null when the status or body was unusable. */
  models: string[] | null;
}

/**
 * Talks to Jev over HTTP. Adapters only move bytes: they neither validate answers nor apply
 * policy, and they never put the API key or a provider body into an error.
 */
export interface JevTransport {
  /**
   * Sends one judgment request. Resolves for every HTTP status (check `status`); rejects
   * with `JevConnectionError` when no reply arrives and `JevRequestAbortedError` when
   * `signal` aborts first.
   */
  systemOne(body: JevRequestBody, signal?: AbortSignal): Promise<JevReply>;
  /** Lists the available models without spending tokens; rejects like `systemOne`. */
  listModels(signal?: AbortSignal): Promise<JevModelsReply>;
  /** Releases pooled connections. */
  close(): Promise<void>;
}
