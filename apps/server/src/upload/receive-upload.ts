import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  EmptyFileError,
  FileTooLargeError,
  InsufficientStorageError,
  InvalidRequestError,
  StorageError,
} from "@audited-rag/core";
import type { MultipartFile } from "@fastify/multipart";
import { idleTimeout } from "./idle-timeout";

/** An upload on disk, hashed on the way in. */
export interface ReceivedUpload {
  tempPath: string;
  filename: string;
  sha256: string;
  bytes: number;
}

/**
 * Streams one multipart file to a temporary file while hashing it, so large uploads
 * never sit in memory. The temporary file is removed on any failure.
 */
export async function receiveUpload(
  file: MultipartFile | undefined,
  options: { tempDir: string; maxBytes: number; idleTimeoutMs?: number },
): Promise<ReceivedUpload> {
  if (!file) throw new InvalidRequestError("Send the PDF as multipart/form-data in the field 'file'");
  if (file.fieldname !== "file") {
    file.file.resume();
    throw new InvalidRequestError(`Expected the field 'file', got '${file.fieldname}'`);
  }
  await mkdir(options.tempDir, { recursive: true }).catch((error: unknown) => {
    throw storageFailure(error);
  });
  const tempPath = path.join(options.tempDir, `${randomUUID()}.upload`);
  const hash = createHash("sha256");
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    const stages = options.idleTimeoutMs ? [idleTimeout(options.idleTimeoutMs), hashing] : [hashing];
    await pipeline([file.file, ...stages, createWriteStream(tempPath, { flags: "wx" })]);
    if (file.file.truncated) {
      throw new FileTooLargeError(`The file is larger than the ${options.maxBytes / (1024 * 1024)} MB upload limit`);
    }
    const { size } = await stat(tempPath);
    if (size === 0) throw new EmptyFileError("The file is empty");
    return { tempPath, filename: cleanFilename(file.filename), sha256: hash.digest("hex"), bytes: size };
  } catch (error) {
    await rm(tempPath, { force: true });
    throw storageFailure(error);
  }
}

// Errors of the data folder itself (disk full, not writable, a file where a folder should be), not of the upload.
const storageErrnos = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM", "ENOTDIR", "EEXIST", "EISDIR"]);

/** Turns a failure to write the data folder into a StorageError (507) with a plain message; other errors pass. */
function storageFailure(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined || !storageErrnos.has(code)) return error;
  if (code === "ENOSPC" || code === "EDQUOT") {
    return new InsufficientStorageError("The server has no disk space left to receive the upload.", { cause: error });
  }
  return new StorageError("The server cannot write to its data folder.", { cause: error });
}

// Bidirectional embeddings, overrides, isolates and marks: U+202E makes "fdp.exe" display as "exe.pdf".
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Keeps the base name only, without control or bidi characters, so it is safe to show and store. */
export function cleanFilename(name: string | undefined): string {
  const base = path
    .basename((name ?? "").replaceAll("\\", "/"))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(bidiControls, "");
  const trimmed = base.trim().slice(0, 255);
  return trimmed === "" ? "document.pdf" : trimmed;
}
