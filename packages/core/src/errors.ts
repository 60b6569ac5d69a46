/**
 * Typed failures shared by every package. Each has a stable `code`; the server maps
 * codes to HTTP statuses in one table (apps/server/src/error-status.ts).
 */
export abstract class AppError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class UnsupportedMediaError extends AppError {
  readonly code = "UNSUPPORTED_MEDIA";
}
export class FileTooLargeError extends AppError {
  readonly code = "FILE_TOO_LARGE";
}
export class EmptyFileError extends AppError {
  readonly code = "EMPTY_FILE";
}
export class PdfEncryptedError extends AppError {
  readonly code = "PDF_ENCRYPTED";
}
export class PdfNoTextError extends AppError {
  readonly code = "PDF_NO_TEXT";
}
export class PdfUnreadableError extends AppError {
  readonly code = "PDF_UNREADABLE";
}
export class NotFoundError extends AppError {
  readonly code = "NOT_FOUND";
}
export class InvalidRequestError extends AppError {
  readonly code = "INVALID_REQUEST";
}
export class JevModeNotAllowedError extends AppError {
  readonly code = "JEV_MODE_NOT_ALLOWED";
}
export class NoDocumentsError extends AppError {
  readonly code = "NO_DOCUMENTS";
}
export class VectorStoreUnavailableError extends AppError {
  readonly code = "VECTOR_STORE_UNAVAILABLE";
}
export class EmbedderUnavailableError extends AppError {
  readonly code = "EMBEDDER_UNAVAILABLE";
}
export class GeneratorUnavailableError extends AppError {
  readonly code = "GENERATOR_UNAVAILABLE";
}
export class UpstreamTimeoutError extends AppError {
  readonly code = "UPSTREAM_TIMEOUT";
}
export class StorageError extends AppError {
  readonly code = "STORAGE_ERROR";
}
/** The process that owns ingestion cannot take the request now (it is restarting); the client may retry. */
export class IngestUnavailableError extends AppError {
  readonly code = "INGEST_UNAVAILABLE";
}
export class AuthRequiredError extends AppError {
  readonly code = "AUTH_REQUIRED";
}
export class InvalidCredentialsError extends AppError {
  readonly code = "INVALID_CREDENTIALS";
}
export class ForbiddenError extends AppError {
  readonly code = "FORBIDDEN";
}
export class CrossOriginError extends AppError {
  readonly code = "CROSS_ORIGIN_REFUSED";
}
export class HostNotAllowedError extends AppError {
  readonly code = "HOST_NOT_ALLOWED";
}
export class SetupUnavailableError extends AppError {
  readonly code = "SETUP_UNAVAILABLE";
}
export class ConflictError extends AppError {
  readonly code = "CONFLICT";
}
/** A PDF whose streams decode to more bytes, or whose text makes more passages, than the configured caps. */
export class PdfTooComplexError extends AppError {
  readonly code = "PDF_TOO_COMPLEX";
}
/** Too many requests from one user (or address) within the rate-limit window. */
export class RateLimitedError extends AppError {
  readonly code = "RATE_LIMITED";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** The server is at its limit of concurrent uploads; the client should retry shortly. */
export class ServerBusyError extends AppError {
  readonly code = "SERVER_BUSY";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** Less free disk space than the configured reserve, or a write that hit a full disk. */
export class InsufficientStorageError extends AppError {
  readonly code = "INSUFFICIENT_STORAGE";
}
/** An upload that stopped sending bytes for longer than the idle timeout. */
export class UploadTimeoutError extends AppError {
  readonly code = "UPLOAD_TIMEOUT";
}
