import { copyFile, open, rename, rm } from "node:fs/promises";

/** Moves a file, copying when source and target sit on different file systems. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    // Copy beside the target first so a crash never leaves a half-written file under the final name.
    const partial = `${to}.partial`;
    await copyFile(from, partial);
    await rename(partial, to);
    await rm(from, { force: true });
  }
}

/** Removes a file; a missing file is not an error. */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** The first and last `length` bytes of a file (overlapping for small files). */
export async function readHeadAndTail(path: string, length: number): Promise<{ head: Uint8Array; tail: Uint8Array }> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(length, size));
    const tail = new Uint8Array(Math.min(length, size));
    await handle.read(head, 0, head.length, 0);
    await handle.read(tail, 0, tail.length, size - tail.length);
    return { head, tail };
  } finally {
    await handle.close();
  }
}
