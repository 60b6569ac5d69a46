import { InsufficientStorageError } from "@audited-rag/core";

/** A full disk (SQLite or the file system) as the plain 507 a user should see; other errors as `fallback`. */
export function diskFullOr(fallback: unknown, error: unknown = fallback): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === "SQLITE_FULL" || code === "ENOSPC" || code === "EDQUOT") {
    return new InsufficientStorageError("The server ran out of disk space while storing this document.", {
      cause: error,
    });
  }
  return fallback;
}
