import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCorpusDir } from "./eval-app";

describe("defaultCorpusDir", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "corpus-dir-"));
    await mkdir(path.join(root, "shared/corpus"), { recursive: true });
    await mkdir(path.join(root, "main/.git/worktrees/eval"), { recursive: true });
    await mkdir(path.join(root, "wt/eval"), { recursive: true });
    await writeFile(path.join(root, "wt/eval/.git"), `gitdir: ${path.join(root, "main/.git/worktrees/eval")}\n`);
    await mkdir(path.join(root, "lonely/repo/.git"), { recursive: true });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("is ../shared/corpus beside the checkout", () => {
    expect(defaultCorpusDir(path.join(root, "main"))).toBe(path.join(root, "shared/corpus"));
  });

  it("is the main checkout's ../shared/corpus for a git worktree", () => {
    expect(defaultCorpusDir(path.join(root, "wt/eval"))).toBe(path.join(root, "shared/corpus"));
  });

  it("stays ../shared/corpus, absent, when nothing is found", () => {
    expect(defaultCorpusDir(path.join(root, "lonely/repo"))).toBe(path.join(root, "lonely/shared/corpus"));
  });
});
