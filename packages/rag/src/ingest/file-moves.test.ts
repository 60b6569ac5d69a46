import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { moveFile, readHeadAndTail, removeFile } from "./file-moves";

const work = mkdtempSync(join(tmpdir(), "rag-files-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** /dev/shm is a separate file system on Linux, which makes rename fail with EXDEV. */
function otherFileSystem(): string | undefined {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return statSync("/dev/shm").dev === statSync(work).dev ? undefined : "/dev/shm";
  } catch {
    return undefined;
  }
}

describe("file moves", () => {
  it("moves within a file system and removes quietly", async () => {
    const from = join(work, "a");
    writeFileSync(from, "bytes");
    await moveFile(from, join(work, "b"));
    expect(existsSync(from)).toBe(false);
    expect(readFileSync(join(work, "b"), "utf8")).toBe("bytes");
    await removeFile(join(work, "b"));
    await removeFile(join(work, "b"));
    expect(existsSync(join(work, "b"))).toBe(false);
  });

  it.skipIf(!otherFileSystem())("copies across file systems without leaving a partial file", async () => {
    const from = mkdtempSync(join(otherFileSystem() ?? "", "rag-files-"));
    writeFileSync(join(from, "upload"), "across");
    await moveFile(join(from, "upload"), join(work, "moved"));
    expect(readFileSync(join(work, "moved"), "utf8")).toBe("across");
    expect(existsSync(join(from, "upload"))).toBe(false);
    expect(existsSync(join(work, "moved.partial"))).toBe(false);
    rmSync(from, { recursive: true, force: true });
  });

  it("rethrows other rename failures", async () => {
    await expect(moveFile(join(work, "missing"), join(work, "x"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("reads head and tail, overlapping for small files", async () => {
    const path = join(work, "sniff");
    writeFileSync(path, "0123456789");
    expect(await readHeadAndTail(path, 4)).toEqual({
      head: new Uint8Array(Buffer.from("0123")),
      tail: new Uint8Array(Buffer.from("6789")),
    });
    const small = await readHeadAndTail(path, 100);
    expect(Buffer.from(small.head).toString()).toBe("0123456789");
    expect(Buffer.from(small.tail).toString()).toBe("0123456789");
  });
});
