import { describe, expect, it } from "vitest";
import { HashGate, TooManySignInsError } from "./hash-gate";

describe("HashGate", () => {
  it("runs at most `concurrency` jobs at once and refuses beyond the queue", async () => {
    const gate = new HashGate(2, 3);
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      gate.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        return "done";
      });
    const accepted = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toBeInstanceOf(TooManySignInsError);
    for (let round = 0; round < 10 && releases.length > 0; round++) {
      for (const release of releases.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(accepted)).resolves.toEqual(Array(5).fill("done"));
    expect(peak).toBe(2);
    // The gate is free again afterwards.
    await expect(gate.run(async () => 1)).resolves.toBe(1);
  });
});
