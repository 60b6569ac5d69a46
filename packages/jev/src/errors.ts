import { AppError } from "@audited-rag/core";

/** The auditor cannot be built from the given settings (missing key, bad threshold…). */
export class JevConfigurationError extends AppError {
  readonly code = "JEV_NOT_CONFIGURED";
}

/**
 * The TypeSafe API could not be reached or dropped the connection. The message names only
 * the low-level error code (e.g. `ECONNRESET`), never headers, bodies or the key.
 */
export class JevConnectionError extends AppError {
  readonly code = "JEV_CONNECTION_FAILED";
}

/** A request was cancelled through its AbortSignal before a reply was read. */
export class JevRequestAbortedError extends AppError {
  readonly code = "JEV_REQUEST_ABORTED";
}
