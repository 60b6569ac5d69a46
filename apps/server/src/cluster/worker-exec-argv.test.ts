import { describe, expect, it } from "vitest";
import { ownerSemiSpaceMb, workerExecArgv } from "./worker-exec-argv";

describe("workerExecArgv", () => {
  it("gives the owner a small nursery after the primary's own options", () => {
    expect(workerExecArgv("owner", ["--import", "tsx"])).toEqual([
      "--import",
      "tsx",
      `--max-semi-space-size=${ownerSemiSpaceMb}`,
    ]);
  });

  it("leaves a relay with the primary's options", () => {
    expect(workerExecArgv("relay", ["--import", "tsx"])).toEqual(["--import", "tsx"]);
  });

  it("keeps a nursery size the operator chose, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv("owner", ["--max-semi-space-size=32"])).toEqual(["--max-semi-space-size=32"]);
    expect(workerExecArgv("owner", ["--max-semi-space-size", "32"])).toEqual(["--max-semi-space-size", "32"]);
    expect(workerExecArgv("owner", [], "--enable-source-maps --max-semi-space-size=8")).toEqual([]);
    expect(workerExecArgv("owner", [], "--enable-source-maps")).toEqual([`--max-semi-space-size=${ownerSemiSpaceMb}`]);
  });
});
