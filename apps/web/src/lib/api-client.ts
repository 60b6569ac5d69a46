import { errorBodySchema } from "@audited-rag/core";

/** Anything with a zod-like `parse`: the web app validates every response against the core schemas. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A failed API call: the server's `{error: {code, message}}`, or a transport failure with a code of our own. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/** Builds the typed error for a non-2xx answer; bodies that are not the contract shape keep only the status. */
export function toApiError(status: number, bodyText: string): ApiError {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(bodyText));
    if (parsed.success) return new ApiError(status, parsed.data.error.code, parsed.data.error.message);
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): fall through to the generic error.
  }
  return new ApiError(status, `HTTP_${status}`, `The server answered with status ${status}.`);
}

/** Fired on window when the server says the session is gone, so the app can show the sign-in page. */
export const authRequiredEvent = "audited-rag:auth-required";

/** Tells the app that the server no longer knows who we are (session expired, signed out elsewhere). */
export function reportIfSignedOut(error: ApiError): ApiError {
  if (error.status === 401 && error.code === "AUTH_REQUIRED") window.dispatchEvent(new Event(authRequiredEvent));
  return error;
}

export function networkError(): ApiError {
  return new ApiError(0, "NETWORK_ERROR", "The server could not be reached.");
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }
  if (!response.ok) throw reportIfSignedOut(toApiError(response.status, await response.text()));
  return response;
}

/** Sends a request and validates the JSON answer with `parser`. */
export async function apiRequest<T>(path: string, parser: ResponseParser<T>, init: RequestInit = {}): Promise<T> {
  const response = await send(path, init);
  let body: unknown;
  try {
    body = await response.json();
    return parser.parse(body);
  } catch {
    throw new ApiError(response.status, "INVALID_RESPONSE", "The server's answer did not have the expected shape.");
  }
}

/** Sends a request whose success carries no body (e.g. `204`). */
export async function apiRequestNoContent(path: string, init: RequestInit = {}): Promise<void> {
  await send(path, init);
}

/** JSON body helper for POST requests. */
export function jsonBody(value: unknown): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(value) };
}
