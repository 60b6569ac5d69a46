import { AppError, type ErrorBody } from "@audited-rag/core";

/** The one code → HTTP status table. Codes not listed are server faults (500). */
const statusByCode: Record<string, number> = {
  INVALID_REQUEST: 400,
  AUTH_REQUIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN_REFUSED: 403,
  SETUP_UNAVAILABLE: 403,
  CONFLICT: 409,
  HOST_NOT_ALLOWED: 421,
  RATE_LIMITED: 429,
  EMPTY_FILE: 400,
  JEV_MODE_NOT_ALLOWED: 400,
  NOT_FOUND: 404,
  NO_DOCUMENTS: 409,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  PDF_ENCRYPTED: 422,
  PDF_NO_TEXT: 422,
  PDF_UNREADABLE: 422,
  PDF_TOO_COMPLEX: 422,
  UPLOAD_TIMEOUT: 408,
  SERVER_BUSY: 503,
  INGEST_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  VECTOR_STORE_UNAVAILABLE: 503,
  EMBEDDER_UNAVAILABLE: 503,
  GENERATOR_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
  STORAGE_ERROR: 507,
};

/** Fastify's own error codes that are the client's fault. */
const fastifyCodes: Record<string, { code: string; status: number; message?: string }> = {
  FST_REQ_FILE_TOO_LARGE: { code: "FILE_TOO_LARGE", status: 413 },
  // JSON bodies (asks) have their own, much smaller limit than uploads.
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: "BODY_TOO_LARGE",
    status: 413,
    message: "The request body is larger than the 1 MB the server accepts for JSON",
  },
  FST_ERR_BAD_URL: { code: "INVALID_REQUEST", status: 400, message: "The URL is not valid (bad percent-encoding)" },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: "URI_TOO_LONG",
    status: 414,
    message: "A part of the URL is longer than the server accepts",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "INVALID_REQUEST",
    status: 400,
    message: "The Content-Length header does not match the body",
  },
  FST_PARTS_LIMIT: { code: "INVALID_REQUEST", status: 400, message: "Too many parts in the upload" },
  FST_FILES_LIMIT: { code: "INVALID_REQUEST", status: 400, message: "Send one file per upload" },
  FST_FIELDS_LIMIT: { code: "INVALID_REQUEST", status: 400, message: "Too many form fields in the upload" },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: "INVALID_REQUEST",
    status: 400,
    message: "Send the PDF as multipart/form-data in the field 'file'",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA",
    status: 415,
    message: "Unsupported content type: send JSON to /api/ask and multipart/form-data to /api/documents",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "INVALID_REQUEST", status: 400, message: "The body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "INVALID_REQUEST", status: 400, message: "The body is empty" },
};

export interface MappedError {
  status: number;
  body: ErrorBody;
  /** True for server faults whose details belong in the log only. */
  internal: boolean;
}

/** Maps any thrown value to a status and the contract's error body; 5xx messages stay generic. */
export function mapError(error: unknown, maxUploadBytes: number): MappedError {
  if (error instanceof AppError) {
    const status = statusByCode[error.code] ?? 500;
    // Unlisted codes are faults of ours; listed 5xx codes carry plain messages we wrote (e.g. "Qdrant is not reachable").
    if (status === 500) return internalError();
    return { status, body: { error: { code: error.code, message: error.message } }, internal: false };
  }
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const full = diskFull(error);
  if (full) return full;
  const known = fastifyCodes[code];
  if (known) {
    const message =
      known.code === "FILE_TOO_LARGE"
        ? `The file is larger than the ${formatMegabytes(maxUploadBytes)} upload limit`
        : (known.message ?? "Bad request");
    return { status: known.status, body: { error: { code: known.code, message } }, internal: false };
  }
  const statusCode =
    typeof error === "object" && error !== null && "statusCode" in error ? Number(error.statusCode) : 500;
  if (statusCode >= 400 && statusCode < 500) {
    const message = error instanceof Error ? error.message : "Bad request";
    return { status: statusCode, body: { error: { code: "INVALID_REQUEST", message } }, internal: false };
  }
  return internalError();
}

/** SQLite and the file system say "disk full" in their own words; the client hears it plainly. */
function diskFull(error: unknown): MappedError | undefined {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code !== "SQLITE_FULL" && code !== "ENOSPC" && code !== "EDQUOT") return undefined;
  return {
    status: 507,
    body: {
      error: { code: "INSUFFICIENT_STORAGE", message: "The server has no disk space left; free some and retry" },
    },
    internal: false,
  };
}

function internalError(): MappedError {
  return {
    status: 500,
    body: { error: { code: "INTERNAL_ERROR", message: "Something went wrong on the server; see its log" } },
    internal: true,
  };
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
