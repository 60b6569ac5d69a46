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
/** The process that owns ingestion is not there (restarting after a crash, or shutting down). */
export class IngestUnavailableError extends AppError {
  readonly code = "INGEST_UNAVAILABLE";
}
