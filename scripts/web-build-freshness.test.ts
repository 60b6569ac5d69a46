import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webBuildIsStale } from "./web-build-freshness";

describe("webBuildIsStale", () => {
  let root: string;
  const write = (relative: string, secondsAgo: number) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "x");
    const when = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(file, when, when);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "web-build-"));
    write("apps/web/index.html", 100);
    write("apps/web/src/main.tsx", 100);
    write("packages/core/src/answer.ts", 100);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("is stale without a build, fresh after one, stale again when a source changes", () => {
    expect(webBuildIsStale(root).stale).toBe(true);
    write("apps/web/dist/index.html", 50);
    expect(webBuildIsStale(root)).toEqual({ stale: false, reason: "the built web app is up to date" });
    write("packages/core/src/answer.ts", 10);
    expect(webBuildIsStale(root).stale).toBe(true);
  });

  it("is stale when the viewer's pdf.js worker was edited after the build", () => {
    write("apps/web/dist/index.html", 50);
    write("node_modules/pdfjs-dist/build/pdf.worker.min.mjs", 10);
    expect(webBuildIsStale(root).stale).toBe(true);
  });

  it("ignores changes to tests beside the code", () => {
    write("apps/web/dist/index.html", 50);
    write("apps/web/src/feature.test.ts", 1);
    expect(webBuildIsStale(root).stale).toBe(false);
  });
});
