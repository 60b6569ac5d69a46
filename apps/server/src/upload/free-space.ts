import { statfs } from "node:fs/promises";
import { InsufficientStorageError } from "@audited-rag/core";

/** Bytes available to this (unprivileged) process on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/**
 * Refuses an upload (507) when receiving it would leave less than `reserveBytes` free, so
 * the database keeps room for the writes that finish or fail other work cleanly.
 */
export async function assertFreeSpace(dir: string, reserveBytes: number, incomingBytes: number): Promise<void> {
  if (reserveBytes <= 0) return;
  const available = await freeBytes(dir);
  if (available - incomingBytes < reserveBytes) {
    const megabytes = (bytes: number) => Math.max(0, Math.floor(bytes / (1024 * 1024)));
    throw new InsufficientStorageError(
      `The server is low on disk space (${megabytes(available)} MB free, ${megabytes(reserveBytes)} MB kept in reserve); ` +
        "uploads are refused until space is freed.",
    );
  }
}
