import { tmpdir } from "node:os";
import { InsufficientStorageError } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { assertFreeSpace, freeBytes } from "./free-space";

describe("assertFreeSpace", () => {
  it("passes with room to spare, and refuses with a plain message when the reserve would be touched", async () => {
    const free = await freeBytes(tmpdir());
    expect(free).toBeGreaterThan(0);
    await expect(assertFreeSpace(tmpdir(), 1, 0)).resolves.toBeUndefined();
    await expect(assertFreeSpace(tmpdir(), 0, Number.MAX_SAFE_INTEGER)).resolves.toBeUndefined();
    const refused = assertFreeSpace(tmpdir(), free + 1024 ** 3, 0);
    await expect(refused).rejects.toBeInstanceOf(InsufficientStorageError);
    await expect(refused).rejects.toThrow(/low on disk space \(\d+ MB free, \d+ MB kept in reserve\)/);
  });
});
